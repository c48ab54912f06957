"""The generated game's library for a look at the top cards ("Look at the top four cards of your
library. You may reveal a creature card from among them and put it into your hand. Put the rest
on the bottom of your library in a random order.": ``{kind: look}``, pyengine.game.look).

Alice's top cards are named inline cards of known types (``look-1`` ... ``look-N``, among her
10 cards): with a quality, the first has it (the card types, supertypes and subtypes of its
first alternative) and the others have none of its alternatives; without one, each is a
sorcery. Her choice, given ahead: the card with the quality taken ("you may": she does, 603.5
as the generated game's "you may"s), or the first K cards for "put K of them", every one with
it for "all"; the rest in the order they were. The check is where each card ends: the cards
taken in the zone the instruction names (tapped onto the battlefield when it says so), the rest
in her library or graveyard; her library's size goes down by the cards that left it.
"""

from __future__ import annotations

from typing import Any

from pyengine.model import subtypes as subtype_table

_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "instant", "sorcery")
_SUPER = ("basic", "legendary", "snow")
_FILLERS = (("Sorcery",), ("Instant",), ("Artifact",), ("Enchantment",), ("Land",))
_LIBRARY = 10  # the generated game's library size


def _card(oid: str, words: list[str]) -> dict[str, Any] | None:
    """An inline library card with these supertype, card type and subtype words."""
    types = [w.capitalize() for w in words if w.lower() in _TYPES]
    supers = [w.capitalize() for w in words if w.lower() in _SUPER]
    subs = [w for w in words if w.lower() not in _TYPES + _SUPER]
    if not types:
        kinds = {subtype_table.category(s) for s in subs}
        if len(kinds) != 1 or None in kinds:
            return None
        types = [str(next(iter(kinds))).capitalize()]
    if supers == ["Basic"] and types == ["Land"] and not subs:
        subs = ["Forest"]
    card: dict[str, Any] = {"id": oid, "name": f"Looked Card {oid[5:]}", "owner": "alice", "zone": "library",
                            "types": types}
    if subs:
        card["subtypes"] = subs
    if supers:
        card["supertypes"] = supers
    if "Creature" in types:
        card.update({"power": 1, "toughness": 1})
    if "Planeswalker" in types:
        card["loyalty"] = 3
    return card


def _has(card: dict[str, Any], quality: str) -> bool:
    have = {w.lower() for k in ("types", "subtypes", "supertypes") for w in card.get(k, ())}
    return any({w.lower() for w in alt.split()} <= have for alt in quality.split(" or "))


def _flat(do: list[dict[str, Any]]) -> list[tuple[dict[str, Any], bool]]:
    return [(inner, ev.get("kind") == "may") for ev in do
            for inner in (ev.get("do", []) if ev.get("kind") == "may" else [ev])]


def with_looks(doc: dict[str, Any], do: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The generated game ``doc`` with alice's top cards and her choice for the look of ``do``;
    None when it is not one the generated game follows (two of them, another player's, another
    instruction touching a library, more cards than her library has)."""
    flat = _flat(do)
    looks = [(ev, may) for ev, may in flat if ev.get("kind") == "look"]
    script = doc["query"]["script"]
    if not looks or any(isinstance(a, dict) and "look_choice" in a for a in script):
        return doc
    ev, may = looks[0]
    others = {"draw", "mill", "scry", "surveil", "search", "look", "shuffle"}
    n = ev.get("count", 1)
    # "Scry 2, then reveal the top card of your library": a scry before it keeps its cards on top
    # in their order (the scry's choice given ahead names them), so the look sees the same cards
    scried = [e for e, _m in flat[:flat.index((ev, may))] if e.get("kind") == "scry"]
    before = [i for i, a in enumerate(script) if isinstance(a, dict) and "scry_choice" in a]
    scry_n = int(scried[0].get("count", 1)) if len(scried) == 1 and len(before) == 1 else 0
    if scry_n:
        flat = [(e, m) for e, m in flat if e is not scried[0]]
    if len(looks) > 1 or ev.get("player", "you") != "you" or not isinstance(n, int) or not 0 < n <= _LIBRARY \
            or any(e.get("kind") in others for e, _m in flat if e is not ev) \
            or any(o.get("zone") == "library" for o in doc.get("objects", ())):
        return None
    quality, take = str(ev.get("for", "")), ev.get("take", 0)
    filler = next((f for f in _FILLERS if not quality or not _has({"types": f}, quality)), None)
    if filler is None:
        return None
    cards: list[dict[str, Any]] = []
    for i in range(max(n, scry_n)):
        oid = f"look-{i + 1}"
        words = quality.split(" or ")[0].split() if quality and i == 0 else list(filler)
        made = _card(oid, words)
        if made is None:
            return None
        cards.append(made)
    ids = [c["id"] for c in cards][:n]
    if scry_n:
        script = list(script)
        kept = [c["id"] for c in cards]
        script[before[0]] = {"scry_choice": {"player": "alice", "top": kept, "bottom": []}}
    # the game starts in alice's untap step and advances past her draw step before the ability
    # resolves: her draw (504.1) takes her top card first, a card of its own above the ones looked at
    advances = [a["advance"] for a in script if isinstance(a, dict) and "advance" in a]
    early = ("untap", "upkeep")
    if doc["turn"]["active"] == "alice" and (doc["turn"]["step"] == "draw" or (
            doc["turn"]["step"] in early and any(a not in early for a in advances))):
        if doc["turn"]["step"] == "draw":
            return None
        drawn = _card("look-0", list(filler))
        assert drawn is not None
        cards.insert(0, drawn)
    if take == "all" or quality:
        taken = [c["id"] for c in cards if _has(c, quality)][:None if take == "all" else int(take)]
    else:
        taken = ids[:int(take)]
    rest = [i for i in ids if i not in taken]
    if len(cards) > _LIBRARY:
        return None
    doc.setdefault("objects", []).extend(cards)
    at = before[0] + 1 if scry_n else 0  # a player's choices are used in order: the scry's first
    pick = {"look_choice": {"player": "alice", "take": taken, "rest": rest}}
    doc["query"]["script"] = [*script[:at], pick, *script[at:]]
    if may:
        return doc
    done = doc["expect"]["checkpoints"]["done"]
    checks = done.setdefault("objects", {})
    to = ev.get("to", "hand")
    for oid in taken:
        checks[oid] = {"zone": to, **({"tapped": bool(ev.get("tapped"))} if to == "battlefield" else {})}
    where = ev.get("rest") if ev.get("rest") in ("graveyard", "hand") else "library"
    for oid in rest:
        checks[oid] = {"zone": where}
    return doc
