"""Generated games for compiled triggered abilities that read the turn so far
(pyengine.oracle.trigger_history, pyengine.triggers.history): the player's Nth spell or card
of the turn made to happen ("your second spell each turn": alice casts Lightning Bolt at bob
twice, the first resolving before the second is cast; "your second card each turn": alice
draws twice), and an intervening "if you gained life this turn" / "if an opponent lost life
this turn" / "if you attacked this turn" made true by the life gained or lost, or an attack,
earlier in the turn (603.4)."""

from __future__ import annotations

from typing import Any

from pyengine.oracle.compile import Compiled

_PLAYER = {"you": "alice", "opponent": "bob", "any": "alice"}
# steps that come before the precombat main phase (a game starting there gets no priority in
# the untap step: the events that happened earlier in the turn are made in the main phase)
_EARLY = ("untap", "upkeep", "draw")
# script items that are game actions; the others given first are choices made ahead
_ACTIONS = ("advance", "stack", "events", "draw", "attack", "block", "deal", "assign", "cast", "activate")


def _split(script: list[Any]) -> tuple[list[Any], list[Any]]:
    """The choices made ahead the script begins with, and its actions from the first on."""
    for i, a in enumerate(script):
        if not isinstance(a, dict) or set(a) & set(_ACTIONS):
            return script[:i], script[i:]
    return script, []


def nth_game(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    """The event made to happen ``nth`` times in one turn, the ability resolving after the
    last: alice's (bob's, for "an opponent") spells cast or cards drawn."""
    from pyengine.oracle.execute_triggers import _doc

    n, who = when.get("nth", 1), _PLAYER.get(when.get("player", "you"))
    if who is None or n > 4 or when.get("obj") and not _bolt_fits(when["obj"], when.get("turn")):
        return None
    active = "bob" if when.get("turn") == "opponent" else "alice"  # 102.1
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        on_field["attached_to"] = "bears"
    other = "alice" if who == "bob" else "bob"
    if when["kind"] == "draw":
        script: list[Any] = [{"draw": who} for _ in range(n)] + ["resolve"]
        return _doc(card, [on_field], script, active, "precombat_main")
    if when["kind"] in ("life_gain", "life_loss"):  # 119.3: one event each time
        kind = "gain_life" if when["kind"] == "life_gain" else "lose_life"
        script = [{"events": [{"kind": kind, "player": who, "amount": 1}]} for _ in range(n)] + ["resolve"]
        return _doc(card, [on_field], script, active, "precombat_main")
    if when["kind"] != "cast":
        return None
    bolts = [{"id": f"spell{i}", "card": "Lightning Bolt", "owner": who, "zone": "hand"} for i in range(n)]
    script = []
    for i in range(n):  # each resolves before the next is cast: the Nth triggers (601.2i)
        if when.get("turn") and who != active:  # the active player passes first (117.3a, 117.3d)
            script.append("pass")
        script += [{"stack": {"object": f"spell{i}", "controller": who, "targets": [other]}}, "resolve"]
    script.append("resolve")  # the ability first, then the Nth spell (405.5)
    return _doc(card, [on_field, *bolts], script, active if when.get("turn") else who, "precombat_main")


def _bolt_fits(sel: dict[str, Any], turn: str | None) -> bool:
    """Whether Lightning Bolt (a red instant, mana value 1) is a spell of the quality: cast in
    an opponent's turn, an instant can be (304.5)."""
    from pyengine.oracle import execute_game as EG

    mv = sel.get("mana_value", {})
    rest = {k: v for k, v in sel.items() if k != "mana_value"}
    return turn is not None and bool(EG.fits(rest, ("Instant",), ("red",), "alice")) and \
        mv.get("gte", 1) <= 1 <= mv.get("lte", 1)


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
    if op not in (">=", ">") or not isinstance(n, int) or \
            what not in ("life_gained", "life_lost", "attacked", *_ZONE_EVENTS):
        return False
    n += op == ">"
    chosen, script = _split(doc["query"]["script"])
    if any(isinstance(a, dict) and isinstance(a.get("advance"), dict) and "turn" in a["advance"]
           for a in script):
        return False  # the trigger event is in a later turn: this turn's history is not its
    if what == "attacked":
        return who == "you" and n == 1 and _attacked(doc, chosen, script)
    player = "alice" if who == "you" else "bob"
    if what in _ZONE_EVENTS:
        if who == "opponent" or n > 5:
            return False
        ahead: list[Any] = _zone_events(what, n, doc["objects"])
    else:
        kind = "gain_life" if what == "life_gained" else "lose_life"
        ahead = [{"events": [{"kind": kind, "player": player, "amount": n}]}]
    if doc["turn"]["step"] in _EARLY:
        first = script[0] if script else None
        step = first.get("advance") if isinstance(first, dict) else None
        if step not in ("end", "postcombat_main", "beginning_of_combat", "end_of_combat"):
            return False
        ahead.insert(0, {"advance": "precombat_main"})
    doc["query"]["script"] = [*chosen, *ahead, *script]
    return True


# zone changes of the turn (pyengine.triggers.history.ZONES_WHAT) made by events: alice's
# vanilla creature cards destroyed (each dies, 700.4, leaves the battlefield under her control
# and is a permanent card put into her graveyard, 700.11), or put onto the battlefield from exile
_ZONE_EVENTS = ("creatures_died", "permanents_left", "descended", "nonland_entered")


def _zone_events(what: str, n: int, objs: list[dict[str, Any]]) -> list[Any]:
    enter = what == "nonland_entered"
    events = []
    for i in range(n):
        oid = f"history{i}"
        objs.append({"id": oid, "name": f"Generated Victim {i + 1}", "types": ["Creature"], "colors": [],
                     "power": 1, "toughness": 1, "owner": "alice",
                     **({"zone": "exile"} if enter else {"controller": "alice", "timestamp": 30 + i})})
        events.append({"kind": "move", "object": oid, "from": "exile", "to": "battlefield"} if enter
                      else {"kind": "destroy", "object": oid})
    return [{"events": events}]


def _attacked(doc: dict[str, Any], chosen: list[Any], script: list[Any]) -> bool:
    """"If you attacked this turn" (508.1): in alice's turn, before the trigger event, a
    vanilla creature of hers attacks bob and deals its combat damage (510.1); the game goes on
    to the postcombat main phase, where the trigger event happens (or on to the step the
    script advances to)."""
    if doc["turn"]["active"] != "alice" or doc["turn"]["step"] not in (*_EARLY, "precombat_main"):
        return False
    first = script[0] if script else None
    step = first.get("advance") if isinstance(first, dict) else None
    if step is not None and step not in ("end", "postcombat_main"):
        return False  # the trigger event is in combat, or before it
    if step is None and doc["turn"]["step"] != "precombat_main":
        return False
    if any(isinstance(a, dict) and ("attack" in a or "block" in a) for a in script):
        return False
    doc["objects"].append({"id": "raider", "name": "Generated Raider", "types": ["Creature"],
                           "colors": [], "power": 1, "toughness": 1, "controller": "alice",
                           "timestamp": 39})
    ahead: list[Any] = [{"advance": "declare_attackers"}, {"attack": {"raider": "bob"}},
                        {"advance": "combat_damage"}, {"assign": "default"}]
    if step is None:
        ahead.append({"advance": "postcombat_main"})
    doc["query"]["script"] = [*chosen, *ahead, *script]
    return True
