"""Disputed scenarios: ``disputed`` lists the acceptable readings, each a full expectation with
its reason and rules; the scenario passes when its answer matches one reading (and says which)
and fails otherwise. Bad ``disputed`` input is one located line, exit code 2."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import pyengine.api as pe
from pyengine.cli import main
from pyengine.scenario.runner import Status

FIXTURES = Path(__file__).resolve().parent / "fixtures"
VALID = (FIXTURES / "valid" / "anthem-bears.yaml").read_text(encoding="utf-8")
EXPECT = "expect:\n  bears: {power: 3, toughness: 3}\n"


def pt(n: int) -> str:
    """An expectation of the anthem-bears query: the Bears are n/n."""
    return f"{{bears: {{power: {n}, toughness: {n}}}}}"


E3 = pt(3)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _disputed(tmp_path: Path, disputed: str, name: str = "disputed.yaml") -> Path:
    """The valid anthem-bears scenario with ``disputed`` (YAML text) instead of its expect."""
    assert EXPECT in VALID
    path = tmp_path / name
    path.write_text(VALID.replace(EXPECT, disputed), encoding="utf-8")
    return path


def test_answer_matching_no_reading_fails_and_exits_1(probe: Path, fixtures: Path) -> None:
    none = fixtures / "disputed" / "matches-none.yaml"
    outcome = pe.check(pe.load(none))
    assert outcome.status == Status.FAIL and not outcome.passed and not outcome.ok
    assert outcome.reading == 0 and outcome.disputed
    assert outcome.diffs == ("reading 1: objects: expected 1, got 2",
                             "reading 2: objects: expected 3, got 2")
    assert "matches none of its 2 readings" in outcome.line()
    code, out, _ = run("check", str(none), str(probe / "pass.yaml"))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("FAIL    disputed/matches-none  (")
    assert lines[1] == "          reading 1: objects: expected 1, got 2"
    assert lines[-2:] == ["of 2 scenarios: 1 wrong answer, 0 errors, 0 timeouts; "
                          "1 disputed (1 matched none of their readings)", "1 passed, 1 failed"]


def test_answer_matching_the_second_reading_passes_and_says_which(probe: Path) -> None:
    outcome = pe.check(pe.load(probe / "disputed.yaml"))
    assert outcome.status == Status.PASS and outcome.diffs == ()
    assert outcome.reading == 2
    assert outcome.readings == ("the probe counts only creatures", "the probe is unsure")
    assert "[disputed: reading 2 of 2: the probe is unsure]" in outcome.line()
    code, out, _ = run("check", str(probe / "disputed.yaml"))
    assert code == 0
    assert out.splitlines()[-2:] == ["of 1 scenario: 1 disputed", "1 passed, 0 failed"]


def test_a_real_scenario_matching_its_first_reading(tmp_path: Path) -> None:
    path = _disputed(tmp_path, 'disputed:\n'
                     '  - {reason: the anthem applies, cr: ["613.4c"], expect: ' + E3 + '}\n'
                     '  - {reason: it does not, cr: ["611.3a"], expect: ' + pt(2) + '}\n')
    outcome = pe.check(pe.load(path))
    assert (outcome.status, outcome.reading) == (Status.PASS, 1)
    swapped = _disputed(tmp_path, 'disputed:\n'
                        '  - {reason: it does not, cr: ["611.3a"], expect: ' + pt(2) + '}\n'
                        '  - {reason: or it does twice, cr: ["611.3a"], expect: ' + pt(4) + '}\n',
                        "wrong.yaml")
    outcome = pe.check(pe.load(swapped))
    assert outcome.status == Status.FAIL
    assert outcome.diffs == tuple(f"reading {r}: bears.{f}: expected {n}, got 3"
                                  for r, n in ((1, 2), (2, 4)) for f in ("power", "toughness"))


def test_closing_line_counts_add_up_to_the_number_of_scenarios(probe: Path, fixtures: Path) -> None:
    files = sorted(probe.glob("*.yaml")) + [fixtures / "disputed" / "matches-none.yaml"]
    code, out, _ = run("check", "--jobs", "2", "--timeout", "1", *map(str, files))
    assert code == 2  # the ambiguous probe is bad input
    passed, failed = (int(n) for n in out.splitlines()[-1].replace(",", "").split()[::2])
    assert out.splitlines()[-1] == f"{passed} passed, {failed} failed"
    assert passed + failed == len(files)
    heads = [line.split()[0] for line in out.splitlines() if line[:1].isupper()
             and line.split()[0] in ("PASS", "FAIL", "ERROR", "TIMEOUT")]
    assert len(heads) == len(files) and heads.count("PASS") == passed
    # the disputed ones count like any other: one passed (its second reading), one failed
    assert any(line.startswith("PASS    probe/disputed ") for line in out.splitlines())
    assert any(line.startswith("FAIL    disputed/matches-none ") for line in out.splitlines())


def test_json_and_junit_say_which_reading_matched(probe: Path, fixtures: Path, tmp_path: Path) -> None:
    files = [str(probe / "disputed.yaml"), str(fixtures / "disputed" / "matches-none.yaml")]
    code, out, _ = run("check", "--format", "json", *files)
    doc = json.loads(out)
    assert code == 1
    assert doc["summary"]["passed"] + doc["summary"]["failed"] == doc["summary"]["total"] == 2
    assert doc["summary"]["disputed"] == 2 and doc["summary"]["disputed_failed"] == 1
    first, second = doc["scenarios"]
    assert first["status"] == "pass" and first["disputed"] == {
        "readings": ["the probe counts only creatures", "the probe is unsure"], "matched": 2}
    assert second["status"] == "fail" and second["disputed"]["matched"] is None
    target = tmp_path / "junit.xml"
    run("check", "--format", "junit", "-o", str(target), *files)
    suite = ET.parse(target).getroot().find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures")) == ("2", "1")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert "reading 2 of 2: the probe is unsure" in cases["probe/disputed"].find("system-out").text  # type: ignore[union-attr]
    assert cases["probe/disputed"].find("failure") is None
    assert cases["disputed/matches-none"].find("failure") is not None


# case -> (the disputed field's YAML text, the field path, words of the message)
BAD = {
    "no readings": ("disputed: []\n", "disputed", "expected at least one reading"),
    "old form (a mapping)": ('disputed: {reason: unclear, cr: ["613.8"]}\n', "disputed",
                             "expected a list of readings"),
    "reading without reason": ('disputed:\n  - {cr: ["613.8"], expect: ' + E3 + '}\n',
                               "disputed[0]", "missing required field 'reason'"),
    "reading without cr": ('disputed:\n  - {reason: r, expect: ' + E3 + '}\n',
                           "disputed[0]", "missing required field 'cr'"),
    "reading with empty cr": ('disputed:\n  - {reason: r, cr: [], expect: ' + E3 + '}\n',
                              "disputed[0].cr", "at least one CR rule number"),
    "reading without expect": ('disputed:\n  - {reason: r, cr: ["613.8"]}\n',
                               "disputed[0]", "missing required field 'expect'"),
    "second reading's expect is bad": (
        'disputed:\n  - {reason: r, cr: ["613.8"], expect: ' + E3 + '}\n'
        '  - {reason: s, cr: ["613.8"], expect: {bears: {powr: 3, toughness: 3}}}\n',
        "disputed[1].expect.bears.powr", "unknown field 'powr'"),
    "unknown field in a reading": (
        'disputed:\n  - {reason: r, cr: ["613.8"], expect: ' + E3 + ', why: x}\n',
        "disputed[0].why", "unknown field 'why'"),
    "expect and disputed both": (
        EXPECT + 'disputed:\n  - {reason: r, cr: ["613.8"], expect: ' + E3 + '}\n',
        "expect", "remove the top-level expect"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_disputed_is_one_located_line_exit_2(tmp_path: Path, case: str) -> None:
    text, field, words = BAD[case]
    path = _disputed(tmp_path, text)
    for command in ("check", "solve"):
        code, out, err = run(command, str(path))
        assert code == 2, (command, out, err)
        lines = err.splitlines() if command == "solve" else \
            [x.removeprefix("ERROR   ") for x in out.splitlines()]
        bad = [x for x in lines if str(path) in x]
        assert len(bad) == 1 and f": {field}: " in bad[0] and words in bad[0], bad
        assert "Traceback" not in out + err
        assert bad[0].startswith(f"{path}:") and bad[0].split(":")[1].isdigit()


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(pe.schema())


def test_schema_accepts_readings_and_rejects_bad_ones(validator: jsonschema.Draft202012Validator,
                                                      tmp_path: Path) -> None:
    def doc(disputed: str) -> Any:
        return yaml.safe_load(_disputed(tmp_path, disputed).read_text(encoding="utf-8"))

    good = 'disputed:\n  - {reason: r, cr: ["613.8"], expect: ' + E3 + '}\n'
    assert list(validator.iter_errors(doc(good))) == []
    for case in sorted(BAD):
        assert list(validator.iter_errors(doc(BAD[case][0]))) != [], case
