"""Bounded inputs, no silent wrong answers: numbers stay within clingo's 32-bit integers or the
scenario is refused on one line (pyengine/lang/bounds.py); YAML 1.1's octal and sexagesimal
numbers are refused; a scenario's size is bounded; a query past its memory limit is reported
as out of memory (pyengine/hardlimit.py), never as an answer or an internal error."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine import hardlimit
from pyengine.errors import ScenarioError
from pyengine.lang import bounds
from pyengine.scenario import runner

REPO = Path(__file__).resolve().parents[2]

HEAD = """id: t/bounds
title: bounds
cr: ["122.1a"]
rationale: numbers near clingo's limits
players: [alice, bob]
turn: {active: alice}
"""
QUERY = """query: {kind: characteristics, objects: [bear], fields: [power, toughness]}
expect:
  bear: {power: 2, toughness: 2}
"""


def _bear(extra: str = "") -> str:
    return (f"objects:\n  - {{id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, "
            f"controller: alice, timestamp: 1{extra}}}\n")


def _pumps(count: int, amount: str) -> str:
    return "effects:\n" + "".join(
        f"  - {{id: e{i}, controller: alice, timestamp: {i + 10}, affected: [bear], "
        f"modify_pt: {{power: {amount}, toughness: 0}}}}\n" for i in range(count))


def _cli(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "pyengine", "solve", *extra, str(path)],
                          capture_output=True, text=True, env=env, timeout=300)


def _power(text: str) -> tuple[int, int]:
    answer = pe.solve(pe.loads(text, "t.yaml")).to_json()
    bear = answer["objects"]["bear"] if "objects" in answer else answer["bear"]
    return bear["power"], bear["toughness"]


# --- integers -----------------------------------------------------------------------------

def test_a_million_counter_is_computed_right() -> None:
    assert _power(HEAD + _bear(', counters: {"+1000000/+1000000": 1}') + QUERY) == (1_000_002, 1_000_002)


def test_a_thousand_million_counters_are_refused_not_wrapped() -> None:
    # 1,000 counters of +1000000/+1000000: power 1,000,000,002 (and 2,147 of them wrapped)
    text = HEAD + _bear(', counters: {"+1000000/+1000000": 3000}') + QUERY
    with pytest.raises(ScenarioError, match=r"^t.yaml:8: objects\[0\]\.counters: the counters add "
                                            r"3,000,000,000 to its power"):
        pe.loads(text, "t.yaml")


@pytest.mark.parametrize("kind", ["+99999999999/+1", "+1/-1000001", "-2147483648/+0"])
def test_a_counter_kind_past_the_limit_is_one_line_exit_2(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "k.yaml"
    path.write_text(HEAD + _bear(f', counters: {{"{kind}": 1}}') + QUERY)
    proc = _cli(path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"{path}:8: objects[0].counters.{kind}: expected a power/toughness "
                                  "counter whose numbers are at most 1,000,000")


def test_seventy_large_pumps_are_refused_not_wrapped() -> None:
    # 70 x 33,000,000 = 2,310,000,000: the layer engine answered power -1984967294
    text = HEAD + _bear() + _pumps(70, "{times: [1000000, 33]}") + QUERY
    with pytest.raises(ScenarioError, match=r"^t.yaml:\d+: effects\[\d+\]: the power and toughness "
                                            r"its effects can reach \(up to 2,312,000,000\) pass"):
        pe.loads(text, "t.yaml")


def test_twenty_million_pumps_are_computed_right() -> None:
    text = HEAD + _bear() + _pumps(20, "1000000") + QUERY
    assert bounds.check_state(pe.loads(text).state) <= bounds.CERTIFIED
    assert _power(text) == (20_000_002, 2)


def test_doubling_power_many_times_is_refused() -> None:
    # each "+X/+0 where X is its power" doubles it: 2 * 2^40 passes 2^31
    text = HEAD + _bear() + _pumps(40, "{power_of: bear}") + QUERY
    with pytest.raises(ScenarioError, match=r"the power and toughness its effects can reach"):
        pe.loads(text, "t.yaml")
    few = HEAD + _bear() + _pumps(3, "{power_of: bear}") + QUERY
    assert _power(few) == (16, 2)  # 2 -> 4 -> 8 -> 16 (CR 613.4c, in timestamp order)


def test_a_mana_value_past_the_limit_is_refused() -> None:
    cost = "{1000000}" * 3
    with pytest.raises(ScenarioError, match=r"objects\[0\]\.mana_cost: expected mana of at most 1000000"):
        pe.loads(HEAD + _bear(f', mana_cost: "{cost}"') + QUERY, "t.yaml")


# --- YAML 1.1 number forms ----------------------------------------------------------------

@pytest.mark.parametrize(("form", "what"), [("010", "an octal"), ("1:30", "a sexagesimal"),
                                            ("0x1F", "a hexadecimal"), ("0b11", "a binary"),
                                            ("1:30.5", "a sexagesimal")])
def test_octal_and_sexagesimal_numbers_are_refused(form: str, what: str) -> None:
    text = HEAD + _bear().replace("timestamp: 1}", f"timestamp: {form}}}") + QUERY
    with pytest.raises(ScenarioError, match=rf"^t.yaml:8: objects\[0\]\.timestamp: '{form}' is read "
                                            rf"by YAML 1.1 as {what} \(?"):
        pe.loads(text, "t.yaml")


def test_quoted_and_decimal_forms_still_read() -> None:
    text = HEAD + _bear().replace("timestamp: 1}", "timestamp: +1}") + QUERY
    assert pe.loads(text).state.objects[0].timestamp == 1
    with pytest.raises(ScenarioError, match=r"expected a timestamp, got string '010'"):
        pe.loads(HEAD + _bear().replace("timestamp: 1}", "timestamp: '010'}") + QUERY)


# --- size ---------------------------------------------------------------------------------

def _humility(count: int) -> str:
    objs = "".join(f"  - {{id: h{i}, card: Humility, controller: alice, timestamp: {i + 2}}}\n"
                   for i in range(count))
    return HEAD + _bear() + objs + QUERY


def test_ten_thousand_objects_are_refused_by_the_size_bound(tmp_path: Path) -> None:
    path = tmp_path / "humility.yaml"
    path.write_text(_humility(10_000))
    started = time.monotonic()
    proc = _cli(path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"{path}:7: objects: expected at most 2,000 objects, got 10,001\n"
    assert time.monotonic() - started < 60  # it took minutes and 5 GB


def test_two_thousand_objects_are_within_the_bound() -> None:
    doc = HEAD + "objects:\n" + "".join(
        f"  - {{id: o{i}, name: O, types: [Artifact], controller: alice, timestamp: {i}}}\n"
        for i in range(bounds.MAX_OBJECTS - 1)) + (
        f"  - {{id: bear, name: Bear, types: [Creature], power: 2, toughness: 2, controller: alice, "
        f"timestamp: {bounds.MAX_OBJECTS}}}\n") + QUERY
    assert len(pe.loads(doc).state.objects) == bounds.MAX_OBJECTS


# --- memory -------------------------------------------------------------------------------

PROBE = """id: probe/memory
title: probe that uses memory without bound
cr: ["100.1"]
rationale: Not a rules scenario; it exercises the memory limit.
players: [alice, bob]
turn: {active: alice}
query: {kind: probe, then: THEN}
expect: {objects: 0}
"""


def test_a_worker_over_its_memory_limit_is_out_of_memory(probe: Path, tmp_path: Path) -> None:
    """Python's MemoryError (allocate) and clingo's std::bad_alloc while grounding (clingo_hog)."""
    paths = []
    for then in ("allocate", "clingo_hog"):
        paths.append(tmp_path / f"{then}.yaml")
        paths[-1].write_text(PROBE.replace("THEN", then))
    vm = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines()
              if line.startswith("VmSize:")) // 1024
    limit = vm + 150  # MiB: this (forked) process's size now, and room to load and start
    for outcome in runner.run_many(paths, jobs=1, timeout=120, max_memory=limit):
        assert outcome.status == runner.Status.MEMORY, outcome
        assert outcome.message == f"out of memory (limit {limit} MiB)"
        assert not outcome.ok and outcome.answer_json is None
        # a line that reports a problem names the file
        assert outcome.line().startswith(f"MEMORY  probe/memory  ({outcome.file}, out of memory")


def test_out_of_memory_is_recognised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hardlimit, "_memory_limit_mib", None)
    assert hardlimit.is_out_of_memory(MemoryError("bad_alloc"))
    assert hardlimit.is_out_of_memory(RuntimeError("std::bad_alloc"))
    assert not hardlimit.is_out_of_memory(RuntimeError("probe exploded"))
    # the solver's timer thread finds no room for its stack under the limit
    assert not hardlimit.is_out_of_memory(RuntimeError("can't start new thread"))
    monkeypatch.setattr(hardlimit, "_memory_limit_mib", 64)
    assert hardlimit.is_out_of_memory(RuntimeError("can't start new thread"))


def test_solve_over_its_memory_limit_exits_4_with_one_line(tmp_path: Path) -> None:
    # 1,500 Humility copies: the layer engine's grounding still grows with their square (about
    # 450 MB resident without a limit; 1,000 copies, about 250 MB since a layer's first round
    # is grounded without trial application, came too close to the limit to be sure of
    # passing it: glibc aborted a thread's start, exit 127; 500 copies took about 130 MB since
    # selectors are matched once per group); it was "internal error: RuntimeError: can't
    # start new thread", exit 1, or whatever the machine's memory allowed
    path = tmp_path / "humility.yaml"
    path.write_text(_humility(1500))
    proc = _cli(path, "--max-memory", "256")
    assert proc.returncode == 4, proc.stderr
    assert proc.stderr == "pyengine: out of memory (limit 256 MiB)\n"
    assert proc.stdout == ""


def test_max_memory_is_checked() -> None:
    proc = subprocess.run([sys.executable, "-m", "pyengine", "solve", "--max-memory", "64", "x.yaml"],
                          capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert proc.returncode == 2
    assert "expected MiB from 256 to 1048576 (0: no limit), got '64'" in proc.stderr


def test_control_characters_quoted_in_a_message_keep_it_on_one_line() -> None:
    # found by the fuzz test: a player id "\ralice" was quoted raw, a carriage return in the line
    text = HEAD.replace("players: [alice, bob]", 'players: ["\\ralice", bob]').replace(
        "turn: {active: alice}", "turn: {active: carol}") + _bear() + QUERY
    with pytest.raises(ScenarioError) as info:
        pe.loads(text, "t.yaml")
    assert str(info.value) == ("t.yaml:6: turn.active: expected a player id: \\ralice, bob; "
                               "got string 'carol'")


def test_a_proposed_replacement_sequence_is_bounded() -> None:
    """Checking a proposed sequence grounds every step against every event: 1,000 steps took
    over 4 GB (found by the fuzz test); past MAX_SEQUENCE steps it is one line naming the field."""
    import yaml

    path = Path(__file__).resolve().parents[2] / "scenarios/replacement/voice-of-all-no-such-color.yaml"
    doc = yaml.safe_load(path.read_text())
    step = doc["query"]["sequence"][0]
    doc["query"]["sequence"] = [dict(step) for _ in range(bounds.MAX_SEQUENCE)]
    pe.loads(yaml.safe_dump(doc, sort_keys=False))  # at the bound: accepted
    doc["query"]["sequence"] = [dict(step) for _ in range(bounds.MAX_SEQUENCE + 1)]
    with pytest.raises(ScenarioError, match=r"query.sequence: a proposed sequence of at most 200 steps"):
        pe.loads(yaml.safe_dump(doc, sort_keys=False))
