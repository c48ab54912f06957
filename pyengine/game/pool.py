"""A player's mana pool (CR 106.4): typed mana, W U B R G and C (colorless), never generic.

The game keeps it in :attr:`pyengine.model.objects.Player.mana` as mana symbols (the cast
engine reads the pool there); this immutable value is how the game adds and spends it. Pools
empty at the end of each step and phase (500.5, 106.4: :func:`pyengine.game.turns.end_step`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.model.mana import parse_cost

TYPES = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Pool:
    """Amounts of mana by type, in :data:`TYPES` order, none zero."""

    amounts: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, symbols: list[str] | tuple[str, ...]) -> "Pool":
        """The mana of these symbols (a number is that much colorless mana)."""
        found: dict[str, int] = {}
        for sym in symbols:
            key, n = ("C", int(sym)) if sym.isdigit() else (sym.upper(), 1)
            if key not in TYPES:
                raise ValueError(f"{{{sym}}} is no type of mana (CR 106.1)")
            found[key] = found.get(key, 0) + n
        return cls(tuple((t, found[t]) for t in TYPES if found.get(t)))

    @classmethod
    def parse(cls, text: str) -> "Pool":
        """A pool written in mana symbols: ``"{R}{R}{C}"`` (``{2}`` is two colorless)."""
        return cls.of(parse_cost(text).symbols) if text else cls()

    def count(self) -> int:
        return sum(n for _, n in self.amounts)

    def plus(self, other: "Pool") -> "Pool":
        d = dict(self.amounts)
        for t, n in other.amounts:
            d[t] = d.get(t, 0) + n
        return Pool(tuple((t, d[t]) for t in TYPES if d.get(t)))

    def minus(self, other: "Pool") -> "Pool":
        """This pool with ``other`` spent from it (ValueError when it doesn't hold it)."""
        d = dict(self.amounts)
        for t, n in other.amounts:
            if d.get(t, 0) < n:
                raise ValueError(f"the pool {self.render()} has no {n} {{{t}}} to spend (CR 106.4)")
            d[t] -= n
        return Pool(tuple((t, d[t]) for t in TYPES if d.get(t)))

    def render(self) -> str:
        """Mana symbols, ``""`` for an empty pool."""
        return "".join(f"{{{t}}}" * n for t, n in self.amounts)
