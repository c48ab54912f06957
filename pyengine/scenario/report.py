"""Reports of a batch run: the text summary, JSON, JUnit XML (read by CI systems), and the
progress bar shown on a terminal."""

from __future__ import annotations

import datetime as _dt
import json
import math
import platform
import time
import xml.etree.ElementTree as ET
from typing import Any, Sequence, TextIO

from pyengine import __version__
from pyengine.printable import escape
from pyengine.scenario.runner import Outcome, Status


def summary(outcomes: Sequence[Outcome]) -> dict[str, int]:
    """Counts: ``total``, ``passed``, ``skipped`` (scenarios naming real cards when no card
    data is installed: not a verdict), ``failed`` (every other outcome that did not pass:
    ``passed``, ``skipped`` and ``failed`` add up to ``total``) and of those the ``fails``, ``errors`` and
    ``timeouts``; ``disputed`` scenarios (any status) and of those ``disputed_failed``, whose
    answer matched none of their readings (counted in ``fails``)."""
    def count(status: Status) -> int:
        return sum(1 for o in outcomes if o.status == status)

    passed = count(Status.PASS)
    skipped = count(Status.SKIP)
    return {"total": len(outcomes), "passed": passed, "skipped": skipped,
            "failed": len(outcomes) - passed - skipped,
            "fails": count(Status.FAIL), "errors": count(Status.ERROR),
            "timeouts": count(Status.TIMEOUT), "memory": count(Status.MEMORY),
            "disputed": sum(1 for o in outcomes if o.disputed),
            "disputed_failed": sum(1 for o in outcomes if o.disputed and o.status == Status.FAIL)}


def closing_lines(outcomes: Sequence[Outcome]) -> list[str]:
    """The end of the text report: a breakdown line when anything did not pass or is
    disputed, then ``N passed, N failed`` alone on the last line (the two add up to the
    number of scenarios)."""
    s = summary(outcomes)
    lines = []
    details = []
    if s["failed"]:
        details.append(f"{s['fails']} wrong answer{'s' if s['fails'] != 1 else ''}, "
                       f"{s['errors']} error{'s' if s['errors'] != 1 else ''}, "
                       f"{s['timeouts']} timeout{'s' if s['timeouts'] != 1 else ''}"
                       + (f", {s['memory']} out of memory" if s["memory"] else ""))
    if s["disputed"]:
        none = (f" ({s['disputed_failed']} matched none of their readings)"
                if s["disputed_failed"] else "")
        details.append(f"{s['disputed']} disputed{none}")
    if details:
        noun = "scenario" if s["total"] == 1 else "scenarios"
        lines.append(f"of {s['total']} {noun}: " + "; ".join(details))
    skipped = f", {s['skipped']} skipped (no card data)" if s["skipped"] else ""
    lines.append(f"{s['passed']} passed, {s['failed']} failed{skipped}")
    return lines


def _clingo_version() -> str:
    from pyengine.solver import version

    return version()


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {"id": o.id, "file": o.file, "title": o.title, "kind": o.kind, "cr": list(o.cr),
            "status": o.status.value, "seconds": round(o.seconds, 4), "disputed": _dispute_json(o),
            "diffs": list(o.diffs), "message": o.message, "error_kind": o.error_kind or None,
            "answer": o.answer_json}


def _dispute_json(o: Outcome) -> dict[str, Any] | None:
    """None, or the readings' reasons and which one matched (1-based; null when none did)."""
    if not o.readings:
        return None
    return {"readings": list(o.readings), "matched": o.reading or None}


def to_json(outcomes: Sequence[Outcome], seconds: float = 0.0) -> dict[str, Any]:
    """The JSON report: versions (pyengine, clingo, Python), the summary and every outcome."""
    return {
        "format": "pyengine-check/2",  # 2: disputed is {readings, matched}
        "pyengine": __version__,
        "clingo": _clingo_version(),
        "python": platform.python_version(),
        "seconds": round(seconds, 3),
        "summary": summary(outcomes),
        "scenarios": [_outcome_json(o) for o in outcomes],
    }


