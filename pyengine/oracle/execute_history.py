"""Generated games for compiled triggered abilities that read the turn so far
(pyengine.oracle.trigger_history, pyengine.triggers.history): the player's Nth spell or card
of the turn made to happen ("your second spell each turn": alice casts Lightning Bolt at bob
twice, the first resolving before the second is cast; "your second card each turn": alice
draws twice), and an intervening "if you gained life this turn" / "if an opponent lost life
this turn" made true by the life gained or lost earlier in the turn (603.4)."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled

_PLAYER = {"you": "alice", "opponent": "bob", "any": "alice"}
# steps that come before the precombat main phase (a game starting there gets no priority in
# the untap step: the events that happened earlier in the turn are made in the main phase)
_EARLY = ("untap", "upkeep", "draw")


def nth_game(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    """The event made to happen ``nth`` times in one turn, the ability resolving after the
    last: alice's (bob's, for "an opponent") spells cast or cards drawn."""
    from pyengine.oracle.execute_triggers import _doc

    n, who = when["nth"], _PLAYER.get(when.get("player", "you"))
    if who is None or n > 4 or when.get("obj"):
        return None
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        on_field["attached_to"] = "bears"
    other = "alice" if who == "bob" else "bob"
    if when["kind"] == "draw":
        script: list[Any] = [{"draw": who} for _ in range(n)] + ["resolve"]
        return _doc(card, [on_field], script, "alice", "precombat_main")
    if when["kind"] != "cast":
        return None
    bolts = [{"id": f"spell{i}", "card": "Lightning Bolt", "owner": who, "zone": "hand"} for i in range(n)]
    script = []
    for i in range(n):  # each resolves before the next is cast: the Nth triggers (601.2i)
        script += [{"stack": {"object": f"spell{i}", "controller": who, "targets": [other]}}, "resolve"]
    script.append("resolve")  # the ability first, then the Nth spell (405.5)
    return _doc(card, [on_field, *bolts], script, who, "precombat_main")


def satisfy(cond: dict[str, Any], doc: dict[str, Any]) -> bool | None:
    """Make ``{compare: [{this_turn: ...}, >=, N]}`` true earlier in the game's turn: alice
    gains N life, or bob (alice, for "you") loses N life, before the trigger event; None
    when the condition is not of this kind, False when this game can't make it true (it goes
    on to another turn)."""
    got = cond.get("compare") if isinstance(cond, dict) else None
    if not (isinstance(got, list) and isinstance(got[0], dict) and "this_turn" in got[0]):
        return None
    lhs, op, n = got
    what, who = lhs["this_turn"]["what"], lhs["this_turn"]["player"]
    if op not in (">=", ">") or not isinstance(n, int) or what not in ("life_gained", "life_lost"):
        return False
    n += op == ">"
    script = doc["query"]["script"]
    if any(isinstance(a, dict) and isinstance(a.get("advance"), dict) and "turn" in a["advance"]
           for a in script):
        return False  # the trigger event is in a later turn: this turn's history is not its
    player = "alice" if who == "you" else "bob"
    kind = "gain_life" if what == "life_gained" else "lose_life"
    ahead: list[Any] = [{"events": [{"kind": kind, "player": player, "amount": n}]}]
    if doc["turn"]["step"] in _EARLY:
        first = script[0] if script else None
        step = first.get("advance") if isinstance(first, dict) else None
        if step not in ("end", "postcombat_main", "beginning_of_combat", "end_of_combat"):
            return False
        ahead.insert(0, {"advance": "precombat_main"})
    doc["query"]["script"] = [*ahead, *script]
    return True
