"""Alternative costs with riders (CR 118.9, 601.2b, 601.2f-h) written out as their rules define
them: the cast engine reads the cost by name (asp/cast/announce.lp ``alt_cost``), and the
permanent the spell becomes remembers which alternative cost was paid (the object's
``alt_cost``, the selector flags ``evoked`` and ``dashed``, pyengine.model.objects.ALT_FLAGS).

- Evoke (702.74a): "Evoke [cost]" means "You may cast this card by paying [cost] rather than
  paying its mana cost" and "When this permanent enters, if its evoke cost was paid, its
  controller sacrifices it." The trigger is an ordinary triggered ability with an intervening
  "if" (603.4) on the ``evoked`` flag; with the card's other "when this enters" abilities it
  triggers at once, and the controller orders them (603.3b).
- Dash (702.109a): "You may cast this card by paying [cost] rather than its mana cost," "If this
  spell's dash cost was paid, return the permanent this spell becomes to its owner's hand at the
  beginning of the next end step" (a static ability of the spell: the game creates the delayed
  triggered ability as the permanent is put onto the battlefield, 608.3g; pyengine.game.alt_costs)
  and "As long as this permanent's dash cost was paid, it has haste" (a static ability with a
  condition).
- Blitz (702.152a): "You may cast this card by paying [cost] rather than its mana cost," "If
  this spell's blitz cost was paid, sacrifice the permanent this spell becomes at the beginning
  of the next end step" (the game's delayed triggered ability, as dash's) and "As long as this
  permanent's blitz cost was paid, it has haste and 'When this permanent is put into a
  graveyard from the battlefield, draw a card.'" (a static grant of haste and a triggered
  ability, 113.1; for a creature, "dies", 700.4, looking back in time, 603.10a).

Only a mana cost is read ("Blitz—{2}{B}{B}, Pay 2 life." stays a name); madness, surge,
spectacle and emerge are read elsewhere (keyword_madness, the cast engine's alt_cost: asp/cast);
prowl stays a keyword held by name.
"""

from __future__ import annotations

from typing import Any

# the keywords this module writes out, the cost word the cast engine reads
ALT_KEYWORDS = ("evoke", "dash", "blitz")

DEFINITIONS = {
    "evoke": "When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
    "dash": "As long as this permanent's dash cost was paid, it has haste.",
    "blitz": (
        "As long as this permanent's blitz cost was paid, it has haste and \"When this permanent is "
        'put into a graveyard from the battlefield, draw a card."'
    ),
}

# 702.152a, 700.4: the ability a blitzed creature has ("dies": put into a graveyard from the battlefield)
_BLITZ_DRAW = {
    "trigger": {"when": {"kind": "dies", "obj": "self"}},
    "do": [{"kind": "draw", "player": "you", "count": 1}],
    "text": "When this permanent is put into a graveyard from the battlefield, draw a card.",
}


def riders(item: Any) -> list[dict[str, Any]] | None:
    """The abilities an alternative-cost keyword ``{evoke: "{2}{U}"}`` adds beside the cost
    (the cast engine reads the cost itself), or None when ``item`` is no such keyword."""
    if not isinstance(item, dict) or len(item) != 1:
        return None
    word, cost = next(iter(item.items()))
    if word not in ALT_KEYWORDS or not isinstance(cost, str):
        return None
    text = f"{word.capitalize()} {cost}"
    if word == "evoke":  # 702.74a, 603.4: checked as it triggers and as it resolves
        return [
            {
                "trigger": {
                    "when": {"kind": "enters", "obj": "self"},
                    "if": {"exists": {"self": True, "zone": "any", "evoked": True}},
                },
                "do": [{"kind": "sacrifice", "object": "self"}],
                "text": text,
            }
        ]
    if word == "blitz":  # 702.152a (the sacrifice at the end step: pyengine.game.alt_costs)
        return [
            {
                "static": {
                    "affects": "self",
                    "condition": {"exists": {"self": True, "blitzed": True}},
                    "add_abilities": ["haste", dict(_BLITZ_DRAW)],
                },
                "text": text,
            }
        ]
    # 702.109a: haste as long as its dash cost was paid (the return: pyengine.game.alt_costs)
    return [
        {
            "static": {
                "affects": "self",
                "condition": {"exists": {"self": True, "dashed": True}},
                "add_abilities": ["haste"],
            },
            "text": text,
        }
    ]


def is_evoke_sacrifice(ability: Any) -> bool:
    """Whether ``ability`` is evoke's sacrifice trigger (702.74a)."""
    return isinstance(ability, dict) and ability.get("trigger", {}).get("if") == {
        "exists": {"self": True, "zone": "any", "evoked": True}
    }


def alt_cost(card: dict[str, Any], word: str) -> str | None:
    """The card's one ``word`` cost (evoke, dash) in mana symbols, or None."""
    costs = [
        a[word]
        for a in card.get("abilities", ())
        if isinstance(a, dict) and set(a) == {word} and isinstance(a[word], str)
    ]
    return costs[0] if len(costs) == 1 else None
