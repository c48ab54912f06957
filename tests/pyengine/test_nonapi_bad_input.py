"""Bad input: each kind of mistake gets exactly one line on stderr naming the file,
the line, the field path and what was expected; exit code 2; never a traceback, never a
silent default. Each case is a one-change twin of fixtures/valid/anthem-bears.yaml."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine.cli import main
from pyengine.errors import ScenarioError, UnsupportedQuery
from pyengine.scenario.files import MAX_FILE_BYTES
from pyengine.scenario.loader import load_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"

# case -> (line, field path, words that say what was expected)
CASES = {
    "malformed-yaml": (11, "turn", "expected ',' or '}'"),
    "unknown-field": (13, "objects[0].tapd", "unknown field 'tapd'; expected one of: abilities"),
    "unknown-card": (13, "objects[0].card", "unknown card 'Grizzly Bear'"),
    "dangling-id": (17, "query.objects[0]", "dangling object id 'bear'"),
    "duplicate-id": (14, "objects[1].id", "duplicate object id 'bears'"),
    "wrong-type": (14, "objects[1].timestamp", "expected a timestamp, got string 'two'"),
    # clingo's integers have 32 bits: this one reached clingo.Number and was a traceback
    "integer-too-large": (14, "objects[1].timestamp",
                          "expected a timestamp from 0 to 1000000, got 3000000000"),
    "timestamp-clash": (14, "objects[1].timestamp", "timestamp 1 clashes with object 'bears'"),
    "unsupported-query": (15, "players", "the game engine plays two-player games; this one has 3"),
    "impossible-subtype": (14, "objects[1].subtypes", "Goblin is a creature type, so the object must be a "
                           "Creature or Kindred (CR 205.3d)"),
}


def _file(case: str) -> Path:
    return FIXTURES / "invalid" / f"{case}.yaml"


def _assert_located(line_text: str, case: str) -> None:
    line, path, expected = CASES[case]
    where = f"{_file(case)}:{line}: {path}: "
    assert line_text.startswith(where), f"{line_text!r} does not start with {where!r}"
    assert expected in line_text
    assert "Traceback" not in line_text and "\n" not in line_text


def test_every_case_has_a_fixture_and_only_one_change() -> None:
    valid = (FIXTURES / "valid" / "anthem-bears.yaml").read_text().splitlines()
    files = sorted(p.stem for p in (FIXTURES / "invalid").glob("*.yaml"))
    assert files == sorted(CASES)
    for case in CASES:
        bad = _file(case).read_text().splitlines()
        changed = [i for i, (a, b) in enumerate(zip(valid, bad, strict=True)) if a != b]
        # line 1 is the comment naming the twin; one or two lines of content changed
        assert 1 <= len([i for i in changed if i > 0]) <= 2, case


@pytest.mark.parametrize("case", sorted(CASES))
def test_loader_raises_one_located_scenario_error(case: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load_file(_file(case))
    err = info.value
    assert err.file == str(_file(case))
    assert (err.line, err.path) == CASES[case][:2]
    _assert_located(str(err), case)


def test_unsupported_query_is_its_own_error_class() -> None:
    with pytest.raises(UnsupportedQuery):
        load_file(_file("unsupported-query"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_solve_prints_one_line_and_exits_2(case: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "pyengine", "solve", str(_file(case))],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    _assert_located(lines[0], case)


@pytest.mark.parametrize("command", ["solve", "facts"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_in_process_one_line_exit_2(case: str, command: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main([command, str(_file(case))], stdout=out, stderr=err) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1
    _assert_located(lines[0], case)
    assert out.getvalue() == ""


def test_cli_check_reports_each_bad_file_on_one_line_and_exits_2() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["check", "--jobs", "2", str(FIXTURES / "invalid")], stdout=out, stderr=err)
    assert code == 2
    lines = out.getvalue().splitlines()
    errors = [line for line in lines if line.startswith("ERROR")]
    assert len(errors) == len(CASES)
    for case in CASES:
        (line,) = [x for x in errors if f"{_file(case)}:" in x]
        _assert_located(re.sub(r"^ERROR\s+", "", line), case)
    assert lines[-1] == f"0 passed, {len(CASES)} failed"


# Found by a hand-made bad-input hunt (session 8): each was an internal error or worse.
_BASE = (Path(__file__).resolve().parent / "fixtures" / "valid" / "anthem-bears.yaml").read_text()


@pytest.mark.parametrize("old,new,words", [
    ("{id: bears, card: Grizzly Bears,", "{id: bears, name: B, types: [Creature], power: 2, toughness: 2, "
     "mana_cost: '{²}',", "unknown mana symbol {²}"),
    ("{id: bears, card: Grizzly Bears,", "{id: bears, name: B, types: [Creature], power: 2, toughness: 2, "
     "mana_cost: '{99999999999}',", "at most 1000000 generic mana"),
])
def test_bad_mana_is_a_located_input_error(old: str, new: str, words: str) -> None:
    from pyengine.scenario.loader import load_text

    with pytest.raises(ScenarioError) as err:
        load_text(_BASE.replace(old, new, 1), "m.yaml")
    assert str(err.value).startswith("m.yaml:") and words in str(err.value)


def test_yaml_nested_too_deeply_is_one_line() -> None:
    from pyengine.scenario.loader import load_text

    deep = "id: x\nt: " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(ScenarioError) as err:
        load_text(deep, "deep.yaml")
    assert str(err.value).startswith("deep.yaml:") and "\n" not in str(err.value)
    assert len(str(err.value)) < 400


def test_facts_header_keeps_the_id_on_its_comment_line(tmp_path: Path) -> None:
    # the scenario id is user text: it must not end the comment and add a rule to the dump
    bad = tmp_path / "f.yaml"
    bad.write_text(_BASE.replace("id: fixtures/anthem-bears", 'id: "fixtures/x\\ninjected(1).\\n%"'))
    out, err = io.StringIO(), io.StringIO()
    code = main(["facts", str(bad)], stdout=out, stderr=err)
    if code == 0:  # an id with a line break may be refused; if not, it stays in the comment
        assert not any(line.startswith("injected") for line in out.getvalue().splitlines())


def test_graph_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(["graph", str(FIXTURES / "valid" / "anthem-bears.yaml"), "-o",
                 str(tmp_path / "no" / "such" / "g.dot")], stdout=out, stderr=err)
    assert code == 2 and len(err.getvalue().splitlines()) == 1 and "can't write the file" in err.getvalue()


def test_an_expression_beyond_32_bit_arithmetic_is_refused() -> None:
    # found by the bad-input hunt: 1,000,000 x 1,000,000 x 5 wrapped around to 658067457
    from pyengine.scenario.loader import load_text

    text = _BASE.replace("  - {id: anthem, card: Glorious Anthem, controller: alice, timestamp: 2}",
                         "  - {id: anthem, card: Glorious Anthem, controller: alice, timestamp: 2}\n"
                         "effects:\n  - {id: e, set_pt: {power: {times: [1000000, {times: [1000000, 5]}]}, "
                         "toughness: 1}, affected: [bears], controller: alice, timestamp: 3}")
    with pytest.raises(ScenarioError) as err:
        load_text(text, "o.yaml")
    assert "effects[0].set_pt.power: this expression can reach about 5,000,000,000,000" in str(err.value)


def test_a_replacement_factor_must_be_a_small_positive_whole_number() -> None:
    # found by the bad-input hunt: times: -2 was accepted; half: false still halved
    from pyengine.lang.effects import Ctx
    from pyengine.lang.ops_replacement import parse_alternative
    from pyengine.lang.yamlread import Cursor

    ctx = Ctx(players=("alice", "bob"))
    for bad, words in (({"amount": {"times": -2}}, "expected a factor >= 1"),
                       ({"amount": {"times": 11}}, "expected a factor from 1 to 10"),
                       ({"amount": {"half": False}}, "expected true")):
        with pytest.raises(ScenarioError, match=words):
            parse_alternative(Cursor(bad, "", None, None), ctx)


def _solve_cli(path: Path, seconds: float = 60) -> subprocess.CompletedProcess[str]:
    """``pyengine solve PATH`` in a subprocess; a hang fails the test instead of hanging it (the
    bound is generous: starting Python on a loaded machine can take seconds)."""
    try:
        return subprocess.run([sys.executable, "-m", "pyengine", "solve", "--timeout", "5", str(path)],
                              capture_output=True, text=True, timeout=seconds, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pyengine solve {path} still running after {seconds} s")


def test_a_yaml_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    # found by the bad-input hunt: 40 nested aliases in an expression ("billion laughs") stand
    # for 2^40 nodes, which the effect parser walked: solve never ended
    expr = "&e0 1"
    for i in range(1, 40):
        expr = f"&e{i} {{sum: [{expr}, *e{i - 1}]}}"
    bomb = tmp_path / "bomb.yaml"
    effect = "{id: e, set_pt: {power: " + expr + ", toughness: 1}, affected: [bears], controller: alice, " \
             "timestamp: 3}"
    bomb.write_text(_BASE.replace("query:", f"effects:\n  - {effect}\nquery:", 1))
    proc = _solve_cli(bomb)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"{bomb}:16: effects[0]: YAML aliases (*e0) are not supported: " \
                          "write the value out\n"


def _special_file(kind: str, tmp_path: Path) -> Path:
    if kind == "device":  # the machines pyengine runs on (Linux, CI) have both
        return Path("/dev/zero")
    if kind == "fifo":
        os.mkfifo(tmp_path / "fifo.yaml")
        return tmp_path / "fifo.yaml"
    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as fh:  # sparse: costs no disk
        fh.truncate(MAX_FILE_BYTES + 1)
    return huge


@pytest.mark.parametrize("kind,words", [
    ("device", "cannot read file: not a regular file (a scenario is a YAML file)"),
    ("fifo", "cannot read file: not a regular file (a scenario is a YAML file)"),
    ("huge", "file too large: a scenario file has at most 10,000,000 bytes"),
])
def test_a_file_that_never_ends_or_is_huge_is_refused_at_once(kind: str, words: str, tmp_path: Path) -> None:
    # found by the bad-input hunt: solve /dev/zero filled the memory, solve FIFO waited forever
    from pyengine.scenario import runner

    path = _special_file(kind, tmp_path)
    proc = _solve_cli(path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"{path}: {words}\n"
    # check names it as an input error too (it said "no such file or folder" of a FIFO)
    (found,) = runner.discover([str(path)])
    outcome = runner.run_file(found)
    assert outcome.error_kind == "input" and outcome.message == f"{path}: {words}"


def test_a_combat_list_limit_has_an_upper_bound() -> None:
    # found by the bad-input hunt: list_limit: 1000000 on forty attackers outlasted a 5 s limit by 20 s
    from pyengine.scenario.loader import load_text

    text = (FIXTURES.parent.parent.parent / "scenarios" / "combat" / "attack"
            / "battle-protector-rules.yaml").read_text()
    text = text.replace("  protectors: {siege-a: bob, siege-b: alice}\n",
                        "  protectors: {siege-a: bob, siege-b: alice}\n  list_limit: 1000000\n")
    with pytest.raises(ScenarioError) as err:
        load_text(text, "c.yaml")
    assert str(err.value) == ("c.yaml:20: query.list_limit: expected a number of declarations "
                              "from 1 to 10000, got 1000000")
