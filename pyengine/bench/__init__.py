"""Benchmarks (`pyengine bench ...`): each module has a `run(...)` that returns figures, and a
`main(argv)` for the command line. The argument types below are shared by the benchmarks: a bad
value is a usage error (one line, exit 2, through :class:`pyengine.cli.Parser`), never a
traceback."""

from __future__ import annotations

import argparse
from typing import Callable


def integer(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"expected a number of at least {minimum}, got {text!r}")
        return value

    return parse


def integers(minimum: int) -> Callable[[str], list[int]]:
    """An argparse type: comma-separated whole numbers of at least ``minimum`` (``1,2,4``)."""
    one = integer(minimum)

    def parse(text: str) -> list[int]:
        words = text.split(",")
        if not text.strip() or any(not w.strip() for w in words):
            raise argparse.ArgumentTypeError(f"expected comma-separated numbers such as 1,2,4, got {text!r}")
        return [one(w.strip()) for w in words]

    return parse


def sizes(what: str, minimum: int = 1) -> Callable[[str], list[tuple[int, int]]]:
    """An argparse type: comma-separated sizes ``AxB`` (``what`` names A and B, e.g.
    ``ATTACKERSxBLOCKERS``), each number at least ``minimum``."""
    one = integer(minimum)

    def parse(text: str) -> list[tuple[int, int]]:
        out = []
        for word in text.split(","):
            parts = word.strip().lower().split("x")
            if len(parts) != 2 or not all(p.strip() for p in parts):
                raise argparse.ArgumentTypeError(
                    f"expected comma-separated sizes {what} such as 5x5,10x10, got {text!r}")
            try:
                out.append((one(parts[0].strip()), one(parts[1].strip())))
            except argparse.ArgumentTypeError as exc:
                raise argparse.ArgumentTypeError(f"in the size {word.strip()!r}: {exc}") from None
        return out

    return parse
