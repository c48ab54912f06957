"""The documentation is executable: the YAML examples in scenarios/README.md load (and the
full scenario passes), and the Python example in README.md runs and prints what it says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

import pyengine.api as pe

REPO = Path(__file__).resolve().parents[2]
FORMAT_DOC = REPO / "scenarios" / "README.md"


def _blocks(path: Path, lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


YAML_BLOCKS = _blocks(FORMAT_DOC, "yaml")
FULL = [b for b in YAML_BLOCKS if b.startswith("id:")]
PARTS = [b for b in YAML_BLOCKS if re.match(r"(players|turn|objects|effects|query|disputed):", b)]

BASE = """\
id: docs/example
title: an example from scenarios/README.md
cr: ["613.1"]
rationale: checks that the documented example is valid input
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 1}
  - {id: urborg, card: "Urborg, Tomb of Yawgmoth", controller: alice, timestamp: 50}
query: {kind: characteristics, objects: [bears], fields: [power]}
expect: {bears: {power: 2}}
"""


def test_the_format_doc_has_examples() -> None:
    assert len(FULL) == 1 and len(PARTS) >= 6


def test_the_first_scenario_in_the_format_doc_passes() -> None:
    scenario = pe.loads(FULL[0], "scenarios/README.md")
    outcome = pe.check(scenario)
    assert outcome.passed, outcome.report()


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(pe.schema())


@pytest.mark.parametrize("block", PARTS, ids=lambda b: b.split(":", 1)[0])
def test_each_documented_fragment_is_valid_input(block: str,
                                                 validator: jsonschema.Draft202012Validator) -> None:
    doc = yaml.safe_load(BASE)
    fragment = yaml.safe_load(block)
    doc.update(fragment)  # the fragment replaces its fields of the base scenario
    if "disputed" in fragment:  # readings replace the one expectation
        del doc["expect"]
    text = yaml.safe_dump(doc, sort_keys=False)
    validator.validate(yaml.safe_load(text))
    pe.loads(text, "scenarios/README.md")


PY_BLOCKS = _blocks(REPO / "README.md", "python")


def test_the_readme_python_example_runs_and_prints_what_it_shows() -> None:
    assert PY_BLOCKS, "README.md has no python example"
    code = PY_BLOCKS[0]
    shown = re.findall(r"^# (?:prints|->) (.*)$", code, flags=re.M)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    for line in shown:
        assert line in proc.stdout, f"README says it prints {line!r}; it printed:\n{proc.stdout}"


def _quick_start() -> list[str]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, flags=re.S)]


def test_quick_start_is_exactly_two_one_line_commands() -> None:
    commands = _quick_start()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    install_and_check, install_and_test = commands
    assert install_and_check.endswith("pyengine check scenarios/")
    assert "'.[test]'" in install_and_test and install_and_test.endswith("-m pytest -q -n auto")


def test_ci_runs_the_readme_test_command_verbatim_and_the_check() -> None:
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    install_and_check, install_and_test = _quick_start()
    assert install_and_test + " || status=$?" in ci.splitlines()
    assert "set -euo pipefail" in ci and 'if [ "$status" -eq 5 ]' in ci
    assert any(line.startswith(".venv/bin/pyengine check scenarios/") for line in ci.splitlines())
