"""Every scenario in scenarios/, through the same runner as ``pyengine check``.

A failure prints the scenario id, its CR citations, its file and the differences between the
expected and the actual answer (or the error / timeout, which is never a verdict)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pyengine.scenario import runner

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "scenarios"
# The folder must never silently shrink (OpenSpiel's _add_tests minimum): raise this as
# scenarios are added, never lower it without removing scenarios on purpose.
MIN_SCENARIOS = 1544
TIMEOUT = 60.0

FILES = runner.discover([SCENARIOS])


def _id(path: Path) -> str:
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError):
        doc = None
    sid = doc.get("id") if isinstance(doc, dict) else None
    return sid if isinstance(sid, str) and sid.strip() else str(path.relative_to(REPO))


IDS = [_id(p) for p in FILES]


def test_scenario_folder_is_not_empty() -> None:
    assert len(FILES) >= MIN_SCENARIOS, f"only {len(FILES)} scenario files under {SCENARIOS}"


def test_scenario_ids_are_unique_and_match_their_files() -> None:
    assert len(set(IDS)) == len(IDS), "duplicate scenario ids"
    for path, sid in zip(FILES, IDS, strict=True):
        expected = path.relative_to(SCENARIOS).with_suffix("").as_posix()
        assert sid == expected, f"{path}: id {sid!r} should be {expected!r} (file name = scenario id)"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_scenario(path: Path) -> None:
    outcome = runner.run_file(path, TIMEOUT)
    if outcome.passed:
        return
    if outcome.status == runner.Status.SKIP:  # a real card, and no card data installed
        pytest.skip(outcome.message)
    cited = f" (CR {', '.join(outcome.cr)})" if outcome.cr else ""
    disputed = f"\ndisputed: {outcome.dispute_note()}" if outcome.disputed else ""
    pytest.fail(f"{outcome.name}{cited}\nfile: {outcome.file}{disputed}\n{outcome.report()}", pytrace=False)