def json_text(outcomes: Sequence[Outcome], seconds: float = 0.0) -> str:
    """The JSON report as text."""
    return json.dumps(to_json(outcomes, seconds), indent=2, ensure_ascii=False) + "\n"


def junit_xml(outcomes: Sequence[Outcome], seconds: float = 0.0) -> str:
    """The JUnit XML report (one testsuite, one testcase per scenario): a wrong answer is a
    ``failure`` with the differences as its text; bad input, an engine error and a timeout are
    ``error`` elements whose ``type`` says which; a disputed scenario says in ``system-out``
    which reading its answer matched (or, a failure, that it matched none)."""
    s = summary(outcomes)
    suites = ET.Element("testsuites", name="pyengine check", tests=str(s["total"]),
                        failures=str(s["fails"]), errors=str(s["errors"] + s["timeouts"] + s["memory"]),
                        time=f"{seconds:.3f}")
    suite = ET.SubElement(suites, "testsuite", name="scenarios", tests=str(s["total"]),
                          failures=str(s["fails"]), errors=str(s["errors"] + s["timeouts"] + s["memory"]),
                          skipped=str(s["skipped"]), time=f"{seconds:.3f}",
                          timestamp=_dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"))
    props = ET.SubElement(suite, "properties")
    for name, value in (("pyengine", __version__), ("clingo", _clingo_version()),
                        ("python", platform.python_version())):
        ET.SubElement(props, "property", name=name, value=value)
    for o in outcomes:
        # control characters are not allowed in XML 1.0: names and messages show them escaped
        area = escape(o.id.rsplit("/", 1)[0].replace("/", ".")) if "/" in o.id else "scenarios"
        case = ET.SubElement(suite, "testcase", classname=area, name=escape(o.name), file=escape(o.file),
                             time=f"{o.seconds:.3f}")
        if o.status == Status.FAIL:
            el = ET.SubElement(case, "failure", type="wrong-answer",
                               message=f"{len(o.diffs)} difference(s) from the expected answer")
            el.text = "\n".join(escape(d) for d in o.diffs)
        elif o.status == Status.ERROR:
            el = ET.SubElement(case, "error", type=o.error_kind or "error", message=escape(o.message))
            el.text = escape(o.message)
        elif o.status == Status.SKIP:
            ET.SubElement(case, "skipped", message=escape(o.message))
        elif o.status in (Status.TIMEOUT, Status.MEMORY):
            el = ET.SubElement(case, "error", type=o.status.value,
                               message=escape(o.message) + " (not a verdict)")
            el.text = escape(o.message)
        notes = []
        if o.cr:
            notes.append("CR " + ", ".join(o.cr))
        if o.disputed:
            notes.append(f"disputed: {o.dispute_note()}")
        if notes:
            ET.SubElement(case, "system-out").text = "\n".join(escape(n) for n in notes)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def render(outcomes: Sequence[Outcome], fmt: str, seconds: float = 0.0) -> str:
    """The report in format ``json`` or ``junit``."""
    if fmt == "json":
        return json_text(outcomes, seconds)
    if fmt == "junit":
        return junit_xml(outcomes, seconds)
    raise ValueError(f"unknown report format {fmt!r}")


class ProgressBar:
    """A one-line progress bar redrawn in place on a terminal (``stream`` must be a TTY)."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.bad = 0
        self.started = time.monotonic()
        self.shown = False
        self.last = ""

    def update(self, done: int, total: int, outcome: Outcome) -> None:
        """Redraw after ``done`` of ``total`` scenarios have finished."""
        if not outcome.ok:
            self.bad += 1
        filled = math.floor(self.width * done / max(1, total))
        bar = "#" * filled + "." * (self.width - filled)
        name = escape(outcome.name if len(outcome.name) <= 40 else "..." + outcome.name[-37:])
        elapsed = time.monotonic() - self.started
        self.last = f"[{bar}] {done}/{total}  {self.bad} not passed  {elapsed:.0f} s  {name}"
        self.redraw()

    def redraw(self) -> None:
        """Draw the bar again (after other output cleared it)."""
        if self.last:
            self.stream.write("\r\x1b[K" + self.last)
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        """Erase the bar (before other output is written to the same terminal)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
