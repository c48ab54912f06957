"""Scenario ids in a batch run (``pyengine check``): each id names one file, and a file under a
folder named ``scenarios`` has the id of its path there (``scenarios/layers/x.yaml`` is
``layers/x``), so an id found in a report leads to its file.

:class:`IdCheck` vets the outcomes of a run in order: the second file with an id already seen
is bad input, and so is a file whose id is not its path under the nearest ``scenarios``
folder; a file under no such folder can't be verified, and the run says so.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pyengine.errors import ScenarioError
from pyengine.scenario.runner import Outcome, Status

FOLDER = "scenarios"


def expected_id(file: str | Path) -> str | None:
    """The id ``file`` must have: its path under the nearest enclosing folder named
    ``scenarios``, without the extension; None when no enclosing folder has that name."""
    path = Path(file).absolute()
    for parent in path.parents:
        if parent.name == FOLDER:
            return path.relative_to(parent).with_suffix("").as_posix()
    return None


def _id_line(file: str) -> int | None:
    """The line of the file's ``id:`` field, where it can be read."""
    try:
        from pyengine.lang.yamlread import load_yaml
        from pyengine.scenario.files import read_text

        doc = load_yaml(read_text(file), file)
        return getattr(doc, "key_lines", {}).get("id")
    except Exception:  # the outcome already carries what was wrong with the file
        return None


class IdCheck:
    """Vets the outcomes of one run (see the module): :meth:`vet` each outcome in order, then
    :meth:`note` says how many ids could not be verified."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}  # id -> the first file with it
        self.unverified = 0

    def vet(self, outcome: Outcome) -> Outcome:
        """The outcome, or an ``error`` (bad input) if its id is taken or not its path."""
        sid, file = outcome.id, outcome.file
        if not sid or outcome.error_kind == "input":
            return outcome  # no id read, or the file is bad input already
        first = self.seen.setdefault(sid, file)
        if first != file and Path(first).resolve() != Path(file).resolve():  # not one file named twice
            return self._refuse(outcome, f"{sid!r} is also the id of {first}: one run can't tell "
                                         "them apart; give each scenario its own id")
        want = expected_id(file)
        if want is None:
            self.unverified += 1
        elif want != sid:
            return self._refuse(outcome, f"expected {want!r}, the file's path under its "
                                         f"{FOLDER!r} folder, got {sid!r}")
        return outcome

    def _refuse(self, outcome: Outcome, message: str) -> Outcome:
        error = ScenarioError(message, file=outcome.file, line=_id_line(outcome.file), path="id")
        return replace(outcome, status=Status.ERROR, error_kind="input", diffs=(), answer=None,
                       answer_json=None, message=" ".join(str(error).split()))

    def note(self) -> str | None:
        """One line when some ids could not be verified (files under no ``scenarios`` folder)."""
        if not self.unverified:
            return None
        n = self.unverified
        return (f"note: {n} scenario file{'s are' if n != 1 else ' is'} under no folder named "
                f"{FOLDER!r}: {'their ids' if n != 1 else 'its id'} could not be checked against "
                f"{'their paths' if n != 1 else 'its path'}")
