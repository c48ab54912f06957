"""The choices of a generated game's scries and surveils (pyengine.game.library): the player
keeps every card looked at on top, in the order they were (701.22a, 701.25a), so the libraries'
sizes are what the effect's draws and mills alone make them. The cards looked at are named as
the game names them: the named cards on top first, then ``PLAYER-card-N`` for the unnamed ones
(N the first number unused), followed through the effect's draws and mills."""

from __future__ import annotations

from typing import Any

WHO = {"you": "alice", "opponent": "bob", "target": "bob"}


def look_choices(do: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The script's ``scry_choice`` / ``surveil_choice`` items for the instructions of ``do``
    (``may`` instructions' events included), in order; None when a scry's player isn't one the
    generated game names."""
    tops: dict[str, list[str]] = {"alice": [], "bob": []}
    made = {"alice": 0, "bob": 0}
    out: list[dict[str, Any]] = []
    flat = [inner for ev in do for inner in (ev.get("do", []) if ev.get("kind") == "may" else [ev])]
    for ev in flat:
        kind = ev.get("kind")
        if kind in ("draw", "mill"):
            who = ev.get("player", "you") if kind == "draw" else ev.get("object", {}).get("top_of")
            n = ev.get("count", 1)
            if not isinstance(n, int):  # computed as it resolves (608.2h): the cards not followed
                if any(e.get("kind") in ("scry", "surveil") for e in flat):
                    return None
                continue
            if who in WHO:
                tops[WHO[who]] = tops[WHO[who]][n:]
        elif kind in ("scry", "surveil"):
            who = ev.get("player", "you")
            if who not in WHO:
                return None
            p, n = WHO[who], int(ev.get("count", 1))
            if n <= 0:
                continue
            looked = tops[p][:n]
            while len(looked) < n:
                made[p] += 1
                looked.append(f"{p}-card-{made[p]}")
            tops[p] = looked + tops[p][n:]
            away = "bottom" if kind == "scry" else "graveyard"
            out.append({f"{kind}_choice": {"player": p, "top": looked, away: []}})
    return out


# a catalog card for a searched quality (pyengine.game.search): its supertype, type and
# subtype words, lower case
_FOUND = (("Forest", {"basic", "land", "forest"}), ("Plains", {"basic", "land", "plains"}),
          ("Island", {"basic", "land", "island"}), ("Swamp", {"basic", "land", "swamp"}),
          ("Mountain", {"basic", "land", "mountain"}), ("Grizzly Bears", {"creature", "bear"}),
          ("Ornithopter", {"artifact", "creature", "thopter"}), ("Glorious Anthem", {"enchantment"}),
          ("Lightning Bolt", {"instant"}), ("Act of Treason", {"sorcery"}))


def with_searches(doc: dict[str, Any], do: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The generated game ``doc`` with, for each of alice's searches of ``do`` (``may`` ones
    included), a card of that quality in her library (``found-N``, among her 10 cards) and her
    choice to find it, given ahead (701.23a); a search not inside a ``may`` checks where the
    card went (tapped onto the battlefield, or into her hand). None when a search is not one
    the generated game can follow. A look at the top cards is pyengine.oracle.execute_look's."""
    from pyengine.oracle.execute_look import with_looks

    looked = with_looks(doc, do)  # 701.20e: alice's top cards and her choice, given ahead
    if looked is None:
        return None
    from pyengine.oracle.execute_cascade import with_discover

    looked = with_discover(looked, do)  # 701.57a: alice's top cards and her choice, given ahead
    if looked is None:
        return None
    doc = looked
    flat = [(inner, ev.get("kind") == "may") for ev in do
            for inner in (ev.get("do", []) if ev.get("kind") == "may" else [ev])]
    searches = [(ev, may) for ev, may in flat if ev.get("kind") == "search"]
    script = doc["query"]["script"]
    if not searches or any(isinstance(a, dict) and "search_choice" in a for a in script):
        return doc
    done = doc["expect"]["checkpoints"]["done"]
    picks: list[dict[str, Any]] = []
    for i, (ev, may) in enumerate(searches):
        if ev.get("player", "you") != "you":
            return None
        want = {w.lower() for w in str(ev["for"]).split(" or ")[0].split()}
        card = next((name for name, have in _FOUND if want <= have), None)
        if card is None:
            return None
        oid = f"found-{i + 1}"
        doc.setdefault("objects", []).append({"id": oid, "card": card, "owner": "alice", "zone": "library"})
        picks.append({"search_choice": {"player": "alice", "found": [oid]}})
        if not may:
            where = ev.get("to", "hand")
            check: dict[str, Any] = {"zone": where}
            if where == "battlefield":
                check["tapped"] = bool(ev.get("tapped"))
            done.setdefault("objects", {})[oid] = check
            if "library" in done:
                done["library"]["alice"] -= 1
    doc["query"]["script"] = [*picks, *script]
    return doc
