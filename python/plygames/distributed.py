"""Perft on Ray: the tree below a position cut into subtrees, each counted
by a Ray task that runs ply's Rust perft on its own threads.

    import plygames.distributed
    plygames.distributed.perft("checkers", 14, checkpoint="checkers14.jsonl")

Finished subtrees are appended to the ``checkpoint`` file (JSON lines) as
they come in, so a run that dies (a lost node, a reboot) resumes where it
stopped when called again with the same arguments and file. Ray is imported
only here (``pip install ray``); ``address=None`` starts or joins a local
Ray, ``address="ray://host:10001"`` or ``"auto"`` a cluster.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, Callable, Dict, List, Optional

from ._plygames import perft as _perft
from ._plygames import split as _split

__all__ = ["perft", "subtrees"]


def subtrees(game: str, plies: int, fen: Optional[str] = None) -> List[str]:
    """The positions ``plies`` plies below ``fen`` (the start position by
    default), one per move path, in the order the checkpoint numbers them."""
    return _split(game, plies, fen)


def _count(game: str, position: str, depth: int, threads: int) -> int:
    return _perft(game, depth, position, threads)


def _read_checkpoint(path: str, header: Dict[str, Any]) -> Dict[int, int]:
    """The finished subtrees of a checkpoint file, by index; writes the
    header to a new file."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(header) + "\n")
        return {}
    done = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    try:
        found = json.loads(lines[0])
    except (IndexError, json.JSONDecodeError) as e:
        raise ValueError(f"checkpoint {path!r} has no readable header: {e}") from None
    if found != header:
        raise ValueError(
            f"checkpoint {path!r} is for another run: {found} (this run: {header})")
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short when the run died
        done[int(entry["index"])] = int(entry["nodes"])
    return done


def perft(
    game: str,
    depth: int,
    fen: Optional[str] = None,
    address: Optional[str] = None,
    checkpoint: Optional[str] = None,
    split_plies: Optional[int] = None,
    threads_per_task: int = 1,
    progress: Optional[Callable[[int, int, int], None]] = None,
) -> int:
    """The perft count of ``game`` at ``depth`` from ``fen`` (the start
    position by default), the same number as ``ply perft``, counted by Ray
    tasks over the subtrees ``split_plies`` plies down (2 by default, at
    most ``depth``). Each task asks Ray for ``threads_per_task`` CPUs and
    counts on as many threads. ``progress(done, total, nodes)`` is called as
    subtrees finish (by default a line on stderr every few seconds).
    ``checkpoint``: a file keeping the finished subtrees (resume after a
    failure)."""
    import ray

    if depth < 0:
        raise ValueError("depth must be at least 0")
    plies = min(2 if split_plies is None else split_plies, depth)
    if plies < 0:
        raise ValueError("split_plies must be at least 0")
    positions = _split(game, plies, fen)
    total = len(positions)
    header = {"game": game, "depth": depth, "fen": fen, "split_plies": plies, "subtrees": total}
    done = _read_checkpoint(checkpoint, header) if checkpoint else {}
    if progress is None:
        progress = _stderr_progress()

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    task = ray.remote(num_cpus=threads_per_task, max_retries=3)(_count)
    pending = {
        task.remote(game, position, depth - plies, threads_per_task): index
        for index, position in enumerate(positions)
        if index not in done
    }
    nodes = sum(done.values())
    progress(len(done), total, nodes)
    out = open(checkpoint, "a", encoding="utf-8") if checkpoint else None
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=min(len(pending), 64), timeout=1.0)
            for ref in ready:
                index = pending.pop(ref)
                count = int(ray.get(ref))
                done[index] = count
                nodes += count
                if out:
                    out.write(json.dumps({"index": index, "nodes": count}) + "\n")
            if out and ready:
                out.flush()
                os.fsync(out.fileno())
            if ready:
                progress(len(done), total, nodes)
    finally:
        if out:
            out.close()
    return sum(done.values())


def _stderr_progress() -> Callable[[int, int, int], None]:
    start = time.monotonic()
    last = [0.0]

    def report(done: int, total: int, nodes: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 5.0:
            return
        last[0] = now
        rate = nodes / max(now - start, 1e-9)
        print(f"perft: {done}/{total} subtrees, {nodes} nodes, {rate / 1e6:.1f} Mnodes/s",
              file=sys.stderr)

    return report
