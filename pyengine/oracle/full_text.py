""""As long as the top card of your graveyard is a creature card, SELF has the full text of
that card and has the text "{2}: Discard a card."" (Volrath's Shapeshifter).

CR 612.6: an object that has the "full text" of another has that object's name, mana cost,
color indicator, type line, rules text, power and toughness: a text-changing effect (layer 3,
613.1c; not a copy effect, so a copy of SELF copies its printed text, 707.2). "That card" is
the top card of the controller's graveyard (404.1-404.2: its cards in order, top first), read
continuously (611.3a): the static effect ``{affects: self, condition: {exists: TOP_CREATURE},
full_text: {of: TOP, add_abilities: [QUOTED]}}`` (pyengine/lang/ops_full_text.py). The quoted
text must compile into an ability the engines run (pyengine/oracle/effects_quoted.py), else
the paragraph stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from pyengine.oracle.common import Abilities
from pyengine.oracle.common import static as _static

_FULL = re.compile(r"As long as the top card of your graveyard is an? (creature|artifact|land|enchantment) card, "
                   r"SELF has the full text of that card(?: and has the text (\"[^\"]+\.\")|\.)")


def template(par: str, text: str, card: dict[str, Any]) -> Abilities | None:
    """The full-text static ability (CR 612.6, 404.1), or None."""
    m = _FULL.fullmatch(par)
    if m is None:
        return None
    adds: list[Any] = []
    if m.group(2):
        from pyengine.oracle.effects_quoted import ability

        got = ability(m.group(2), card)
        if got is None:
            return None
        adds = got
    top = {"zone": "graveyard", "owner": "you", "top_of_graveyard": True}
    full: dict[str, Any] = {"of": top}
    if adds:
        full["add_abilities"] = adds
    return [_static(text, {"affects": "self",
                           "condition": {"exists": {**top, "types": [m.group(1).capitalize()]}},
                           "full_text": full})]


# the generated board's top card of alice's graveyard: a creature card with a name, a cost,
# colors, types and abilities all unlike any "full text" card's own
TOP_CARD = "Serra Angel"


def board_top(card: Any, me: dict[str, Any]) -> list[dict[str, Any]]:
    """For a card with the full-text ability: Serra Angel on top of alice's graveyard (CR
    404.1), and the card's expected name on the generated board (612.6: it has the full text of
    that card, so its name is "Serra Angel"; ``name_now``, read by the generator and removed);
    none for any other card."""
    if not any(c.template == NAME for c in card.clauses):
        return []
    me["name_now"] = TOP_CARD
    return [{"id": "topcard", "card": TOP_CARD, "owner": "alice", "zone": "graveyard"}]


NAME = "has the full text of the top card of your graveyard"
