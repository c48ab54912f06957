"""The command line's hard time limit (pyengine/hardlimit.py): clingo cannot interrupt
grounding, so a query whose grounding outlasts --timeout is ended by the process itself,
one line on stderr, exit code 3, instead of answering "timeout" only when grounding ends."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from pyengine import hardlimit


def _slow_board(path: Path, creatures: int = 100, anthems: int = 250) -> Path:
    """Anthems whose sets depend on power (each can depend on every other, CR 613.8a) on
    creatures: with 250 on 100, one layer-7c round grounds for about a minute on a 2-core
    machine; with 60 on 60, each of some 60 rounds takes about 0.1 s."""
    objects: list[dict[str, object]] = [
        {"id": f"c{i}", "card": "Grizzly Bears", "controller": "alice", "timestamp": i + 1}
        for i in range(creatures)]
    for j in range(anthems):
        objects.append({
            "id": f"e{j}", "name": f"Field {j}", "types": ["Enchantment"], "controller": "bob",
            "timestamp": creatures + 1 + j,
            "abilities": [{"text": f"Creatures with power {j % 5 + 1} or less get +1/+0.",
                           "static": {"affects": {"types": ["Creature"], "power": {"lte": j % 5 + 1}},
                                      "modify_pt": {"power": 1, "toughness": 0}}}]})
    doc = {"id": "probe/slow-grounding", "title": "a grounding longer than the time limit",
           "cr": ["613.8a"], "rationale": "CR 613.8a: each anthem's set depends on the others'.",
           "players": ["alice", "bob"], "turn": {"active": "alice"}, "objects": objects,
           "query": {"kind": "characteristics", "objects": ["c0"], "fields": ["power"]},
           "expect": {"c0": {"power": 2}}}
    file = path / "slow.yaml"
    file.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return file


@pytest.mark.parametrize("command", ["solve", "explain", "graph"])
def test_a_grounding_past_the_time_limit_ends_the_process(command: str, tmp_path: Path) -> None:
    board = _slow_board(tmp_path)
    extra = ["-o", str(tmp_path / "g.dot")] if command == "graph" else []
    # without the hard limit the process would only end when grounding does (about a
    # minute): the subprocess timeout turns that into a failure
    # a limit of 4 s leaves time, on a loaded machine, to start the process, read the board and
    # ask the layer's first round of the program without trial application (about 1 s: it finds
    # the layer sensitive), so the grounding of the round with trial application, not the
    # budget checked before it, is what runs past the limit
    done = subprocess.run([sys.executable, "-m", "pyengine", command, str(board), "--timeout", "4", *extra],
                          capture_output=True, text=True, timeout=45, check=False)
    assert done.returncode == hardlimit.EXIT_TIMEOUT, done.stderr
    assert done.stdout in ("", "probe/slow-grounding: a grounding longer than the time limit\n")
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("timeout: ")
    assert "did not finish within 4 s (stopped after 5 s:" in lines[0]


def test_a_library_caller_is_never_ended() -> None:
    # not enabled (only pyengine's own command line enables it): the block runs to its end
    assert not hardlimit._enabled
    began = time.monotonic()
    with hardlimit.guard(0.01, "a library call"):
        time.sleep(1.3)  # past 0.01 s + the 1 s grace
    assert time.monotonic() - began >= 1.3


def test_the_guard_is_cancelled_when_the_query_ends_in_time() -> None:
    # enabled in a child process: a query that ends in time leaves the process running
    code = ("import time; from pyengine import hardlimit; hardlimit.enable()\n"
            "with hardlimit.guard(0.01, 'q'): pass\n"
            "time.sleep(1.5); print('alive')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30,
                          check=False)
    assert done.returncode == 0 and done.stdout == "alive\n" and done.stderr == ""


def test_a_layer_timeout_names_the_whole_limit(tmp_path: Path) -> None:
    # each solver call gets what is left of the query's limit; the message gives the limit
    from pyengine.errors import SolverTimeout
    from pyengine.layers import compute
    from pyengine.scenario.loader import load_file

    scenario = load_file(_slow_board(tmp_path, 60, 60))
    with pytest.raises(SolverTimeout) as caught:
        compute(scenario.state, timeout=1.0)
    assert caught.value.seconds == 1.0
    assert str(caught.value).startswith("timeout: the layer engine")
    assert str(caught.value).endswith(" did not finish within 1 s")
