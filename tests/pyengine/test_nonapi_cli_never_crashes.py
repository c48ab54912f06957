"""The command line never crashes: every `pyengine bench` runs as README shows it or refuses a
bad value with a usage error; `check` reports name their files, refuse a second file with an
id and an id that is not its path; explain, graph and facts answer for every query kind; and
control characters in names are escaped when printed."""

from __future__ import annotations

import argparse
import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import clingo
import pytest

import pyengine.api as pe
from pyengine.cli import BENCH_AREAS, main

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "scenarios"
LURED = SCENARIOS / "combat" / "block" / "battle-protector-must-block-lured.yaml"
TREASON = SCENARIOS / "combat" / "block" / "act-of-treason-stolen-creature-cant-block.yaml"
FIVE_OUTCOMES = SCENARIOS / "replacement" / "archive-leyline-of-hope-tainted-remedy-five-outcomes.yaml"
STOPPED_EARLY = SCENARIOS / "replacement" / "scales-season-stopping-early-is-illegal.yaml"
CAST = SCENARIOS / "casting" / "artifact-land-both-targets.yaml"
GAME = SCENARIOS / "turns" / "stack-resolves-last-in-first-out.yaml"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# --- bench -----------------------------------------------------------------------------------

def test_bench_combat_without_cpsat_runs_clingo_alone(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    # OR-Tools is the optional extra `cpsat`: without it, importing it fails
    for name in [m for m in sys.modules if m == "ortools" or m.startswith("ortools.")] + ["ortools"]:
        monkeypatch.setitem(sys.modules, name, None)
    code, _, err = run("bench", "combat", "--sizes", "2x2", "--instances", "1")
    printed = capsys.readouterr().out
    assert (code, err) == (0, "")
    lines = printed.splitlines()
    assert lines[0].startswith("CP-SAT is not installed")
    assert lines[1].startswith("size ")
    row = lines[2].split()
    assert row[0] == "2x2" and row[4] == "-" and row[-3] == "True"  # no CP-SAT figure; agree


@pytest.mark.parametrize("argv,words", [
    (("combat", "--sizes", "2x"), "--sizes: expected comma-separated sizes ATTACKERSxBLOCKERS"),
    (("combat", "--sizes", "0x2"), "in the size '0x2': expected a number of at least 1, got '0'"),
    (("combat", "--sizes", "two"), "--sizes: expected comma-separated sizes"),
    (("combat", "--instances", "0"), "--instances: expected a number of at least 1, got '0'"),
    (("combat", "--instances", "many"), "--instances: expected a whole number, got 'many'"),
    (("combat", "--timeout", "0"), "--timeout: expected seconds above 0"),
    (("layers", "--sizes", "3"), "--sizes: expected comma-separated sizes PERMANENTSxEFFECTS"),
    (("layers", "--sizes=-1x2"), "expected a number of at least 0, got '-1'"),
    (("layers", "--repeats", "0"), "--repeats: expected a number of at least 1, got '0'"),
    (("replacement", "--effects", "1,,2"), "--effects: expected comma-separated numbers"),
    (("replacement", "--effects", "-1"), "--effects: expected a number of at least 0, got '-1'"),
    (("replacement", "--draws", "0"), "--draws: expected a number of at least 1, got '0'"),
    (("replacement", "--repeats", "x"), "--repeats: expected a whole number, got 'x'"),
    (("replacement", "--timeout", "-3"), "--timeout: expected seconds above 0"),
])
def test_bench_bad_values_are_a_usage_error(argv: tuple[str, ...], words: str) -> None:
    code, out, err = run("bench", *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and words in err
    assert err.startswith(f"pyengine bench {argv[0]}: argument ")


@pytest.mark.parametrize("area", BENCH_AREAS)
def test_bench_every_option_has_help(area: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parsers: list[argparse.ArgumentParser] = []

    class Stop(BaseException):  # not an Exception: the CLI reports those as internal errors
        pass

    original = argparse.ArgumentParser.parse_args

    def capture(self: argparse.ArgumentParser, *args: object, **kwargs: object) -> object:
        if self.prog != f"pyengine bench {area}":  # the top-level parser
            return original(self, *args, **kwargs)  # type: ignore[arg-type]
        parsers.append(self)
        raise Stop

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", capture)
    with pytest.raises(Stop):
        main(["bench", area], stdout=io.StringIO(), stderr=io.StringIO())
    (parser,) = parsers
    options = [a for a in parser._actions if a.option_strings]
    assert len(options) >= 2
    assert [a.option_strings for a in options if not a.help] == []


def test_bench_replacement_scenarios_load_at_every_size() -> None:
    # from 5 effects on, the same effect kind repeats: a shared value was dumped as a YAML
    # alias, which the loader refuses (so `pyengine bench replacement`, as README shows it, failed)
    from pyengine.bench.replacement import scenario
    from pyengine.scenario.loader import load_text

    for effects in range(10):
        text = scenario(effects, 2)
        assert "*id" not in text
        assert len(load_text(text, "bench").state.effects) == effects


# --- check: -o, files, ids ---------------------------------------------------------------------

@pytest.mark.parametrize("name,fmt", [("report.json", "json"), ("report.XML", "junit")])
def test_check_output_takes_the_format_from_the_extension(probe: Path, tmp_path: Path,
                                                          name: str, fmt: str) -> None:
    target = tmp_path / name
    code, out, _ = run("check", "-o", str(target), str(probe / "pass.yaml"))
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed"
    text = target.read_text()
    if fmt == "json":
        assert json.loads(text)["summary"]["passed"] == 1
    else:
        assert ET.fromstring(text.split("\n", 1)[1]).tag == "testsuites"


@pytest.mark.parametrize("argv,words", [
    (("-o", "report.txt"), "can't tell the report format from the file's extension"),
    (("-o", "report"), "can't tell the report format from the file's extension"),
    (("--format", "text", "-o", "report.json"), "-o writes a json or junit report"),
])
def test_check_output_without_a_format_it_can_tell_is_refused(probe: Path, tmp_path: Path,
                                                              argv: tuple[str, ...], words: str) -> None:
    code, out, err = run("check", *argv, str(probe / "pass.yaml"))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and words in err
    assert not list(tmp_path.iterdir()) and not Path("report.json").exists()


def test_check_lines_that_report_a_problem_name_the_file(probe: Path) -> None:
    fail, timeout, passed = probe / "fail.yaml", probe / "solver-timeout.yaml", probe / "pass.yaml"
    code, out, _ = run("check", "--jobs", "1", str(fail), str(passed), str(timeout))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"FAIL    probe/fail  ({fail}, ")
    assert lines[2] == f"PASS    probe/pass  ({lines[2].split('(')[1]}"  # a pass names only the id
    assert str(passed) not in lines[2]
    assert lines[3].startswith(f"TIMEOUT probe/solver-timeout  ({timeout}, timeout: probe did not finish")


def test_check_refuses_a_second_scenario_with_the_same_id(probe: Path, tmp_path: Path) -> None:
    text = (probe / "pass.yaml").read_text()
    (tmp_path / "a.yaml").write_text(text)
    (tmp_path / "b.yaml").write_text(text)
    code, out, _ = run("check", str(tmp_path))
    lines = out.splitlines()
    assert code == 2
    assert lines[0].startswith("PASS    probe/pass")
    line = lines[1]
    assert line.startswith(f"ERROR   {tmp_path / 'b.yaml'}:2: id: 'probe/pass' is also the id of "
                           f"{tmp_path / 'a.yaml'}")
    assert lines[-1] == "1 passed, 1 failed"
    outcomes = pe.check_paths([tmp_path], jobs=1)  # the API refuses it too
    assert [o.status.value for o in outcomes] == ["pass", "error"]


def test_check_verifies_the_id_is_the_path_under_scenarios(probe: Path, tmp_path: Path) -> None:
    text = (probe / "pass.yaml").read_text()  # id: probe/pass
    right = tmp_path / "scenarios" / "probe" / "pass.yaml"
    wrong = tmp_path / "scenarios" / "other" / "deep" / "pass.yaml"
    for path in (right, wrong):
        path.parent.mkdir(parents=True)
        path.write_text(text.replace("probe/pass", "probe/pass" if path == right else "other/nope"))
    code, out, _ = run("check", str(tmp_path / "scenarios"))
    lines = out.splitlines()
    assert code == 2
    assert lines[0] == (f"ERROR   {wrong}:2: id: expected 'other/deep/pass', the file's path under its "
                        "'scenarios' folder, got 'other/nope'")
    assert lines[1].startswith("PASS    probe/pass")
    assert not any(line.startswith("note:") for line in lines)  # every id was verified


def test_check_says_when_it_cannot_verify_ids(probe: Path) -> None:
    code, out, _ = run("check", str(probe / "pass.yaml"))
    assert code == 0
    assert out.splitlines()[-2] == ("note: 1 scenario file is under no folder named 'scenarios': "
                                    "its id could not be checked against its path")


def test_bundled_scenario_ids_are_their_paths() -> None:
    from pyengine.scenario.identity import expected_id
    from pyengine.scenario.runner import _guess_id, discover

    files = discover([SCENARIOS])
    assert len(files) > 100
    assert [f for f in files if expected_id(f) != _guess_id(str(f))] == []


# --- explain, graph, facts for every query kind -------------------------------------------------

def test_explain_combat_gives_the_witness_and_its_requirements(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run("explain", str(LURED))
    out = capsys.readouterr().out
    assert (code, err) == (0, "")
    assert "Declaring blockers (CR 509.1)" in out
    assert "\nbob's creatures: bbears\nattacking: lured -> siege\n" in out  # as the picture draws them
    assert "Witness (a legal declaration obeying 1, the most any obeys): bbears blocks lured" in out
    assert "  obeys: bbears blocks lured (all creatures able to block lured do so) (CR 509.1c)" in out


def test_explain_combat_proposal_says_what_it_breaks(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run("explain", str(TREASON))
    out = capsys.readouterr().out
    assert code == 0
    assert "Continuous effects first (CR 613):" in out and "giant: controller bob -> alice" in out
    assert "Proposed: giant blocks bears: ILLEGAL" in out
    assert "  breaks: giant is not a creature its declaring player controls (CR 509.1a)" in out


def test_explain_replacement_gives_the_outcome_tree(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run("explain", str(FIVE_OUTCOMES))
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert "5 reachable outcome(s)" in lines[5] and "(CR 616.1)" in lines[5]
    hope = "   1. bob applies hope to: bob gains 3 life [616.1e: any applicable effect]"
    at = lines.index(hope)  # one branch for the first choice, two choices under it
    tier = "[616.1e: any applicable effect]"
    assert lines[at + 1] == f"      2. bob applies remedy to: bob gains 4 life {tier}"
    assert lines[at + 2] == "         => outcome [2]: bob loses 4 life"
    assert lines[at + 3] == f"      2. bob applies archive to: bob gains 4 life {tier}"
    assert lines.count(hope) == 1
    assert sum(1 for line in lines if "=> outcome [" in line) == 5


def test_explain_replacement_proposal_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run("explain", str(STOPPED_EARLY))
    out = capsys.readouterr().out
    assert code == 0
    assert "proposed sequence: illegal\n   616.1f stopped_early: season/2\n" in out


@pytest.mark.parametrize("scenario,expected", [(LURED, "attacking"), (TREASON, "given_block"),
                                               (FIVE_OUTCOMES, "rep_effect"), (CAST, "main_phase")])
def test_facts_for_combat_replacement_and_cast(scenario: Path, expected: str) -> None:
    code, out, err = run("facts", str(scenario))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("% input facts of ") and "python -m clingo" in lines[1]
    symbols = [clingo.parse_term(line[:-1]) for line in lines[2:]]
    assert symbols == sorted(set(symbols)) and len(symbols) == int(lines[0].split(": ")[-1].split()[0])
    assert any(s.name == expected for s in symbols)


def test_facts_of_a_game_say_in_one_comment_line_there_are_none() -> None:
    # a game calls several engines once per event: not bad input, so not exit 2
    code, out, err = run("facts", str(GAME))
    assert (code, err) == (0, "")
    assert len(out.splitlines()) == 1 and out.startswith("% input facts of turns/") and ": none: " in out


@pytest.mark.parametrize("scenario,head,inside", [
    (TREASON, "digraph combat {", ["giant", "bears", "the proposal breaks: giant is not a creature"]),
    (LURED, "digraph combat {", ["witness: blocks", "obeyed by the witness: bbears blocks lured"]),
    (FIVE_OUTCOMES, "digraph outcomes {", ["outcome [5]", "1. bob applies hope to: bob gains 3 life"]),
])
def test_graph_of_combat_and_replacement_draws_the_query_s_own_picture(
        scenario: Path, head: str, inside: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    # a combat query's picture is its witness (CR 508.1, 509.1), a replacement query's its
    # outcome tree (CR 616.1); the layers' dependency graph is a characteristics query's
    target = tmp_path / "g.dot"
    code, _, _ = run("graph", str(scenario), "-o", str(target))
    err = capsys.readouterr().err
    text = target.read_text()
    assert (code, err) == (0, "") and text.startswith(head)
    assert [x for x in inside if x not in text] == []


# --- explain and graph for the game, sba, triggers and cast queries ----------------------------

GAME_WALL = SCENARIOS / "turns" / "enters-trigger-goes-on-stack-before-priority.yaml"
SBA_LEGENDS = SCENARIOS / "sba" / "legend-rule-several-groups.yaml"
TRIGGERS_APNAP = SCENARIOS / "triggers" / "apnap-both-players-upkeep.yaml"
TRIGGERS_LOOK_BACK = SCENARIOS / "triggers" / "leaves-battlefield-exiled-not-dies.yaml"
CAST_THALIA = SCENARIOS / "casting" / "thalia-taxes-bolt.yaml"
CAST_DISMEMBER = SCENARIOS / "casting" / "dismember-four-life.yaml"


@pytest.mark.parametrize("scenario,facts", [
    # the log step by step with each event's rule, then what each checkpoint saw
    (GAME_WALL, ["== alice's precombat main phase begins (CR 505)",
                 "     4. wall moves from stack to battlefield (effect)  [CR 608.3]",
                 "checkpoint entered (after event 4): turn 3, alice's precombat main phase",
                 "  stack (top last): wall:1@4"]),
    # each action with its rule and why; the pending legend-rule choice
    (SBA_LEGENDS, ["  CR 704.5j: put into graveyard azusa-1\n"
                   "       why: legend rule: Azusa, Lost but Seeking, its controller keeps azusa-3",
                   "  CR 704.5j: alice controls 2 legendary permanents named Jace Beleren (jace-1, jace-2)"]),
    # what each event triggered, then the APNAP order: the active player's first (CR 603.3b)
    (TRIGGERS_APNAP, ["  event 1: alice's upkeep step begins\n     -> ashrine:0@1:",
                      "APNAP order (CR 603.3b, 101.4)",
                      "  alice: ashrine:0@1\n  bob: bshrine:0@1, worms:2@1\n",
                      "2 possible stack order(s)"]),
    # a leaves-the-battlefield ability looks back in time (CR 603.10a); the dies one does not trigger
    (TRIGGERS_LOOK_BACK, ["(CR 603.10a), controlled by bob (CR 603.3a)\n"
                          "        looked back in time: the game as it was before the event (CR 603.10)",
                          "  event 2: martyr moves from battlefield to exile\n     triggered nothing"]),
    # every step's verdict, the first failing one and its rule, the total cost with Thalia's tax
    (CAST_THALIA, ["  601.2g mana abilities are activated: ok\n  601.2h the total cost is paid: FAILS FIRST\n"
                   "       breaks CR 601.2h: unpaid(generic, 1)",
                   "Illegal: the first failing step is 601.2h, CR 601.2h (unpaid)",
                   "Total cost (CR 601.2f): {1}{R} = 1 generic, 1 R"]),
    (CAST_DISMEMBER, ["  601.2h the total cost is paid: ok\n  601.2i the spell becomes cast: ok\nLegal.",
                      "Total cost (CR 601.2f): {1} and 4 life = 1 generic, 4 life",
                      "Mana value on the stack (CR 202.3e): 3"]),
])
def test_explain_new_kinds_gives_the_account(scenario: Path, facts: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run("explain", str(scenario))
    out = capsys.readouterr().out
    assert (code, err) == (0, "")
    assert [f for f in facts if f not in out] == []


@pytest.mark.parametrize("scenario,head", [
    (GAME_WALL, "digraph game {"),
    (SCENARIOS / "turns" / "double-strike-deals-damage-twice.yaml", "digraph game {"),
    (SBA_LEGENDS, "digraph sba {"), (SCENARIOS / "sba" / "both-players-zero-life-draw.yaml", "digraph sba {"),
    (TRIGGERS_APNAP, "digraph triggers {"), (TRIGGERS_LOOK_BACK, "digraph triggers {"),
    (SCENARIOS / "triggers" / "apnap-chosen-order-fixed.yaml", "digraph triggers {"),
    (CAST_THALIA, "digraph cast {"), (CAST_DISMEMBER, "digraph cast {"),
    (SCENARIOS / "casting" / "bolt-payments.yaml", "digraph cast {"),
    (SCENARIOS / "damage" / "trample-short-of-lethal-cant-reach-player.yaml", "digraph damage {"),
    (SCENARIOS / "damage" / "six-damage-three-blockers-counted-past-the-limit.yaml", "digraph damage {"),
    (SCENARIOS / "damage" / "attacker-of-removed-planeswalker-assigns-nothing.yaml", "digraph damage {"),
], ids=lambda x: x.stem if isinstance(x, Path) else None)
def test_explain_and_graph_never_crash_on_new_kinds(scenario: Path, head: str, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from pyengine.analysis import analyse
    from pyengine.scenario.loader import load_file

    a = analyse(load_file(scenario), 60)  # one analysis gives both (the CLI's own path)
    assert a.text().strip() and a.dot().startswith(head)
    code, _, _ = run("graph", str(scenario), "-o", str(tmp_path / "g.dot"))
    assert (code, capsys.readouterr().err) == (0, "")
    assert (tmp_path / "g.dot").read_text() == a.dot()


@pytest.mark.parametrize("scenario,inside", [
    # the bolt put on the stack is tied to the event that takes it off (CR 608.2n); the Ogre
    # became its target as it was cast (event 4, 601.2c)
    (SCENARIOS / "turns" / "lightning-bolt-kills-a-creature.yaml",
     ['label="alice\'s upkeep step begins (CR 503)"', 'e2 -> e6 [style=dashed, color="#1a7f37", '
      'fontcolor="#1a7f37", label="resolves (CR 608)"', "4. ogre becomes the target of bolt (bob's) "
      "(CR 601.2c)", "7. ogre moves from battlefield to graveyard (destroy) (CR 704.5g)",
      "checkpoint resolved\\nstack (top last): empty"]),
    # the leaves-the-battlefield trigger looked back in time (CR 603.10a): a dashed edge
    (TRIGGERS_LOOK_BACK, ["looked back in time (CR 603.10)\"", 'ev1 -> t0 [label="triggers", style=dashed]',
                          "t0 -> s1 [style=dotted]"]),
    (SBA_LEGENDS, ['"s:azusa-1" -> a0;', 'g0 [label="CR 704.5j: alice chooses which Jace Beleren to keep"',
                   '"s:jace-2" -> g0;']),
    # the failing step red and bold, the step after it grey
    (CAST_THALIA, ['st601_2h [label="601.2h costs paid\\nbreaks CR 601.2h: unpaid(generic, 1)", '
                   'color="#c62828", fontcolor="#c62828", penwidth=3]', 'st601_2i [label="601.2i the spell '
                   'becomes cast", color="#6e7781"']),
    # a legal cast's payment: the source pays the total cost with the life (CR 601.2f-h)
    (CAST_DISMEMBER, ['cost [label="total cost {1} and 4 life (CR 601.2f)\\nmana value 3 (CR 202.3e)"',
                      'src0 [label="tap m1"', 'src0 -> cost [label="pays (CR 601.2g-h)"']),
], ids=["game", "triggers", "sba", "cast-illegal", "cast-legal"])
def test_graph_of_new_kinds_shows_the_decisive_facts(scenario: Path, inside: list[str]) -> None:
    from pyengine.analysis import analyse
    from pyengine.scenario.loader import load_file

    text = analyse(load_file(scenario), 60).dot()
    assert [x for x in inside if x not in text] == []


# --- control characters ------------------------------------------------------------------------

def test_control_characters_in_names_are_escaped(probe: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = (probe / "fail.yaml").read_text()
    text = text.replace("id: probe/fail", 'id: "probe/\\e[2Jfail\\u202e"')
    text = text.replace("title: probe that fails", 'title: "rings\\a\\r"')
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    assert pe.load(path).id == "probe/\x1b[2Jfail\u202e"
    code, out, err = run("solve", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[0] == "probe/\\x1b[2Jfail\\u202e: rings\\x07\\x0d"
    code, out, _ = run("check", str(path))
    assert code == 1
    assert out.splitlines()[0].startswith("FAIL    probe/\\x1b[2Jfail\\u202e  (")
    for printed in (out, err):
        assert "\x1b" not in printed and "\u202e" not in printed and "\x07" not in printed
    # XML 1.0 allows no control characters: the JUnit report still parses
    code, _, _ = run("check", "-o", str(tmp_path / "report.xml"), str(path))
    case = ET.parse(tmp_path / "report.xml").getroot().find("testsuite/testcase")
    assert code == 1 and case is not None and case.get("name") == "probe/\\x1b[2Jfail\\u202e"


def test_control_characters_in_an_error_line_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "bad\x1b[31m.yaml"
    path.write_text("id: [1\n")
    code, out, err = run("solve", str(path))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "bad\\x1b[31m.yaml" in err and "\x1b" not in err


def test_check_one_file_named_twice_is_not_two_scenarios(probe: Path, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.yaml").write_text((probe / "pass.yaml").read_text())
    code, out, _ = run("check", str(tmp_path / "a.yaml"), str(tmp_path / "sub" / ".." / "a.yaml"))
    assert code == 0 and out.splitlines()[-1] == "2 passed, 0 failed"
