"""The card's triggered abilities that trigger on the same event as the one a generated game is
about (pyengine.oracle.execute_game): "When this enchantment enters, exile target creature ..."
and "When this enchantment enters, scry 1." both trigger as it enters (603.2), and its
controller puts them on the stack in the order they choose (603.3b). The game then orders them
(``order_triggers`` with the ids ``card:N``, N the ability's index: the one the game is about
first, so that it resolves last, 405.5) and resolves each. Another ability that needs a choice
the game doesn't give (its targets, modes, "you may", an intervening "if") makes no game.

Also what the sampled corpus found generated games short of: another ability of the card that
can't trigger in the game doesn't refuse it (``quiet``), a spell of bob's for an activated
ability to target (``spell_first``), a graveyard card with the subtype a target asks for
(``graveyard_card``), and the discard choice after named cards were returned to alice's hand
(``discard_after_return``).
"""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled


def together(card: Compiled, triggers: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The other triggered abilities of the card with the first one's trigger event (the same
    ``when``, no condition), [] when none; None when one of them needs a choice not given."""
    from pyengine.oracle.execute_game import choices

    first = triggers[0]["trigger"]
    if "when" not in first or "if" in first:
        return []
    same = [t for t in triggers[1:] if t["trigger"].get("when") == first["when"]]
    for t in same:
        if t.get("targets") or "modes" in t or set(t["trigger"]) != {"when"} or choices(t.get("do", [])) != ([], 0):
            return None
    return same


def ordered(card: Compiled, first: dict[str, Any], others: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``order_triggers`` item putting ``first`` on the stack first (603.3b)."""
    abilities = card.card.get("abilities", [])
    index = [next(i for i, a in enumerate(abilities) if a is t) for t in [first, *others]]
    return {"order_triggers": {"alice": [f"card:{i}" for i in index]}}


# the events of a card's own that a generated game makes only when it is about them: turned
# face up (702.37e, 708.8), transformed (701.27a), cycled from alice's hand (702.29a)
_OWN_ACTION = {"turned_face_up": "turn_face_up", "transforms": "transform", "cycle": "cycle"}


def quiet(first: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether ``other``, another triggered ability of the card, can't trigger in the game
    about ``first``: its event is one of the card's own (turned face up, transformed, cycled)
    that neither ``first``'s event is nor its effect does, or "another ... enters" in a game
    that only destroys the card."""
    kind = other["trigger"].get("when", {}).get("kind")
    obj = other["trigger"].get("when", {}).get("obj")
    if kind == "enters" and isinstance(obj, dict) and obj.get("other") and \
            first["trigger"].get("when", {}).get("kind") in ("dies", "leaves") and \
            first["trigger"]["when"].get("obj") == "self":
        # "another ... enters": the game destroys the card (and nothing enters, 603.6a) unless
        # the first ability's effect puts something onto the battlefield
        text = repr(first.get("do", []))
        return "battlefield" not in text and "create" not in text
    if kind not in _OWN_ACTION or other["trigger"]["when"].get("obj") != "self":
        return False
    if first["trigger"].get("when", {}).get("kind") == kind:
        return False
    return _OWN_ACTION[kind] not in repr(first.get("do", [])) and "face" not in repr(first.get("do", []))


def discard_after_return(followed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``discard_choice`` for alice's "then discard a card" after the effect put named cards
    (the generated graveyard's) into her hand (Macabre Waltz): her hand then holds named and
    unnamed cards, and she discards unnamed ones (701.9b: the player chooses); [] otherwise."""
    out: list[dict[str, Any]] = []
    returned = False
    for ev in followed:
        if ev.get("kind") == "move" and ev.get("to") == "hand" and ev.get("object") != "self":
            returned = True
        elif ev.get("kind") == "discard" and returned and ev.get("player") == "you" and "card" not in ev:
            n = ev.get("count", 1)
            if not isinstance(n, int):
                return []
            out.append({"discard_choice": {"card": ["unnamed"] * n}})
    return out


def spell_first(sel: dict[str, Any], extra: list[dict[str, Any]]) -> tuple[list[Any], str] | None:
    """For an activated ability of alice's targeting a spell ("Counter target noncreature
    spell"): an instant of bob's hand fitting ``sel`` that he casts in her main phase, she
    passing priority first and he after it (117.3c, 117.1a: an instant any time he has
    priority); the script and the spell's id, added to ``extra``; None when no instant of the
    pool's spells fits or when the selector says more than types."""
    from pyengine.oracle.execute_game import SPELLS, fits

    rest = {k: v for k, v in sel.items() if k != "zone"}
    got = next(((sid, name, aims) for sid, name, types, aims in SPELLS
                if "Instant" in types and fits(rest, types, (), "bob")), None)
    if got is None:
        return None
    sid, name, aims = got
    extra.append({"id": sid, "card": name, "owner": "bob", "zone": "hand"})
    return ["pass", {"stack": {"object": sid, "controller": "bob", "targets": aims}}, "pass"], sid


def graveyard_card(sel: Any, oid: str) -> dict[str, Any] | None:
    """A card of alice's graveyard for a target "Goblin card from your graveyard" the generated
    graveyard has none for (115.1, 115.2): an inline card with the subtypes (and the card type
    they go with, 205.3d) the selector names; None for a selector saying more."""
    from pyengine.model import subtypes as table

    if not isinstance(sel, dict) or sel.get("zone") != "graveyard" or \
            set(sel) - {"zone", "owner", "controller", "subtypes", "types", "other"} or \
            sel.get("owner", sel.get("controller", "you")) != "you" or not sel.get("subtypes"):
        return None
    kinds = {table.category(s) for s in sel["subtypes"]}
    if len(kinds) != 1 or None in kinds:
        return None
    kind = str(next(iter(kinds))).capitalize()
    types = list(sel.get("types") or [kind])
    if kind not in types:
        return None
    card: dict[str, Any] = {"id": oid, "name": "Generated Card", "types": types,
                            "subtypes": list(sel["subtypes"]), "mana_cost": "{G}", "colors": ["green"],
                            "owner": "alice", "zone": "graveyard"}
    if "Creature" in types:
        card.update({"power": 1, "toughness": 1})
    return card
