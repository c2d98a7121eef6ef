"""Perft on a local Ray equals the single-machine count, and resumes from a
checkpoint. Skipped only where Ray cannot be installed."""

import json

import pytest

import plygames
import plygames.distributed

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_perft_equals_local_count(local_ray, tmp_path):
    checkpoint = tmp_path / "perft.jsonl"
    seen = []
    nodes = plygames.distributed.perft("checkers", 9, checkpoint=str(checkpoint),
                                       progress=lambda d, t, n: seen.append((d, t, n)))
    assert nodes == plygames.perft("checkers", 9) == 3963680
    assert seen[-1] == (seen[-1][1], seen[-1][1], nodes)
    lines = checkpoint.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["subtrees"] == len(lines) - 1 == len(plygames.split("checkers", 2))


def test_ray_perft_resumes_from_a_checkpoint(local_ray, tmp_path):
    checkpoint = tmp_path / "resume.jsonl"
    fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    full = plygames.distributed.perft("chess", 3, fen=fen, checkpoint=str(checkpoint))
    assert full == 97862
    lines = checkpoint.read_text().splitlines()
    # Keep half the finished subtrees, with a wrong count in one of them: a
    # resumed run must trust the file and count only the missing ones.
    kept = lines[: 1 + (len(lines) - 1) // 2]
    entry = json.loads(kept[1])
    entry["nodes"] += 1000
    kept[1] = json.dumps(entry)
    checkpoint.write_text("\n".join(kept) + "\n")
    assert plygames.distributed.perft("chess", 3, fen=fen, checkpoint=str(checkpoint)) == full + 1000
    with pytest.raises(ValueError, match="another run"):
        plygames.distributed.perft("chess", 2, fen=fen, checkpoint=str(checkpoint))
