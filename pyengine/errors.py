"""Exception hierarchy. Every user-facing error renders as one line (see ``str``)."""

from __future__ import annotations


class PyengineError(Exception):
    """Base class of every error pyengine reports; the CLI exits 2 on these."""


class ScenarioError(PyengineError):
    """Bad input: names the file, the line where known, the field path and what was expected."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 path: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.path = path

    def located(self, file: str | None) -> "ScenarioError":
        """The same error, attributed to ``file`` if it had no file yet."""
        if self.file is None:
            self.file = file
        return self

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
        field = f" {self.path}:" if self.path else ""
        return _visible(f"{where}:{field} {self.message}")


def _visible(text: str) -> str:
    """``text`` on one line: control and line-separator characters (from the input quoted
    in a message) escaped as ``\\r``, ``\\x00``, ``\\u2028``."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class EncodingError(PyengineError):
    """The grounder reported a problem with an encoding (a bug in asp/, not in the input)."""


class SolverTimeout(PyengineError):
    """A solver call ran out of time; never a verdict."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__(f"timeout: {what} did not finish within {seconds:g} s")
        self.what = what
        self.seconds = seconds


class OutOfMemory(PyengineError):
    """A query ran out of memory (past the limit of ``--max-memory``); never a verdict."""


class UnsatisfiableError(PyengineError):
    """An encoding had no answer where the rules guarantee one; carries violation atoms."""

    def __init__(self, message: str, violations: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.violations = violations


class AmbiguousChoiceError(PyengineError):
    """Strict mode: the engine would have to make a choice the scenario did not specify."""


class UnsupportedQuery(ScenarioError):
    """The scenario asks a query kind whose engine does not exist yet."""


class NoInputFacts(PyengineError):
    """The query kind has no single set of input facts (a game calls several engines once per
    event): ``pyengine facts`` says so in one line and exits 0, since the input is not bad."""
