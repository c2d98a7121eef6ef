"""ply on Ray: perft, the tree below a position cut into subtrees, each
counted by a Ray task that runs ply's Rust perft on its own threads; and
chess's training data (``ply train chess datagen``), the games cut into
shards, each played by a Ray task, merged into one file at the end.

    import plygames.distributed
    plygames.distributed.perft("checkers", 14, checkpoint="checkers14.jsonl")
    plygames.distributed.datagen("chess", "data.bin", 100000, seed=1, nodes=5000)

Finished subtrees (shards) are appended to a checkpoint file (JSON lines)
as they come in, so a run that dies (a lost node, a reboot) resumes where it
stopped when called again with the same arguments and file. Ray is imported
only here (``pip install ray``); ``address=None`` starts or joins a local
Ray, ``address="ray://host:10001"`` or ``"auto"`` a cluster (whose workers
have plygames installed).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from typing import Any, Callable, Dict, List, Optional, TextIO, Tuple

from ._plygames import chess_datagen as _chess_datagen
from ._plygames import chess_merge as _chess_merge
from ._plygames import perft as _perft
from ._plygames import split as _split

__all__ = ["datagen", "perft", "subtrees"]


def subtrees(game: str, plies: int, fen: Optional[str] = None) -> List[str]:
    """The positions ``plies`` plies below ``fen`` (the start position by
    default), one per move path, in the order the checkpoint numbers them."""
    return _split(game, plies, fen)


def _count(game: str, position: str, depth: int, threads: int) -> int:
    return _perft(game, depth, position, threads)


def _read_checkpoint(path: str, header: Dict[str, Any]) -> Dict[int, int]:
    """The finished subtrees of a checkpoint file, by index; writes the
    header to a new file."""
    done = {}
    for entry in _checkpoint_entries(path, header):
        try:
            done[int(entry["index"])] = int(entry["nodes"])
        except (KeyError, TypeError, ValueError):
            continue
    return done


def _append_to(path: str) -> TextIO:
    """The checkpoint file ``path`` open for appending entries, on a line of
    their own after a last line cut short."""
    cut = False
    with open(path, "rb") as f:
        if f.seek(0, os.SEEK_END) > 0:
            f.seek(-1, os.SEEK_END)
            cut = f.read(1) != b"\n"
    log = open(path, "a", encoding="utf-8")
    if cut:
        log.write("\n")
    return log


def _checkpoint_entries(path: str, header: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The entries (JSON objects, one a line) of a checkpoint file after its
    header, which must be ``header``; writes the header to a new file. A
    line cut short (the run died while writing it) is left out."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(header) + "\n")
        return []
    done = []
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
        if isinstance(entry, dict):
            done.append(entry)
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
        progress = _stderr_progress("perft", "subtrees", "nodes", 1e6)

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
    out = _append_to(checkpoint) if checkpoint else None
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


def _stderr_progress(what: str, parts: str, items: str, unit: float
                     ) -> Callable[[int, int, int], None]:
    start = time.monotonic()
    last = [0.0]

    def report(done: int, total: int, count: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < 5.0:
            return
        last[0] = now
        rate = count / max(now - start, 1e-9) / unit
        scale = "M" if unit == 1e6 else ""
        print(f"{what}: {done}/{total} {parts}, {count} {items}, {rate:.1f} {scale}{items}/s",
              file=sys.stderr)

    return report


def _play_shard(first_game: int, games: int, seed: int, options: Dict[str, Any],
                book_text: Optional[str], threads: int) -> Tuple[bytes, Dict[str, Any]]:
    """A Ray task: games ``first_game..first_game + games`` of ``seed``
    played into a file of the worker's own, returned as its bytes with the
    run's report (so that no filesystem is shared with the driver)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="plygames-datagen-") as tmp:
        book = None
        if book_text is not None:
            book = os.path.join(tmp, "book.epd")
            with open(book, "w", encoding="utf-8") as f:
                f.write(book_text)
        path = os.path.join(tmp, "shard.bin")
        report = json.loads(_chess_datagen(
            path, games, seed, first_game, options["nodes"], options["depth"],
            options["random_plies"], book, options["max_opening_score"],
            options["adjudicate"], options["max_plies"], threads, max(1, min(32, games))))
        with open(path, "rb") as f:
            data = f.read()
    return data, report


