"""The command-line interface, run in-process through ``main()`` (with the probe query kind
standing in for an engine) and as ``python -m pyengine`` in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import clingo
import pytest

import pyengine
import pyengine.api as pe
from pyengine import catalog
from pyengine.cli import main


class FakeTTY(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def run(*argv: str, err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def pym(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pyengine", *argv], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


# --- version, usage, schema, cards ---------------------------------------------------------

def test_version_subprocess() -> None:
    proc = pym("--version")
    assert proc.returncode == 0
    assert proc.stdout == f"pyengine {pyengine.__version__} (clingo {clingo.__version__})\n"


@pytest.mark.parametrize("argv,words", [
    ((), "name a command"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
    (("check",), "the following arguments are required: PATH"),
    (("check", "--jobs", "0", "."), "--jobs must be at least 1"),
    (("check", "--timeout", "0", "."), "--timeout: expected seconds above 0 and at most 86400, got '0'"),
    (("solve", "--timeout", "nan", "x.yaml"), "--timeout: expected seconds above 0"),
    (("solve", "--timeout", "inf", "x.yaml"), "--timeout: expected seconds above 0"),
    (("solve", "--timeout", "-1", "x.yaml"), "--timeout: expected seconds above 0"),
    (("solve", "--timeout", "soon", "x.yaml"), "--timeout: expected a number of seconds, got 'soon'"),
    (("--log", "loud", "schema"), "invalid choice: 'loud'"),
    (("bench",), "name an area"),
])
def test_bad_usage_is_one_line_exit_2(argv: tuple[str, ...], words: str) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and words in err


def test_schema_prints_the_api_schema() -> None:
    code, out, _ = run("schema")
    assert code == 0
    assert json.loads(out) == pe.schema()


def test_cards_lists_the_catalog() -> None:
    code, out, _ = run("cards")
    lines = out.splitlines()
    assert code == 0
    assert lines[-1] == f"{len(catalog.catalog())} cards"
    (bears,) = [line for line in lines if line.startswith("Grizzly Bears")]
    assert "{1}{G}" in bears and "Creature — Bear" in bears and bears.endswith("2/2")


def test_cards_shows_one_card_case_insensitively() -> None:
    code, out, _ = run("cards", "glorious ANTHEM")
    assert code == 0
    assert out.splitlines()[0] == "# pyengine/catalog/cards/glorious-anthem.yaml"
    assert "modify_pt: {power: 1, toughness: 1}" in out


def test_cards_unknown_suggests_close_names() -> None:
    code, out, err = run("cards", "Grizly Bears")
    assert code == 2 and out == ""
    assert err == ("unknown card 'Grizly Bears'; did you mean: Grizzly Bears "
                   "(`pyengine cards` lists the catalog)\n")


# --- dispatch to other modules ---------------------------------------------------------------

def _fake_module(monkeypatch: pytest.MonkeyPatch, name: str, calls: list[list[str]]) -> None:
    mod = types.ModuleType(name)

    def fake_main(args: list[str]) -> int:
        calls.append(args)
        return 0

    mod.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, mod)


@pytest.mark.parametrize("command", ["explain", "graph"])
def test_explain_and_graph_dispatch_their_arguments(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    calls: list[list[str]] = []
    _fake_module(monkeypatch, f"pyengine.{command}", calls)
    code, _, _ = run(command, "scenarios/x.yaml", "--json")
    assert code == 0 and calls == [["scenarios/x.yaml", "--json"]]


def test_bench_dispatches_to_its_area(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setitem(sys.modules, "pyengine.bench", types.ModuleType("pyengine.bench"))
    _fake_module(monkeypatch, "pyengine.bench.combat", calls)
    code, _, _ = run("bench", "combat", "--size", "5")
    assert code == 0 and calls == [["--size", "5"]]


def test_bench_help_lists_the_areas_there_are() -> None:
    from pyengine.cli import BENCH_AREAS

    code, out, _ = run("bench", "--help")
    assert code == 0 and "areas: layers, combat, replacement" in out
    bench = Path(pyengine.__file__).parent / "bench"
    assert sorted(BENCH_AREAS) == sorted(p.stem for p in bench.glob("*.py") if p.stem != "__init__")


def test_bench_area_help_goes_to_the_area(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    monkeypatch.setitem(sys.modules, "pyengine.bench", types.ModuleType("pyengine.bench"))
    _fake_module(monkeypatch, "pyengine.bench.layers", calls)
    code, _, _ = run("bench", "layers", "--help")
    assert code == 0 and calls == [["--help"]]


def test_missing_module_is_not_available_one_line() -> None:
    code, out, err = run("bench", "no_such_area")
    assert code == 2 and out == ""
    assert err == "the benchmark 'no_such_area' is not available in this version of pyengine\n"


# --- check -----------------------------------------------------------------------------------

def test_check_prints_one_line_per_scenario_in_order_and_the_closing_line(probe: Path) -> None:
    code, out, err = run("check", "--jobs", "2", "--timeout", "1", str(probe))
    lines = out.splitlines()
    assert code == 2  # the ambiguous probe is bad input (it leaves a choice open)
    assert err == ""  # no progress bar when stderr is not a terminal
    heads = [line.split()[0] for line in lines if not line.startswith(" ")]
    assert heads[:10] == ["ERROR", "ERROR", "PASS", "ERROR", "FAIL", "TIMEOUT", "PASS", "ERROR",
                          "PASS", "TIMEOUT"]
    assert lines[-2] == "of 10 scenarios: 1 wrong answer, 4 errors, 2 timeouts; 1 disputed"
    assert lines[-1] == "3 passed, 7 failed"
    fail_at = next(i for i, line in enumerate(lines) if line.startswith("FAIL"))
    assert lines[fail_at].startswith("FAIL    probe/fail  (")
    assert lines[fail_at + 1] == "          objects: expected 3, got 2"
    assert any("[disputed: reading 2 of 2: the probe is unsure]" in line for line in lines)
    assert any(line.startswith("TIMEOUT probe/hang") and "not a verdict" in line for line in lines)


def test_check_wrong_answer_or_engine_error_exits_1(probe: Path) -> None:
    code, out, _ = run("check", str(probe / "fail.yaml"), str(probe / "raise.yaml"))
    assert code == 1
    assert out.splitlines()[-1] == "0 passed, 2 failed"


def test_check_all_pass_exits_0(probe: Path) -> None:
    code, out, _ = run("check", str(probe / "pass.yaml"), str(probe / "disputed.yaml"))
    assert code == 0
    assert out.splitlines()[-2:] == ["of 2 scenarios: 1 disputed", "2 passed, 0 failed"]


def test_check_k_filters_by_path(probe: Path) -> None:
    code, out, _ = run("check", str(probe), "-k", "slow", "-k", "*/pass.yaml")
    assert code == 0
    # the probes are under no folder named `scenarios`: their ids can't be checked against paths
    assert [line.split()[1] for line in out.splitlines()[:-2]] == ["probe/pass", "probe/slow-pass"]
    assert out.splitlines()[-2].startswith("note: 2 scenario files are under no folder named 'scenarios'")


def test_check_k_matching_nothing_is_an_error(probe: Path) -> None:
    code, _, err = run("check", str(probe), "-k", "nothing-like-this")
    assert code == 2
    assert "no scenario files matching 'nothing-like-this'" in err


def test_check_json_report_on_stdout(probe: Path) -> None:
    code, out, err = run("check", "--format", "json", str(probe / "pass.yaml"), str(probe / "fail.yaml"))
    doc = json.loads(out)
    assert code == 1
    assert doc["clingo"] == clingo.__version__ and doc["pyengine"] == pyengine.__version__
    assert doc["summary"]["passed"] == 1 and doc["summary"]["failed"] == 1
    assert [s["status"] for s in doc["scenarios"]] == ["pass", "fail"]
    assert doc["scenarios"][1]["diffs"] == ["objects: expected 3, got 2"]
    assert doc["scenarios"][0]["answer"] == {"objects": 2}
    assert err.splitlines()[-1] == "1 passed, 1 failed"  # text lines moved to stderr


def test_check_junit_report_to_a_file(probe: Path, tmp_path: Path) -> None:
    target = tmp_path / "reports" / "junit.xml"
    code, out, _ = run("check", "--format", "junit", "-o", str(target), "--timeout", "1", str(probe))
    assert code == 2
    assert out.splitlines()[-1] == "3 passed, 7 failed"
    suite = ET.parse(target).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("10", "1", "6")
    cases = {c.get("name"): c for c in suite.iter("testcase")}
    assert cases["probe/fail"].find("failure").text == "objects: expected 3, got 2"  # type: ignore[union-attr]
    assert cases["probe/hang"].find("error").get("type") == "timeout"  # type: ignore[union-attr]
    assert cases["probe/pass"].find("failure") is None and cases["probe/pass"].find("error") is None
    assert "disputed: reading 2 of 2: the probe is unsure" in cases["probe/disputed"].find("system-out").text  # type: ignore[union-attr]


def test_check_progress_bar_on_a_terminal(probe: Path) -> None:
    tty = FakeTTY()
    code, out, _ = run("check", "--jobs", "2", str(probe / "pass.yaml"), str(probe / "fail.yaml"), err=tty)
    assert code == 1
    assert "\r\x1b[K[" in tty.getvalue() and "2/2" in tty.getvalue()
    assert tty.getvalue().endswith("\r\x1b[K")  # the bar is erased at the end
    assert out.splitlines()[-1] == "1 passed, 1 failed"


def test_check_skips_readmes_non_yaml_and_hidden_files(probe: Path, tmp_path: Path) -> None:
    (tmp_path / "area").mkdir()
    (tmp_path / "area" / "one.yaml").write_text((probe / "pass.yaml").read_text())
    (tmp_path / "area" / "README.md").write_text("# not a scenario\n")
    (tmp_path / "README.yaml").write_text("not: a scenario\n")
    (tmp_path / "notes.txt").write_text("not a scenario\n")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.yaml").write_text("not: a scenario\n")
    code, out, _ = run("check", str(tmp_path))
    assert code == 0
    assert out.splitlines()[-1] == "1 passed, 0 failed"


def test_check_missing_path_is_one_line_exit_2() -> None:
    code, out, err = run("check", "no/such/folder")
    assert code == 2 and out == ""
    assert err == "no/such/folder: no such file or folder\n"


def test_check_log_info_goes_to_stderr(probe: Path) -> None:
    code, _, err = run("--log", "info", "check", "--jobs", "1", str(probe / "pass.yaml"))
    assert code == 0
    assert "INFO pyengine: checking 1 scenario files with 1 jobs" in err


def test_check_subprocess_bad_input_folder(fixtures: Path) -> None:
    proc = pym("check", str(fixtures / "invalid"))
    assert proc.returncode == 2
    count = len(list((fixtures / "invalid").glob("*.yaml")))
    assert proc.stdout.splitlines()[-1] == f"0 passed, {count} failed"
    assert "Traceback" not in proc.stdout + proc.stderr


# --- solve -----------------------------------------------------------------------------------

def test_solve_renders_the_answer(probe: Path) -> None:
    code, out, _ = run("solve", str(probe / "fail.yaml"))
    assert code == 0
    assert out == "probe/fail: probe that fails\nobjects: 2\n"


def test_solve_json(probe: Path) -> None:
    code, out, _ = run("solve", "--json", str(probe / "pass.yaml"))
    assert code == 0
    assert json.loads(out) == {"id": "probe/pass", "file": str(probe / "pass.yaml"), "kind": "probe",
                               "answer": {"objects": 2}}


def test_solve_internal_error_is_one_line_exit_1(probe: Path) -> None:
    # an engine bug (here a RuntimeError) is not bad input and never a traceback
    code, out, err = run("solve", str(probe / "raise.yaml"))
    assert code == 1 and out == ""
    assert err == ("pyengine: internal error (a bug in pyengine; --log debug shows where): "
                   "RuntimeError: probe exploded\n")


def test_solve_timeout_is_one_line_exit_3(probe: Path) -> None:
    # neither bad input (2) nor an answer or an internal error (1): its own code
    code, out, err = run("solve", str(probe / "solver-timeout.yaml"))
    assert code == 3 and out == ""
    assert err == "timeout: probe did not finish within 60 s\n"


@pytest.mark.parametrize("command", ["explain", "graph"])
def test_explain_and_graph_timeouts_exit_3(command: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from pyengine import explain, graph
    from pyengine.errors import SolverTimeout

    def late(*_args: object, **_kwargs: object) -> None:
        raise SolverTimeout("the layer engine", 0.5)

    monkeypatch.setattr(explain if command == "explain" else graph, "compute", late)
    scenarios = Path(__file__).resolve().parents[2] / "scenarios"
    scenario = scenarios / "layers" / "dependency" / "blood-moon-urborg-moon-first.yaml"
    extra = ["-o", str(tmp_path / "g.dot")] if command == "graph" else []
    code, out, err = run(command, str(scenario), "--timeout", "0.5", *extra)
    assert code == 3
    assert err == "timeout: the layer engine did not finish within 0.5 s\n"


def test_solve_encoding_error_is_an_internal_error_exit_1(probe: Path) -> None:
    # an encoding bug is pyengine's, not the input's (exit 2 is for bad input)
    code, out, err = run("solve", str(probe / "encoding-error.yaml"))
    assert code == 1 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("pyengine: internal error (a bug in pyengine's encodings): "
                          "probe: grounder reported")
