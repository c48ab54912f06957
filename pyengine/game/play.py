"""``pyengine play SCENARIO [--json] [--until CHECKPOINT]``: a game scenario's log, step by
step, each event with the CR number that made it happen."""

from __future__ import annotations

import json
from typing import TextIO

from pyengine.errors import ScenarioError
from pyengine.game.run import GameAnswer
from pyengine.printable import escape, escape_lines


def play_command(path: str, as_json: bool, until: str | None, timeout: float, out: TextIO) -> int:
    """Load the scenario, play its script, print the log (exit 0; bad input raises)."""
    from pyengine import api, hardlimit

    scenario = api.load(path)
    if scenario.kind != "game":
        raise ScenarioError(f"expected a scenario whose query kind is game, got {scenario.kind!r}",
                            file=scenario.file, path="query.kind")
    names = scenario.query.checkpoints
    if until is not None and until not in names:
        raise ScenarioError(f"--until: no checkpoint {until!r}; the script's checkpoints are: "
                            f"{', '.join(names) or 'none'}", file=scenario.file, path="query.script")
    with hardlimit.guard(timeout, f"the game of {scenario.id}"):
        answer = api.solve(scenario, timeout=timeout)
    assert isinstance(answer, GameAnswer)
    if as_json:
        doc = answer.to_json(until)
        out.write(json.dumps({"id": scenario.id, **doc}, indent=2, ensure_ascii=False) + "\n")
        return 0
    out.write(escape(f"{scenario.id}: {scenario.title}") + "\n")
    out.write(escape_lines(answer.render(until)) + "\n")
    return 0