def _write_atomically(path: str, data: bytes) -> None:
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def datagen(
    game: str,
    out: str,
    games: int,
    seed: int = 1,
    nodes: int = 5000,
    depth: Optional[int] = None,
    random_plies: int = 8,
    book: Optional[str] = None,
    max_opening_score: int = 500,
    adjudicate: int = 1000,
    max_plies: int = 300,
    shard_games: int = 100,
    address: Optional[str] = None,
    threads_per_task: int = 1,
    checkpoint: Optional[str] = None,
    progress: Optional[Callable[[int, int, int], None]] = None,
) -> Dict[str, Any]:
    """``ply train chess datagen`` on Ray: games ``0..games`` of ``seed``
    cut into shards of ``shard_games`` games, each played by a Ray task
    (``threads_per_task`` CPUs and threads) and written by this process to
    ``OUT.shards/shard-00042.bin`` (the tasks return their records: no
    shared filesystem is needed), then merged in shard order into ``out``,
    each position once. ``out`` holds exactly the records of ``ply train
    chess datagen --out OUT --games GAMES --seed SEED`` with the same
    options (a shard drops the repeats within it, the merge those across
    shards), and ``OUT.progress.json`` is that run's, so the command can go
    on with more games.

    The finished shards are appended to ``checkpoint`` (by default
    ``OUT.shards/checkpoint.jsonl``; a header with the settings, then one
    JSON line a shard): called again with the same arguments, a run that
    died plays only the shards missing (a shard whose file was deleted is
    played again). ``progress(shards_done, shards, positions)`` is called
    as shards finish (by default a line on stderr every few seconds).
    ``game`` must be ``"chess"``. Returns the report: ``games``,
    ``shards``, ``positions``, ``duplicates``, ...

    Raises ``ValueError`` for bad options (before Ray starts), a checkpoint
    of another run, or a shard file that is not what its checkpoint line
    says (wrong size, or records that are not marlinformat), and
    ``FileExistsError`` if ``out`` exists."""
    if game != "chess":
        raise ValueError(f"datagen is for chess only, not {game!r}")
    if games < 1:
        raise ValueError("games must be at least 1")
    if shard_games < 1:
        raise ValueError("shard_games must be at least 1")
    if threads_per_task < 1:
        raise ValueError("threads_per_task must be at least 1")
    out = os.fspath(out)
    if os.path.exists(out):
        raise FileExistsError(
            f"{out} exists: datagen writes a new file (move it away; finished shards "
            f"are kept in {out}.shards)")
    options: Dict[str, Any] = {
        "nodes": nodes, "depth": depth, "random_plies": random_plies,
        "max_opening_score": max_opening_score, "adjudicate": adjudicate,
        "max_plies": max_plies,
    }
    book_text = None
    if book is not None:
        with open(book, encoding="utf-8") as f:
            book_text = f.read()
    # The options checked by the Rust code (a run of no games), and the
    # progress file the one run would write.
    import tempfile

    with tempfile.TemporaryDirectory(prefix="plygames-datagen-") as tmp:
        probe = os.path.join(tmp, "probe.bin")
        _chess_datagen(probe, 0, seed, 0, nodes, depth, random_plies, book,
                       max_opening_score, adjudicate, max_plies, 1, 1)
        with open(probe + ".progress.json", encoding="utf-8") as f:
            run_progress: Dict[str, Any] = json.load(f)

    shards_dir = out + ".shards"
    os.makedirs(shards_dir, exist_ok=True)
    if checkpoint is None:
        checkpoint = os.path.join(shards_dir, "checkpoint.jsonl")
    header = {
        "datagen": "chess", "seed": seed, "shard_games": shard_games,
        "settings": run_progress["settings"], "settings_code": run_progress["settings_code"],
        "book_sha256": hashlib.sha256(book_text.encode()).hexdigest() if book_text else None,
    }
    plan = [(first, min(shard_games, games - first)) for first in range(0, games, shard_games)]

    def shard_path(index: int) -> str:
        return os.path.join(shards_dir, f"shard-{index:05}.bin")

    done: Dict[int, Dict[str, Any]] = {}
    for entry in _checkpoint_entries(checkpoint, header):
        try:
            index = int(entry["shard"])
            planned = index < len(plan) and plan[index] == (entry["first_game"], entry["games"])
            size = int(entry["bytes"])
        except (KeyError, TypeError, ValueError):
            continue
        if not planned or not os.path.exists(shard_path(index)):
            continue  # a shard of another length (more games now), or deleted: played again
        found = os.path.getsize(shard_path(index))
        if found != size:
            raise ValueError(
                f"shard file {shard_path(index)} holds {found} bytes, its line in "
                f"{checkpoint} says {size}: delete the file to play the shard again")
        done[index] = entry
    if progress is None:
        progress = _stderr_progress("datagen", "shards", "positions", 1.0)

    import ray

    if len(done) < len(plan):
        if not ray.is_initialized():
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        task = ray.remote(num_cpus=threads_per_task, max_retries=3)(_play_shard)
        pending = {
            task.remote(first, count, seed, options, book_text, threads_per_task): index
            for index, (first, count) in enumerate(plan)
            if index not in done
        }
    else:
        pending = {}
    positions = sum(int(entry["positions"]) for entry in done.values())
    progress(len(done), len(plan), positions)
    try:
        with _append_to(checkpoint) as log:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=min(len(pending), 16),
                                    timeout=1.0)
                for ref in ready:
                    index = pending.pop(ref)
                    data, report = ray.get(ref)
                    _write_atomically(shard_path(index), data)
                    first, count = plan[index]
                    entry = {"shard": index, "first_game": first, "games": count,
                             "positions": report["positions"],
                             "duplicates": report["duplicates"], "bytes": len(data)}
                    log.write(json.dumps(entry) + "\n")
                    done[index] = entry
                    positions += int(report["positions"])
                if ready:
                    log.flush()
                    os.fsync(log.fileno())
                    progress(len(done), len(plan), positions)
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise

    merged = json.loads(_chess_merge(out, [shard_path(i) for i in range(len(plan))]))
    duplicates = sum(int(entry["duplicates"]) for entry in done.values()) + merged["duplicates"]
    run_progress.update(games=games, positions=merged["positions"], duplicates=duplicates)
    _write_atomically(out + ".progress.json",
                      (json.dumps(run_progress, indent=2) + "\n").encode())
    return {
        "file": out, "games": games, "seed": seed, "shards": len(plan),
        "shard_games": shard_games, "positions": merged["positions"],
        "duplicates": duplicates, "duplicates_across_shards": merged["duplicates"],
        "shards_dir": shards_dir, "checkpoint": checkpoint,
    }
