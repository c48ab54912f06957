"""Replicate (CR 702.56a): "Replicate [cost]" means "As an additional cost to cast this spell,
you may pay [cost] any number of times" and "When you cast this spell, if a replicate cost was
paid for it, copy it for each time its replicate cost was paid. If the spell has any targets,
you may choose new targets for any of the copies."

A mana cost is the keyword ``{replicate: COST}``: the cast engine's additional cost (the cast's
``replicate: N``, asp/cast/replicate.lp) and the game's cast trigger (pyengine.game.replicate,
the copies: pyengine.game.copies, 707.10). As storm's, it is kept only on an instant or sorcery
whose instructions the game copies (pyengine.oracle.keyword_storm.copyable); otherwise, and for
a cost other than mana ("Replicate—Tap an untapped Horror you control.", "Replicate—Pay
{E}{E}{E}."), "Replicate" stays a keyword held by name.
"""

from __future__ import annotations

from typing import Any


def cost(card: dict[str, Any]) -> str | None:
    """The card's one replicate mana cost, or None."""
    costs = [a["replicate"] for a in card.get("abilities", ())
             if isinstance(a, dict) and set(a) == {"replicate"} and isinstance(a["replicate"], str)]
    return costs[0] if len(costs) == 1 else None


def kept(base: dict[str, Any], clauses: list[Any]) -> list[Any]:
    """The clauses, replicate held by name again (its keyword dropped) when the game doesn't
    copy what the spell does."""
    from pyengine.oracle import keyword_storm as KS
    from pyengine.oracle import templates as T
    from pyengine.oracle.compile import Clause

    abilities = base.get("abilities", [])
    mine = [a for a in abilities if isinstance(a, dict) and set(a) == {"replicate"}]
    if not mine or KS.copyable(base):
        return clauses
    base["abilities"] = [a for a in abilities if a not in mine] or None
    if base["abilities"] is None:
        base.pop("abilities")
    return [Clause(c.text, T.KEYWORDS_TEXT, "held by name only: replicate")
            if c.template == "keywords" and c.text.lower().startswith("replicate") else c for c in clauses]
