"""Perft and chess datagen on a local Ray equal the single-machine count and
file, and resume from a checkpoint. Skipped only where Ray cannot be
installed."""

import json
import os
import subprocess

import pytest

import plygames
import plygames.chess
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


# A few short games: 5 of seed 3 in shards of 2 (three Ray tasks).
DATAGEN = dict(seed=3, nodes=150, random_plies=6, adjudicate=600, max_plies=60)


def test_ray_datagen_equals_the_local_run(local_ray, tmp_path):
    local = tmp_path / "local.bin"
    plygames.chess.datagen(local, 5, threads=2, **DATAGEN)
    expected = local.read_bytes()
    assert len(expected) >= 5 * 32 and len(expected) % 32 == 0
    out = tmp_path / "ray.bin"
    seen = []
    report = plygames.distributed.datagen("chess", str(out), 5, shard_games=2,
                                          progress=lambda *a: seen.append(a), **DATAGEN)
    assert out.read_bytes() == expected
    assert report["shards"] == 3 and report["positions"] * 32 == len(expected)
    assert seen[0][:2] == (0, 3) and seen[-1] == (3, 3, seen[-1][2])
    # The progress file is the one run's: `ply train chess datagen` goes on from it.
    local_progress = json.loads((tmp_path / "local.bin.progress.json").read_text())
    assert json.loads((tmp_path / "ray.bin.progress.json").read_text()) == local_progress
    lines = (tmp_path / "ray.bin.shards" / "checkpoint.jsonl").read_text().splitlines()
    entries = sorted((json.loads(line) for line in lines[1:]), key=lambda e: e["shard"])
    assert [(e["first_game"], e["games"]) for e in entries] == [(0, 2), (2, 2), (4, 1)]
    # The shards are the games' files: the first is the start of the whole.
    shard0 = (tmp_path / "ray.bin.shards" / "shard-00000.bin").read_bytes()
    assert expected.startswith(shard0)
    with pytest.raises(FileExistsError):
        plygames.distributed.datagen("chess", str(out), 5, shard_games=2, **DATAGEN)
    # The command itself writes the same bytes, where the binary is at hand.
    ply = os.environ.get("PLY_BIN")
    if ply:
        cli = tmp_path / "cli.bin"
        subprocess.run([ply, "train", "chess", "datagen", "--out", str(cli), "--games", "5",
                        "--seed", "3", "--nodes", "150", "--random-plies", "6",
                        "--adjudicate", "600", "--max-plies", "60", "--threads", "1"],
                       check=True, capture_output=True)
        assert cli.read_bytes() == expected


def test_ray_datagen_resumes_from_its_checkpoint(local_ray, tmp_path):
    out = tmp_path / "data.bin"
    plygames.distributed.datagen("chess", str(out), 5, shard_games=2, **DATAGEN)
    expected = out.read_bytes()
    shards = tmp_path / "data.bin.shards"
    checkpoint = shards / "checkpoint.jsonl"
    lines = checkpoint.read_text().splitlines()
    # The run died before the merge, shard 1 unfinished, a line cut short at the end.
    out.unlink()
    (tmp_path / "data.bin.progress.json").unlink()
    kept = [lines[0]] + [line for line in lines[1:] if json.loads(line)["shard"] != 1]
    checkpoint.write_text("\n".join(kept) + "\n" + lines[-1][:10])
    (shards / "shard-00001.bin").unlink()
    untouched = (shards / "shard-00000.bin").stat()
    seen = []
    report = plygames.distributed.datagen("chess", str(out), 5, shard_games=2,
                                          progress=lambda *a: seen.append(a), **DATAGEN)
    assert out.read_bytes() == expected
    assert report["positions"] * 32 == len(expected)
    assert seen[0][:2] == (2, 3) and seen[-1][:2] == (3, 3), seen
    assert (shards / "shard-00000.bin").stat().st_mtime_ns == untouched.st_mtime_ns
    # Every shard done: only the merge is left.
    out.unlink()
    seen.clear()
    plygames.distributed.datagen("chess", str(out), 5, shard_games=2,
                                 progress=lambda *a: seen.append(a), **DATAGEN)
    assert out.read_bytes() == expected and seen == [(3, 3, seen[0][2])]
    out.unlink()
    # Another seed or settings: not this checkpoint's run.
    with pytest.raises(ValueError, match="another run"):
        plygames.distributed.datagen("chess", str(out), 5, shard_games=2,
                                     **{**DATAGEN, "seed": 4})
    # A shard file of the wrong size, or of the right size but not records.
    shard = shards / "shard-00002.bin"
    good = shard.read_bytes()
    shard.write_bytes(good[:-1])
    with pytest.raises(ValueError, match="shard-00002.bin holds"):
        plygames.distributed.datagen("chess", str(out), 5, shard_games=2, **DATAGEN)
    shard.write_bytes(b"\xff" * len(good))
    with pytest.raises(ValueError, match="shard-00002.bin"):
        plygames.distributed.datagen("chess", str(out), 5, shard_games=2, **DATAGEN)
    assert not out.exists()


def test_ray_datagen_refuses_bad_arguments_before_starting(tmp_path):
    out = str(tmp_path / "bad.bin")
    for kwargs, message in [
        (dict(game="othello"), "chess only"),
        (dict(games=0), "games must be"),
        (dict(shard_games=0), "shard_games"),
        (dict(nodes=0), "--nodes must be at least 1"),
        (dict(depth=30), "--depth 30"),
        (dict(max_plies=5), "--max-plies 5"),
    ]:
        args = {"game": "chess", "out": out, "games": 3, **kwargs}
        with pytest.raises(ValueError, match=message):
            plygames.distributed.datagen(**args)
    assert not os.path.exists(out) and not os.path.exists(out + ".shards")
