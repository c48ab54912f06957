"""Replacement effects the rules give a permanent by its card type (CR 306.5b, 310.4b).

A planeswalker has the intrinsic ability "This permanent enters with a number of loyalty
counters on it equal to its printed loyalty number", a battle the same with defense counters;
each creates a replacement effect (614.1c). Like a basic land's mana ability (305.6), it is
not written on the card: scenarios and the catalog leave it out, and the engine gives it to
every permanent that would enter as a planeswalker or a battle, read from its characteristics
as it would exist on the battlefield (614.12: a copy of a planeswalker has the loyalty it
copies, 707.2).

It is an ordinary replacement effect, not a self-replacement effect: 614.15 defines those as
an effect of a resolving spell or ability replacing part of that spell or ability's own
effect, and this one comes from a static ability of the entering permanent (614.12: "such
effects may come from the permanent itself"). So it takes no precedence under 616.1a; the
player it enters under the control of chooses its order among the others (616.1e).
"""

from __future__ import annotations

from dataclasses import dataclass

from pyengine.layers.result import ObjectChars
from pyengine.replacement import spec as S


@dataclass(frozen=True)
class Intrinsic:
    """One intrinsic "enters with counters" ability: its name suffix (``loyalty``,
    ``defense``), its text and its replacement effect."""

    name: str
    text: str
    spec: S.ReplacementSpec


# card type, the characteristic giving the number, the counter kind, the rule
RULES = (("Planeswalker", "loyalty", "loyalty", "306.5b"),
         ("Battle", "defense", "defense", "310.4b"))


def intrinsic_abilities(chars: ObjectChars) -> list[Intrinsic]:
    """The intrinsic abilities of a permanent with these characteristics (after layers, on the
    battlefield). A planeswalker without a printed loyalty (none given), or with 0, has no
    counters to put, so it gets no effect (one would only add an event of 0 counters, which
    never happens; 614.7)."""
    out = []
    types = {t.lower() for t in chars.types}
    for card_type, attr, counter, rule in RULES:
        number = getattr(chars, attr)
        if card_type.lower() in types and number is not None and number > 0:
            text = (f"This permanent enters with {number} {counter} counters on it "
                    f"(CR {rule}: its printed {attr} number).")
            out.append(Intrinsic(counter, text, S.enters_with_counters(counter, number)))
    return out
