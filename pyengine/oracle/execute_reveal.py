"""The generated game's hand for a discard chosen from a revealed hand ("Target opponent
reveals their hand. You choose a nonland card from it. That player discards that card.":
``{kind: discard, player, chooser, card: SELECTOR}``, CR 701.20a, 701.9b).

The revealed hand (bob's: the generated game's targets and opponents are his) holds named
catalog cards of known types and mana values (202.3), no unnamed card (the game can't say
whether a card it doesn't know matches, pyengine.game.reveal). The choice given ahead is the
first card of that hand the selector matches (``[]`` when none does: nothing is discarded,
609.3), and the check is that this card ends in bob's graveyard (701.9a) and the others stay in
his hand.
"""

from __future__ import annotations

from typing import Any

# id, catalog card, card types, mana value (202.3): the revealed hand
HAND: tuple[tuple[str, str, tuple[str, ...], int], ...] = (
    ("hand_bolt", "Lightning Bolt", ("Instant",), 1),
    ("hand_bears", "Grizzly Bears", ("Creature",), 2),
    ("hand_anthem", "Glorious Anthem", ("Enchantment",), 3),
    ("hand_jace", "Jace Beleren", ("Planeswalker",), 3),
    ("hand_thopter", "Ornithopter", ("Artifact", "Creature"), 0),
    ("hand_angel", "Serra Angel", ("Creature",), 5),
    ("hand_swamp", "Swamp", ("Land",), 0),
)
_KEYS = frozenset({"types", "not_types", "any_types", "mana_value"})


def is_chosen(ev: dict[str, Any]) -> bool:
    return ev.get("kind") == "discard" and "card" in ev


def _matches(sel: dict[str, Any], types: tuple[str, ...], mv: int) -> bool:
    ok = all(t in types for t in sel.get("types", ())) and \
        not any(t in types for t in sel.get("not_types", ()))
    if sel.get("any_types"):
        ok = ok and any(t in types for t in sel["any_types"])
    for op, n in sel.get("mana_value", {}).items():
        ok = ok and (mv <= n if op == "lte" else mv >= n if op == "gte" else mv == n)
    return ok


def revealed_hand(followed: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                           dict[str, Any]] | None:
    """The choice ahead, bob's hand and the checks for the chosen discard of ``followed`` (the
    events the generated game makes happen, in order); ([], [], {}) without one; None when it
    isn't generated here (two of them, a discard before it or by another player, a selector of
    other characteristics, a discarding player other than bob); bob's discards after it take
    his next cards."""
    chosen = [ev for ev in followed if is_chosen(ev)]
    if not chosen:
        return [], [], {}
    ev = chosen[0]
    others = [e for e in followed if e.get("kind") == "discard" and e is not ev]
    if len(chosen) > 1 or set(ev["card"]) - _KEYS or ev.get("player") != "target" \
            or ev.get("chooser") != "you" \
            or any(e.get("player") != "target" or followed.index(e) < followed.index(ev) for e in others):
        return None
    fits = [oid for oid, _n, types, mv in HAND if _matches(ev["card"], types, mv)]
    gone = fits[:1]
    ahead: list[dict[str, Any]] = [{"discard_choice": {"card": fits[:1]}}]
    for e in others:  # "That player discards that card, then discards a card at random": bob's
        # next cards, the script naming what his choice (or the random choice) took (701.9b)
        more = [oid for oid, *_ in HAND if oid not in gone][:e.get("count", 1)]
        gone += more
        ahead.append({"discard_choice": {"card": more}})
    hand = [{"id": oid, "card": name, "owner": "bob", "zone": "hand"} for oid, name, _t, _m in HAND]
    checks = {oid: {"zone": "graveyard" if oid in gone else "hand"} for oid, *_ in HAND}
    return ahead, hand, checks
