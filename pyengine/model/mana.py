"""Mana costs and mana amounts in symbol notation (CR 107.4, 202.1-202.3)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COLOR_OF = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class ManaCost:
    """A parsed mana cost: the symbols, its mana value (CR 202.3) and its colors (CR 202.2)."""

    symbols: tuple[str, ...]

    @property
    def mana_value(self) -> int:
        """CR 202.3: generic numbers count their value, X counts 0, every other symbol 1
        (hybrid {2/W} counts its largest component, 202.3f)."""
        total = 0
        for sym in self.symbols:
            if sym.isdigit():
                total += int(sym)
            elif sym in ("X", "Y", "Z"):
                continue
            elif "/" in sym:
                parts = [int(p) if p.isdigit() else 1 for p in sym.split("/") if p != "P"]
                total += max(parts) if parts else 1
            else:
                total += 1
        return total

    @property
    def colors(self) -> tuple[str, ...]:
        """CR 202.2: the colors of the colored symbols, in WUBRG order."""
        found = {_COLOR_OF[ch] for sym in self.symbols for ch in sym.split("/") if ch in _COLOR_OF}
        return tuple(c for c in _COLOR_OF.values() if c in found)


def parse_cost(text: str) -> ManaCost:
    """Parse ``{2}{W}{W}``; raise ValueError naming the bad part."""
    stripped = text.strip()
    if stripped == "":
        return ManaCost(())
    symbols = _SYMBOL.findall(stripped)
    if "".join("{" + s + "}" for s in symbols) != stripped.replace(" ", ""):
        raise ValueError(f"expected mana symbols such as {{2}}{{W}}, got {text!r}")
    for sym in symbols:
        parts = sym.split("/")
        for part in parts:
            # ASCII digits only: str.isdigit() also accepts superscripts, which int() refuses
            number = part.isascii() and part.isdigit()
            if not (number or part in ("W", "U", "B", "R", "G", "C", "S", "X", "Y", "Z", "P")):
                raise ValueError(f"unknown mana symbol {{{sym}}}")
            if number and int(part) > MAX_GENERIC:
                raise ValueError(f"mana symbol {{{sym}}}: at most {MAX_GENERIC} generic mana in one symbol")
    cost = ManaCost(tuple(symbols))
    if len(symbols) > MAX_GENERIC or cost.mana_value > MAX_GENERIC:
        # the engines sum a cost's symbols (CR 202.3) in 32-bit integers
        raise ValueError(f"expected mana of at most {MAX_GENERIC} in total, got {text[:40]!r}"
                         + ("..." if len(text) > 40 else ""))
    return cost


# the largest generic mana symbol, and the largest mana value of a cost or an amount (clingo's
# integers have 32 bits; no cost comes near it)
MAX_GENERIC = 1_000_000


def generic_amount(text: str) -> int:
    """Total mana in an amount such as ``{4}`` or ``{2}{W}`` (each symbol's mana value)."""
    return parse_cost(text).mana_value
