"""Coverage by execution of what a compiled card does: a generated game in which its spell
resolves, or its triggered ability triggers and resolves, or its activated ability is activated
and resolves (pyengine.oracle.execute_activated), run through the game (pyengine.game).

The board: alice's Grizzly Bears and Seat of the Synod; bob's Gray Ogre, Drudge Skeletons,
Ornithopter, Seat of the Synod, Glorious Anthem and Jace Beleren (catalog cards), so that a
target of most kinds exists. A spell is cast by alice in her main phase with the first fitting
target of each kind (bob, or bob's permanent; alice's for "you control") and resolves. A
triggered ability's targets are chosen the same way (before the action that triggers it, one
that the action doesn't destroy) and its event is made to happen (the card cast and resolved
for "enters", destroyed for "dies", attacking, blocking, a step begun, a life gain, a spell
cast) and the ability resolves. The run must end with the stack empty and no error, and with
what the effect does on the board: the zone of the objects it moves (a countered spell in its
owner's graveyard, 701.6a), the tokens it creates, the power and toughness of the creatures its
continuous effects affect (611.2c), the tapped status it sets (701.26) and the libraries after
its draws and mills (701.17a), computed from the compiled effect and the board's known cards;
the checks of each template's rule are the smoke tests (tests/oracle). A spell that counters a
spell is cast by alice in bob's main phase, in response to a spell of his that fits its target;
an optional instruction ("you may", 603.5) is chosen ahead as done, "unless its controller pays"
as not paid (118.12a), a discard (701.9b) takes unnamed cards of a hand of two, and a scry or
surveil keeps every card on top (pyengine.oracle.execute_library).
"""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.oracle import execute_damage
from pyengine.oracle.compile import Compiled

# id, card, controller, types, colors: the permanents of the generated board
POOL: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("ogre", "Gray Ogre", "bob", ("Creature",), ("red",)),
    ("skeletons", "Drudge Skeletons", "bob", ("Artifact", "Creature"), ()),  # {3}: colorless
    ("thopter", "Ornithopter", "bob", ("Artifact", "Creature"), ()),
    ("seat2", "Seat of the Synod", "bob", ("Artifact", "Land"), ()),
    ("anthem", "Glorious Anthem", "bob", ("Enchantment",), ("white",)),
    ("jace", "Jace Beleren", "bob", ("Planeswalker",), ("blue",)),
    ("bears", "Grizzly Bears", "alice", ("Creature",), ("green",)),
    ("seat", "Seat of the Synod", "alice", ("Artifact", "Land"), ()),
)


def fits(sel: dict[str, Any], types: tuple[str, ...], colors: tuple[str, ...],
         controller: str) -> bool | None:
    """Whether a pool permanent fits a selector (None: the selector says what isn't read here)."""
    for key, value in sel.items():
        if key == "types" and not set(value) <= set(types):
            return False
        if key == "any_types" and not set(value) & set(types):
            return False
        if key == "not_types" and set(value) & set(types):
            return False
        if key == "colors" and not set(value) <= set(colors):
            return False
        if key == "not_colors" and set(value) & set(colors):
            return False
        if key == "controller" and {"you": "alice", "opponent": "bob"}[value] != controller:
            return False
        if key == "token" and value:  # the board's permanents are cards
            return False
        if key not in ("types", "any_types", "not_types", "colors", "not_colors", "controller", "token"):
            return None
    return True


GRAVEYARD = (("grave", "Grizzly Bears", ("Creature",)), ("grave2", "Seat of the Synod", ("Artifact", "Land")),
             ("grave3", "Glorious Anthem", ("Enchantment",)), ("grave5", "Lightning Bolt", ("Instant",)),
             ("grave6", "Pyroclasm", ("Sorcery",)), ("grave7", "Jace Beleren", ("Planeswalker",)))
# their mana values (202.3), for a target "card with mana value N or less"
MANA_VALUE = {"Grizzly Bears": 2, "Seat of the Synod": 0, "Glorious Anthem": 3, "Lightning Bolt": 1,
              "Pyroclasm": 2, "Jace Beleren": 3}
# bob's graveyard, for a target card "from an opponent's graveyard" (115.2, 404.1)
BOB_GRAVEYARD = (("bgrave", "Gray Ogre", ("Creature",)),)
# and a card with a subtype, for a target "Spirit card with mana value N or less" (soulshift,
# 702.46a): an invented Spirit creature card of mana value 1 (id, name, types, subtypes, mana value)
GRAVEYARD_SUBTYPED = (("grave4", "Generated Spirit", ("Creature",), ("Spirit",), 1),)


def _pick(spec: dict[str, Any], gone: frozenset[str] = frozenset()) -> str | None:
    """The first pool object (or player, or graveyard card) that fits a target spec, leaving
    out the ``gone`` objects (those the script destroys)."""
    if "any" in spec or spec.get("player") in ("any", "opponent"):
        return "bob"
    # the card itself is no pool object: every one is "another" (its selector's `other`)
    sel = {k: v for k, v in spec.get("obj", {}).items() if k != "other"}
    # a casting target's controller of a card in a graveyard is its owner (asp/cast/targets.lp)
    if sel.get("zone") == "graveyard" and sel.get("owner", sel.get("controller")) == "opponent":  # bob's
        rest = {k: v for k, v in sel.items() if k not in ("zone", "owner", "controller")}
        return next((gid for gid, _c, types in BOB_GRAVEYARD if gid not in gone and fits(rest, types, (), "bob")),
                    None)
    if sel.get("zone") == "graveyard":  # a card of alice's graveyard
        rest = {k: v for k, v in sel.items() if k not in ("zone", "owner", "controller")}
        subs, most = rest.pop("subtypes", []), rest.pop("mana_value", {"lte": 99})
        if set(most) != {"lte"} or not isinstance(most["lte"], int):
            return None
        cards: list[tuple[str, tuple[str, ...], tuple[str, ...], int]] = [
            (gid, types, (), MANA_VALUE[card]) for gid, card, types in GRAVEYARD]
        cards += [(gid, types, sub, mv) for gid, _c, types, sub, mv in GRAVEYARD_SUBTYPED]
        return next((gid for gid, types, sub, mv in cards if gid not in gone
                     and set(subs) <= set(sub) and mv <= most["lte"] and fits(rest, types, (), "alice")), None)
    for oid, _card, ctl, types, colors in POOL:
        if oid in gone:
            continue
        ok = fits(sel, types, colors, ctl)
        if ok is None:
            return None
        if ok:
            return oid
    return None


def _fitting_card(sel: dict[str, Any]) -> dict[str, Any] | None:
    """A card of alice's hand that fits an "enters" trigger's selector: an inline object with
    the types, subtypes, supertypes and colors it names (a creature unless it names others)."""
    if set(sel) - {"types", "subtypes", "supertypes", "colors", "colorless", "controller"} \
            or sel.get("controller", "you") != "you":
        return None
    types = list(sel.get("types") or ["Creature"])
    if not sel.get("types") and sel.get("subtypes"):  # 205.3d: the type its subtypes go with
        from pyengine.oracle.phrases import subtype_table

        kinds = {subtype_table.category(s) for s in sel["subtypes"]}
        if len(kinds) != 1 or None in kinds or kinds == {"creature"}:
            kinds = {"creature"}
        types = [str(next(iter(kinds))).capitalize()]
    new: dict[str, Any] = {"id": "new", "name": "Generated Card", "owner": "alice", "zone": "hand",
                           "types": types}
    for key in ("subtypes", "supertypes"):
        if sel.get(key):
            new[key] = list(sel[key])
    if sel.get("colors"):
        new["colors"] = list(sel["colors"])
    if "Creature" in types:
        new.update({"power": 1, "toughness": 1})
    return new


def loyal(card: Compiled, extra: list[dict[str, Any]]) -> None:
    """The card on the battlefield as a planeswalker with its printed loyalty (306.5b: it
    enters with that many loyalty counters; with none it would die at once, 704.5i)."""
    if "Planeswalker" not in card.card.get("types", ()):
        return
    for o in extra:
        if o.get("id") == "card" and "zone" not in o and "loyalty" not in o.get("counters", {}):
            loyalty = str(card.card.get("loyalty", ""))
            o["counters"] = {**o.get("counters", {}), "loyalty": int(loyalty) if loyalty.isdigit() else 3}


def _objects(extra: list[dict[str, Any]]) -> list[dict[str, Any]]:
    objs: list[dict[str, Any]] = [{"id": oid, "card": card, "controller": ctl, "timestamp": i + 1}
                                  for i, (oid, card, ctl, _t, _c) in enumerate(POOL)]
    objs += [{"id": gid, "card": card, "owner": "alice", "zone": "graveyard"} for gid, card, _t in GRAVEYARD]
    objs += [{"id": gid, "card": card, "owner": "bob", "zone": "graveyard"} for gid, card, _t in BOB_GRAVEYARD]
    objs += [{"id": gid, "name": name, "types": list(types), "subtypes": list(subs), "mana_cost": "{G}",
              "colors": ["green"], "power": 1, "toughness": 1, "owner": "alice", "zone": "graveyard"}
             for gid, name, types, subs, mv in GRAVEYARD_SUBTYPED if mv == 1]
    for o in objs:
        if o["id"] == "jace":  # a planeswalker with no loyalty would die at once (704.5i)
            o["counters"] = {"loyalty": 3}
    return objs + extra


# bob's spells, cast for a spell of alice's to target on the stack (115.1): id, card, types,
# what it targets
SPELLS = (("bolt", "Lightning Bolt", ("Instant",), ["alice"]), ("bears2", "Grizzly Bears", ("Creature",), []),
          ("anthem2", "Glorious Anthem", ("Enchantment",), []),
          ("thopter2", "Ornithopter", ("Artifact", "Creature"), []))  # an artifact spell


def _counter_script(card: Compiled, what: dict[str, Any]) -> Generated | None:
    """bob, the active player, casts a spell in his main phase that fits ``what`` and passes;
    alice casts the card targeting it on the stack (an instant: 117.1a) and it resolves; its
    other targets (Lost in the Mist's "Return target permanent ...") are the board's."""
    casting = card.card.get("casting", {}).get("targets", [])
    if "Instant" not in card.card.get("types", ()) or \
            sum(1 for t in casting if t["what"].get("zone") == "stack") != 1:
        return None
    rest = {k: v for k, v in what.items() if k != "zone"}
    got = next(((sid, name, targets) for sid, name, types, targets in SPELLS if fits(rest, types, (), "bob")),
               None)
    if got is None:
        return None
    sid, name, targets = got
    mine: list[str] = []
    made: list[dict[str, Any]] = []
    for t in casting:
        spec = {"player": "any"} if t["what"].get("players") else {"obj": t["what"]}
        pick = sid if t["what"].get("zone") == "stack" else _pick(spec) or _made(spec, made)
        if pick is None or "combat" in t["what"]:
            return None
        mine.append(pick)
    me = {"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}
    theirs = {"id": sid, "card": name, "owner": "bob", "zone": "hand"}
    script = [{"stack": {"object": sid, "controller": "bob", "targets": targets}}, "pass",
              {"stack": {"object": "card", "controller": "alice", "targets": mine}}, "resolve"]
    return [me, theirs, *made], script, "bob", "precombat_main"


def _spell_script(card: Compiled) -> tuple[list[dict[str, Any]], list[Any]] | None:
    targets = []
    # a card's does: takes its targets from casting: targets (601.2c); a player is a legal
    # choice where the target may be a player ("any target", 115.4; "target player")
    made: list[dict[str, Any]] = []
    casting = card.card.get("casting", {}).get("targets", [])
    specs = [{"player": "any"} if t["what"].get("players") else {"obj": t["what"]} for t in casting]
    for spec, t in zip(specs, casting, strict=True):
        # "up to N target": the entries of one group are different objects (115.3)
        taken = frozenset(x for x, u in zip(targets, casting, strict=False) if "group" in t
                          and u.get("group") == t["group"])
        # another object than the other entries' where one fits: two instructions moving one card
        # would find it gone the second time (400.7), which a generated game doesn't show
        others = frozenset(x for x in targets if x not in ("alice", "bob"))
        got = (_pick(spec, others) if "group" in t else None) or _pick(spec, taken) or _made(spec, made) \
            or ("group" in t and _made(spec, made, plain=True)) or None
        if got is None or got in taken:
            return None
        targets.append(got)
    me = {"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}
    from pyengine.oracle.execute_targets import attackers

    combat = attackers(specs, targets)
    from pyengine.oracle.execute_targets import group_combat

    group = group_combat(card.card.get("does", {}).get("do", []), card.card.get("resolves"))
    if combat is None or group is None or combat and group:
        return None
    combat = combat or group
    return [me, *made], [*combat,
                         {"stack": {"object": "card", "controller": "alice", "targets": targets}}, "resolve"]


Generated = tuple[list[dict[str, Any]], list[Any], str, str]


def _made(spec: dict[str, Any], made: list[dict[str, Any]], plain: bool = False) -> str | None:
    """A permanent made for an object target with qualities the board has none of (a Wall, a
    tapped creature, one with flying: pyengine.oracle.execute_targets), added to ``made``
    (``plain``: one more of a kind the board has too few of, for an "up to N" group, 115.3)."""
    from pyengine.oracle.execute_targets import made_target

    got = made_target(spec.get("obj"), f"victim{len(made)}", 40 + len(made), plain)
    if got is None:  # a card of alice's graveyard with the subtype asked (115.2)
        from pyengine.oracle.execute_order import graveyard_card

        got = graveyard_card(spec.get("obj"), f"victim{len(made)}")
    if got is None:
        return None
    made.append(got)
    return str(got["id"])


def _creature_or_crewed(card: Compiled) -> bool:
    """Whether the card can attack in the generated game: a creature, or a Vehicle, which the
    game makes an artifact creature until end of turn as crewing it would (702.122a)."""
    return "Creature" in card.card.get("types", ()) or "Vehicle" in card.card.get("subtypes", ()) or \
        _animated(card) is not None


def _animated(card: Compiled) -> tuple[int, int] | None:
    """The power and toughness a land that isn't a creature says it becomes ("this land
    becomes a 2/3 black and red Insect creature with menace. It's still a land."), or None."""
    import re

    if "Land" not in card.card.get("types", ()) or "Creature" in card.card.get("types", ()):
        return None
    m = re.search(r"this land becomes an? (\d+)/(\d+) [^.]*creature", str(card.card.get("oracle", "")))
    return None if m is None else (int(m.group(1)), int(m.group(2)))


def _crewed(card: Compiled) -> list[dict[str, Any]]:
    """A crewed Vehicle's effect (702.122a: it becomes an artifact creature until end of
    turn), or a land's that becomes a creature by its own ability (611.2a, as if activated),
    as a resolved effect of the generated game; none for anything else."""
    pt = _animated(card)
    if pt is not None:  # a creature with that power and toughness until end of turn (613.4b)
        return [{"id": "animated", "controller": "alice", "timestamp": 30, "affected": ["card"],
                 "duration": "end_of_turn", "add_types": ["Creature"],
                 "set_pt": {"power": pt[0], "toughness": pt[1]},
                 "text": "It becomes a creature until end of turn. It's still a land."}]
    if "Vehicle" not in card.card.get("subtypes", ()) or "Creature" in card.card.get("types", ()):
        return []
    from pyengine.oracle.execute_activated import crew_first

    if crew_first(card) is not None:  # crewed by its crew ability in the script instead
        return []
    return [{"id": "crewed", "controller": "alice", "timestamp": 30, "affected": ["card"],
             "duration": "end_of_turn", "add_types": ["Creature"],
             "text": "It becomes an artifact creature until end of turn."}]


_BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # 305.6: the basic land types


def aura_host(card: Compiled) -> tuple[str, list[dict[str, Any]]]:
    """What an Aura spell of the card targets, by its enchant ability (303.4a; else it would
    be put into the graveyard, 704.5m): the Bears for "Enchant creature", alice's Seat of the
    Synod for "Enchant artifact/land you control", bob's Ogre for "an opponent controls", a
    basic land of alice's added for "Enchant Mountain [you control]"."""
    phrase = next((a["text"][len("Enchant "):] for a in card.card.get("abilities", ())
                   if isinstance(a, dict) and set(a) == {"text"} and str(a["text"]).startswith("Enchant ")), "")
    word = phrase.split(" ")[0]
    if word in _BASIC_TYPES and phrase.removeprefix(word) in ("", " you control"):
        return "host", [{"id": "host", "card": word, "controller": "alice", "timestamp": 19}]
    if phrase in ("artifact you control", "land you control", "artifact", "land"):
        return "seat", []
    if phrase == "creature an opponent controls":
        return "ogre", []
    return "bears", []


def _trigger_script(card: Compiled, trigger: dict[str, Any]) -> Generated | None:
    """The extra objects, the script, the active player and the starting step."""
    on_field: dict[str, Any] = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    from pyengine.oracle.execute_return import entered_counters

    if entered_counters(card):  # as it entered (modular, 702.43a; 614.1c)
        on_field["counters"] = entered_counters(card)
    if {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        on_field["attached_to"] = "bears"  # an unattached Aura would go to the graveyard (704.5m)
    in_hand = {"id": "card", "card": card.name, "owner": "alice", "zone": "hand"}
    script: list[Any]
    if "at" in trigger:
        at = trigger["at"]
        active = "bob" if at["player"] == "opponent" else "alice"
        # the game starts as the untap step begins; the upkeep follows without an action
        script = ["resolve"] if at["step"] == "upkeep" else [{"advance": at["step"]}, "resolve"]
        return [on_field], script, active, "untap"
    when = trigger["when"]
    if execute_damage.ours(when):  # dealt damage, to a blocker, to alice (120.3)
        return execute_damage.script(card, when)
    kind, obj = when["kind"], when.get("obj", when.get("source"))
    if kind == "becomes_target":  # ward (702.21a): pyengine.oracle.execute_keywords
        from pyengine.oracle.execute_keywords import ward_script

        if any(isinstance(a, dict) and a.get("trigger") is trigger and
               str(a.get("text", "")).lower().startswith("ward") for a in card.card.get("abilities", ())):
            return ward_script(card, trigger)
    if kind in ("becomes_target", "cycle", "discard", "sacrifice"):  # 601.2c, 702.29c, 701.9a, 701.21a
        from pyengine.oracle import execute_heads2

        return execute_heads2.script(card, trigger)
    if kind == "enters" and obj == "self":
        types = set(card.card.get("types", ()))
        if {"Instant", "Sorcery"} & types:  # an instant or sorcery doesn't enter (304.4, 307.4)
            return None
        if {"Aura"} & set(card.card.get("subtypes", ())):  # an Aura spell targets (303.4a)
            host, extra = aura_host(card)  # what it can enchant (303.4a, 704.5m)
            cast = {"stack": {"object": "card", "controller": "alice", "targets": [host]}}
            return [in_hand, *extra], [cast, "resolve", "resolve"], "alice", "precombat_main"
        if "Land" in types:  # a land is played, not cast (305.1): it enters from alice's hand
            enter = {"events": [{"kind": "enter", "object": "card", "from": "hand"}]}
            return [in_hand], [enter, "resolve"], "alice", "precombat_main"
        return [in_hand], [{"stack": {"object": "card", "controller": "alice"}}, "resolve", "resolve"], \
            "alice", "precombat_main"
    if kind in ("dies", "leaves") and obj == "self":
        return [on_field], [{"events": [{"kind": "destroy", "object": "card"}]}, "resolve"], "alice", \
            "precombat_main"
    if kind in ("enters", "dies", "leaves") and isinstance(obj, dict):
        sel = {k: v for k, v in obj.items() if k != "other"}  # the pool's objects are others
        if kind == "enters":  # a card of alice's hand put onto the battlefield
            from pyengine.oracle.execute_pt import bigger

            new = _fitting_card(sel)
            new = None if new is None else bigger(card, trigger, new)  # evolve (702.100a)
            if new is None:
                return None
            return [on_field, new], [{"events": [{"kind": "enter", "object": "new", "from": "hand"}]},
                                     "resolve"], "alice", "precombat_main"
        extra = [on_field]
        if obj == {"enchanted": True} and kind == "dies":  # the creature it is attached to dies
            host = {"id": "host", "name": "Generated Host", "types": ["Creature"], "colors": ["green"],
                    "mana_cost": "{G}", "power": 1, "toughness": 1, "controller": "alice", "timestamp": 19}
            return [{**on_field, "attached_to": "host"}, host], \
                [{"events": [{"kind": "destroy", "object": "host"}]}, "resolve"], "alice", "precombat_main"
        victim = next((oid for oid, _name, ctl, types, colors in POOL
                       if "Planeswalker" not in types and fits(sel, types, colors, ctl)), None)
        if victim is None:  # a permanent of alice's that fits, on the battlefield
            new = _fitting_card(sel)
            if new is None:
                return None
            new = {k: v for k, v in new.items() if k not in ("owner", "zone")}
            extra.append({**new, "controller": "alice", "timestamp": 21})
            victim = "new"
        return extra, [{"events": [{"kind": "destroy", "object": victim}]}, "resolve"], "alice", \
            "precombat_main"
    if kind in ("attacks", "damage", "becomes_blocked", "unblocked") and obj is not None:
        attacker = "card" if obj == "self" else "bears" if obj == {"enchanted": True} else next(
            (oid for oid, _n, ctl, types, colors in POOL
             if ctl == "alice" and fits(obj, types, colors, ctl)), None)
        if attacker is None and set(obj) <= {"subtypes", "types", "controller"} and \
                obj.get("controller", "you") == "you" and \
                set(obj.get("subtypes", ())) <= set(card.card.get("subtypes", ())) and \
                set(obj.get("types", ())) <= set(card.card.get("types", ())):
            attacker, obj = "card", "self"  # the card itself fits ("an Assassin you control")
        crew: tuple[list[Any], list[Any]] = ([], [])
        if obj == "self" and "Creature" not in card.card.get("types", ()):
            from pyengine.oracle.execute_activated import crew_first

            crew = crew_first(card) or crew  # a Vehicle crewed first, an artifact creature (702.122a)
        if attacker is None or obj == "self" and not _creature_or_crewed(card):
            return None
        attack = {attacker: "bob"}
        more: list[dict[str, Any]] = [  # "you attack with N or more creatures": N attackers
            {"id": f"attacker{i}", "name": f"Generated Attacker {i}", "types": ["Creature"],
             "colors": ["green"], "mana_cost": "{G}", "power": 1, "toughness": 1, "controller": "alice",
             "timestamp": 30 + i} for i in range(1, max(when.get("at_least", 1), when.get("with_others", 0) + 1))]
        attack.update({str(o["id"]): "bob" for o in more})
        words = set(map(str, card.card.get("abilities", ())))
        if {"can't attack alone", "can't attack or block alone"} & words:  # 506.5: with another
            attack = {attacker: "bob", **({"bears": "bob"} if attacker != "bears" else {"card": "bob"})}
        script = [*crew[1], {"advance": "declare_attackers"}, {"attack": attack}]
        if kind == "attacks":
            script.append("resolve")
        elif kind == "unblocked":  # no blocker declared (509.1h, 509.3g)
            script += [{"advance": "declare_blockers"}, {"block": {}}, "resolve"]
        elif kind == "becomes_blocked":
            flies = attacker == "card" and "flying" in card.card.get("abilities", ())
            blocker = "thopter" if flies else "ogre"  # Ornithopter has flying (702.9b)
            script += [{"advance": "declare_blockers"}, {"block": {blocker: attacker}}, "resolve"]
        elif attacker == "card" and str(card.card.get("power", "1")).isdigit() and \
                int(card.card.get("power", "1")) <= 0 and not trigger.get("when", {}).get("combat"):
            # a creature with 0 power deals no combat damage (510.1a): its "deals damage" made to
            # happen as an event (1 damage to bob) instead of attacking
            hit = {"kind": "damage", "source": "card", "target": "bob", "amount": 1}
            script = [{"events": [hit]}, "resolve"]
        else:  # unblocked, it deals combat damage to bob (510.1), a first striker first (510.4)
            words = {a for a in card.card.get("abilities", ()) if isinstance(a, str)}
            strikes = attacker == "card" and bool({"first strike", "double strike"} & words)
            step = "first_strike_damage" if strikes else "combat_damage"
            script += [{"advance": step}, {"assign": "default"}, "resolve"]
            if attacker == "card" and _power(card) < 1:  # 510.1a: 0 power deals no damage
                on_field = {**on_field, "counters": {"+1/+1": 1 - _power(card)}}
        return [on_field, *crew[0], *_defender_has(card), *more], script, "alice", "precombat_main"
    if kind == "blocks" and when.get("attacker") == "self" and _creature_or_crewed(card):  # 509.3d
        flies = "flying" in card.card.get("abilities", ())
        script = [{"advance": "declare_attackers"}, {"attack": {"card": "bob"}},
                  {"advance": "declare_blockers"},
                  {"block": {"thopter" if flies else "ogre": "card"}}, "resolve"]
        return [on_field], script, "alice", "precombat_main"
    if kind == "blocks" and obj == {"enchanted": True}:  # the creature it is attached to blocks
        script = [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
                  {"advance": "declare_blockers"}, {"block": {"bears": "ogre"}}, "resolve"]
        return [on_field], script, "bob", "precombat_main"
    if kind == "blocks" and obj == "self" and "Creature" in card.card.get("types", ()):
        # "blocks a creature with flying": bob's Ornithopter attacks (the card can block it
        # with flying or reach, 702.9b, 702.17b)
        foe_sel = when.get("attacker")
        flier = isinstance(foe_sel, dict) and foe_sel.get("abilities") == ["flying"]
        if when.get("attacker") is not None and not flier:
            return None
        foe = "thopter" if flier else "ogre"
        script = [{"advance": "declare_attackers"}, {"attack": {foe: "alice"}},
                  {"advance": "declare_blockers"}, {"block": {"card": foe}}, "resolve"]
        return [on_field], script, "bob", "precombat_main"
    if kind == "cast" and obj == "self":  # the trigger resolves first, then the spell (405.5)
        if card.card.get("casting") or {"Aura"} & set(card.card.get("subtypes", ())):
            return None
        return [in_hand], [{"stack": {"object": "card", "controller": "alice"}}, "resolve", "resolve"], \
            "alice", "precombat_main"
    if kind == "draw":
        return [on_field], [{"draw": "alice"}, "resolve"], "alice", "precombat_main"
    if kind == "tap" and obj == "self" and "Creature" in card.card.get("types", ()) and \
            "vigilance" not in card.card.get("abilities", ()):  # 702.20b: attacking doesn't tap it
        return [on_field], [{"advance": "declare_attackers"}, {"attack": {"card": "bob"}}, "resolve"], \
            "alice", "precombat_main"
    if kind == "life_gain":
        return [on_field], [{"events": [{"kind": "gain_life", "player": "alice", "amount": 1}]},
                            "resolve"], "alice", "precombat_main"
    if kind == "cast":
        spell = obj or {}
        if fits(spell, ("Instant",), ("red",), "alice"):
            bolt = {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}
            cast = {"stack": {"object": "bolt", "controller": "alice", "targets": ["bob"]}}
            return [on_field, bolt], [cast, "resolve", "resolve"], "alice", "precombat_main"
        if fits(spell, ("Creature",), ("green",), "alice"):
            bears = {"id": "bears2", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"}
            cast = {"stack": {"object": "bears2", "controller": "alice"}}
            return [on_field, bears], [cast, "resolve", "resolve"], "alice", "precombat_main"
        return None
    from pyengine.oracle.execute_pronouns import blocks_script  # "Whenever a creature blocks" (509.1a)

    return blocks_script(card, when, on_field)


def _defender_has(card: Compiled) -> list[dict[str, Any]]:
    """"This creature can't attack unless defending player controls an Island" (508.1c): a
    permanent of bob's that fits, so that it may attack him."""
    from pyengine.oracle.execute_triggers import _card

    out: list[dict[str, Any]] = []
    for a in card.card.get("abilities", ()):
        unless = (a.get("static") or {}).get("cant_attack", {}) if isinstance(a, dict) else {}
        sel = unless.get("unless", {}).get("exists") if isinstance(unless, dict) else None
        if isinstance(sel, dict) and sel.get("controller") == "defending":
            rest = {k: v for k, v in sel.items() if k != "controller"}
            new = _card(rest, f"needed{len(out)}", "Generated Land")
            if new is not None:
                out.append({**new, "controller": "bob", "timestamp": 30 + len(out)})
    return out


# the generated board's creatures' power and toughness: printed, and +1/+1 for bob's from
# Glorious Anthem ("Creatures you control get +1/+1.", CR 613.4c)
POOL_PT = {"ogre": (3, 3), "skeletons": (2, 2), "thopter": (1, 3), "bears": (2, 2)}


def _refs(kind: str | None, script: list[Any]) -> dict[str, str]:
    """What the words of the effect name in the generated game: ``self`` the card, ``it`` the
    object the trigger event (of ``kind``) is about (the creature that attacks, blocks or
    becomes blocked, the permanent that enters), ``target``... the targets chosen."""
    refs = {"self": "card", "enchanted": "bears"}  # an Aura of the card is attached to the Bears
    for action in script:
        if not isinstance(action, dict):
            continue
        if "trigger_targets" in action:  # a triggered ability's targets (603.3d)
            refs.update({("target" if i == 0 else f"target{i + 1}"): t
                         for i, t in enumerate(action["trigger_targets"]["card"])})
        elif "stack" in action and action["stack"]["object"] == "card" and kind is None:  # the spell's
            refs.update({("target" if i == 0 else f"target{i + 1}"): t
                         for i, t in enumerate(action["stack"].get("targets", []))})
        if kind == "enters" and "stack" in action:
            refs.setdefault("it", action["stack"]["object"])
        for ev in action.get("events", ()) if kind == "enters" else ():
            if ev.get("kind") == "enter":
                refs.setdefault("it", ev["object"])
        if kind in ("attacks", "unblocked") and "attack" in action:
            refs["it"] = next(iter(action["attack"]))
        if kind in ("blocks", "becomes_blocked") and "block" in action:  # the blocker / the attacker
            blocker, attacker = next(iter(action["block"].items()))
            refs["it"] = blocker if kind == "blocks" else attacker
    return refs


def _power(card: Compiled) -> int:
    """The card's printed power ("*" and none as 0, CR 208.2a)."""
    try:
        return int(card.card.get("power") or 0)
    except (TypeError, ValueError):
        return 0


def _pt_of(card: Compiled, oid: str) -> tuple[int, int] | None:
    """The power and toughness of a creature of the board before the effect; the card's own
    only when no ability of its own may change them (its keywords and triggered abilities)."""
    if oid in POOL_PT:
        return POOL_PT[oid]
    if oid == "new":
        return (1, 1)
    c = card.card
    if oid == "card" and "Creature" in c.get("types", ()) and _power(card) >= 1 and all(
            isinstance(a, str) or "trigger" in a for a in c.get("abilities", ())):
        return int(c["power"]), int(c["toughness"])
    return None


_ZONE_OF = {"destroy": "graveyard", "sacrifice": "graveyard", "move": None}


def _board_checks(card: Compiled, do: list[dict[str, Any]], refs: dict[str, str]) -> dict[str, Any]:
    """What the effect makes of the board: the tokens it creates (alice's, on the battlefield);
    the zone an object it moves ends in (one moved once and dealt nothing else); the power and
    toughness of each object its continuous effects affect (CR 611.2a, 613.4c) that no other
    event of the effect touches; one whose toughness becomes 0 or less is put into its owner's
    graveyard (704.5f)."""
    touched = {refs.get(str(ev.get(k))) for ev in do if ev.get("kind") not in ("continuous", "tap", "untap")
               for k in ("object", "target")}
    delta: dict[str, list[int]] = {}
    lasting = [(ev.get("object"), ev.get("affects"), ev["effect"]) for ev in do
               if ev.get("kind") == "continuous"]
    if "affects" in card.card.get("resolves", {}):  # a spell's effect on a group (611.2c)
        res = card.card["resolves"]
        lasting.append((None, res["affects"], res))
    for word, sel, effect in lasting:
        pt = effect.get("modify_pt", {"power": 0, "toughness": 0})
        if not all(isinstance(pt.get(k, 0), int) for k in ("power", "toughness")):
            continue  # an amount computed as it resolves (608.2h): the game's, not predicted here
        if word is not None:
            named = [refs.get(word)]
        else:  # the board's creatures the group names as it resolves (the card's own left out)
            named = [oid for oid, _n, ctl, types, colors in POOL if oid in POOL_PT
                     and fits({k: v for k, v in sel.items() if k != "other"}, types, colors, ctl)]
        for oid in named:
            if oid is None or oid in touched:
                continue
            d = delta.setdefault(oid, [0, 0])
            d[0] += pt["power"]
            d[1] += pt["toughness"]
            if effect.get("control") == "you" and any(o == oid and ctl == "bob" for o, _n, ctl, _t, _c in POOL):
                d[0] -= 1  # alice's now: bob's Glorious Anthem no longer gives it +1/+1 (613.1b, 613.4c)
                d[1] -= 1
    out: dict[str, Any] = {}
    moved = [(refs.get(str(ev.get("object"))), ev) for ev in do if ev.get("kind") in _ZONE_OF]
    for oid, ev in moved:
        if oid is None or oid == "card" or sum(1 for o, _e in moved if o == oid) > 1 or \
                any(ev2.get("target") == ev.get("object") for ev2 in do):
            continue
        # 701.8a destroy, 701.21a sacrifice: to the graveyard; a move to where it says;
        # 701.6a: a countered spell to its owner's graveyard
        out[oid] = {"zone": _ZONE_OF[ev["kind"]] or ev["to"]}
    from pyengine.oracle.execute_groups import group_checks

    out.update(group_checks(do, touched))  # 701.8a, 701.13a: each member of a destroyed group
    from pyengine.game.tokens import new_id

    made: set[str] = set()
    for ev in do:  # 111.1: created on the battlefield, with the id the game gives it
        if ev.get("kind") == "create_tokens" and "control" not in ev:
            tok = ev["token"]  # 111.4: unnamed, its subtypes and the word Token
            name = tok.get("name") or " ".join([*tok.get("subtypes", ()), "Token"])
            count = ev.get("count", 1)
            for _ in range(2 if count == {"x": True} else count):  # X announced as 2 (107.3a)
                tid = new_id(name, made)
                made.add(tid)
                out[tid] = {"zone": "battlefield", "token": True, "controller": "alice"}
    for ev in do:  # 701.26: tapped or untapped, whatever it was
        oid = refs.get(str(ev.get("object"))) if ev.get("kind") in ("tap", "untap") else None
        once = sum(1 for e in do if e.get("object") == ev.get("object")) == 1
        if oid is not None and oid not in touched and once:
            out.setdefault(oid, {})["tapped"] = ev["kind"] == "tap"
    for oid, (dp, dt) in delta.items():
        base = _pt_of(card, oid)
        if base is None:
            continue
        power, toughness = base[0] + dp, base[1] + dt
        out[oid] = {"zone": "graveyard"} if toughness <= 0 else \
            {**out.get(oid, {}), "zone": "battlefield", "power": power, "toughness": toughness}
    return out


def _library_checks(card: Compiled, do: list[dict[str, Any]], kind: str | None,
                    triggers: list[dict[str, Any]]) -> dict[str, Any]:
    """The libraries after the effect's draws (121.2) and mills (701.17a) from the players' 10
    cards (a player target is bob), when nothing else of the generated game touches them: a
    spell, or a card's only triggered ability whose event is not a step (the draw step) or a
    draw."""
    spell = "does" in card.card or "resolves" in card.card
    if not spell and (len(triggers) != 1 or kind in (None, "draw", "cycle")):  # cycling draws (702.29a)
        return {}
    who = {"you": "alice", "opponent": "bob", "target": "bob"}
    left = {"alice": 10, "bob": 10}
    for ev in do:
        if ev.get("kind") == "draw":
            player, n = ev.get("player", "you"), ev.get("count", 1)
        elif ev.get("kind") == "connive":  # 701.50a: its controller draws a card, then discards
            if ev.get("object") != "self":
                return {}  # the conniving creature's controller: a target's, not read here
            player, n = "you", 1
        elif ev.get("kind") == "mill":
            player, n = ev["object"]["top_of"], ev.get("count", 1)
        else:
            continue
        if player not in who or not isinstance(n, int):  # a count computed as it resolves (608.2h)
            return {}
        left[who[player]] = max(0, left[who[player]] - n)
    return {"library": left} if left != {"alice": 10, "bob": 10} else {}


def game_text(card: Compiled, template: str | None = None) -> str | None:
    """The generated game for a card whose spell, first triggered ability or first activated
    ability (``template`` "activated ability", or when it has neither of the others) the
    compiler made, or None (nothing compiled to run, or no event generated for it)."""
    triggers = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a]
    # ward (702.21a) last: the game of another triggered ability of the card is generated first
    triggers.sort(key=lambda t: t["trigger"].get("when", {}).get("kind") == "becomes_target")
    activated = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "activated" in a]
    checks: dict[str, Any] = {}
    pool = ""
    after: list[dict[str, Any]] = []  # what the card's abilities triggered by the activation do
    on_stack = [t["what"] for t in card.card.get("casting", {}).get("targets", [])
                if t["what"].get("zone") == "stack"]
    if activated and (template == "activated ability" or not triggers and "does" not in card.card
                      and "resolves" not in card.card):
        from pyengine.oracle.execute_activated import activated_script

        found_a = activated_script(card, activated[0], 1, len(activated) > 1)
        if found_a is None:
            return None
        extra, script, checks["activated"], pool = found_a
        deaths = _own_deaths(activated[0]["activated"], triggers, card.name)
        if deaths is None:
            return None
        script += ["resolve"] * len(deaths)  # its own "when it dies" abilities resolve too (603.6c)
        if deaths and deaths[0].get("targets"):  # returned, its "enters" ability's targets (603.3d)
            fresh: list[dict[str, Any]] = []
            picks = [_pick(spec, frozenset()) or _made(spec, fresh) for spec in deaths[0]["targets"]]
            if None in picks:
                return None
            extra = [*extra, *fresh]
            key = trigger_key(activated[0]["activated"], card.name)
            script = [{"trigger_targets": {key: picks}}, *script]
        after = [ev for t in deaths for ev in t["do"]]
        # "Activate only during combat" (602.5): alice's beginning of combat step (506.1)
        combat = activated[0]["activated"].get("timing") == "combat"
        from pyengine.oracle.execute_targets import blocking_turn

        # a "target blocking creature" ability's made target blocks in bob's turn (509.1a)
        active = "bob" if blocking_turn(script) else "alice"
        step = "beginning_of_combat" if combat else "precombat_main"
    elif on_stack:
        from pyengine.oracle.execute_copies import copies as stormy

        if stormy(card):  # not generated: storm's copy of a spell targeting a spell (707.10)
            return None
        found = _counter_script(card, on_stack[0])
        if found is None:
            return None
        extra, script, active, step = found
        from pyengine.oracle.execute_copies import copies_target, copy_target_script

        if copies_target(card):  # 707.10: the copy and the spell copied resolve too
            script = copy_target_script(script)
    elif "does" in card.card or "resolves" in card.card:
        got = _spell_script(card)
        if got is None:
            return None
        extra, script = got
        from pyengine.oracle import kicker
        from pyengine.oracle.execute_copies import copies, storm_script

        if copies(card):  # 702.40a: a spell cast before it, then the copy resolves too
            stormed = storm_script(card, extra, script)
            if stormed is None or kicker.spell_kicked(card):
                return None
            extra, script = stormed
            from pyengine.oracle.execute_copies import replicated_pool

            pool = replicated_pool(card)  # 702.56a: the cost and one replicate payment

        if kicker.spell_kicked(card) and "stack" not in script[0]:
            return None  # attackers declared first: not with a cast from her pool
        if kicker.spell_kicked(card):  # cast kicked or with buyback from her pool (702.33a, 702.27a)
            kicked = kicker.spell_cast(card, script[0]["stack"]["targets"])
            if kicked is None:
                return None
            extra, script, pool = kicked
        from pyengine.oracle.execute_targets import blocking_turn

        active, step = "bob" if blocking_turn(script) else "alice", "precombat_main"
        from pyengine.oracle.execute_prevent import combat_script, is_fog

        if is_fog(card) and not pool:  # 615.1a: cast in bob's attack, then combat damage
            script, active, step, fought = combat_script(script)
            checks.update(fought)
    elif triggers:
        first = triggers[0]["trigger"].get("when", {})
        from pyengine.oracle.execute_order import quiet

        if any(t.get("targets") for t in triggers[1:] if not quiet(triggers[0], t) and (
               first.get("kind") in ("dies", "leaves") or t["trigger"].get("when") != {"kind": "dies", "obj": "self"})):
            return None  # another of its abilities may trigger too, its targets not chosen here
            # (its own "dies" ability (modular, 702.43a) only if the game destroys it: the game
            # stops then, asking for the target, 603.3d)
        c = card.card
        # a "*" of a characteristic-defining ability is no 0: the ability gives it (604.3)
        cda = any(isinstance(a, dict) and "cda" in a for a in c.get("abilities", ()))
        from pyengine.oracle.execute_return import entered_counters  # modular's (702.43a)

        kept: list[dict[str, Any]] = []
        if "Creature" in c.get("types", ()) and int(c.get("toughness", 1)) + \
                entered_counters(card).get("+1/+1", 0) <= 0 and not cda:
            from pyengine.oracle.execute_alive import support  # "+1/+1 for each Mountain you control"

            kept = support(card, 1 - int(c.get("toughness", 1)) - entered_counters(card).get("+1/+1", 0)) or []
            if not kept:
                return None  # put on the battlefield without its counters it would die at once (704.5f)
        found = _trigger_script(card, triggers[0]["trigger"])
        if found is None:
            return None
        extra, script, active, step = found
        extra = [*extra, *kept]
        from pyengine.oracle.execute_order import ordered, together

        also = together(card, triggers)  # its abilities triggering on the same event (603.3b)
        if also is None:
            return None
        if also:
            script = [ordered(card, triggers[0], also), *script, *["resolve"] * len(also)]
        from pyengine.oracle.execute_heads2 import pool as cycle_pool

        pool = cycle_pool(card, triggers[0]["trigger"])  # 702.29a: the cycling cost, from her pool
        if triggers[0].get("targets"):  # chosen as it is put on the stack (CR 603.3d)
            gone = frozenset(ev["object"] for a in script if isinstance(a, dict)
                             for ev in a.get("events", ()) if ev.get("kind") == "destroy")
            made: list[dict[str, Any]] = []
            from pyengine.oracle.execute_targets import combat_pick, flash_attack, group_picks

            if any("combat" in spec.get("obj", {}) for spec in triggers[0]["targets"]):
                script, active = flash_attack(card, script, active)
            # "target attacking creature" (506.4): one the trigger's script put in combat
            held = tuple(card.card.get("abilities", ()))
            from pyengine.oracle import execute_mentor as EM

            picks = group_picks(triggers[0]["targets"], lambda spec, taken: (
                EM.pick(spec, script, card, made) if EM.compares_power(spec)  # 702.134a
                else combat_pick(spec, script, active, held) if "combat" in spec.get("obj", {})
                else _pick(spec, gone | taken) or _made(spec, made)
                or (bool(taken) and _made(spec, made, plain=True)) or None))
            extra = [*extra, *made]
            if None in picks:
                return None
            script = [{"trigger_targets": {"card": picks}}, *script]
        if any(ev.get("kind") == "sacrifice" and ev.get("object") == "self"
               for ev in _followed(triggers[0].get("do", []))):
            # sacrificed as it resolves (cumulative upkeep not paid, 118.12a): its own "when it
            # dies / leaves the battlefield" abilities trigger (603.6c, 603.10a) and resolve too
            own = [t for t in triggers[1:] if t["trigger"].get("when", {}).get("kind") in ("dies", "leaves")
                   and t["trigger"]["when"].get("obj") == "self"]
            if any("modes" in t or "if" in t["trigger"] for t in own):
                return None
            script += ["resolve"] * len(own)
        from pyengine.oracle.execute_pronouns import own_follow_ups  # 603.3d, 701.9a

        script = own_follow_ups(card, triggers, script, _followed(triggers[0].get("do", [])))
        if script is None:
            return None
    else:
        return None
    spell = "does" in card.card or "resolves" in card.card
    by_activation = "activated" in checks
    do = [] if by_activation else \
        card.card.get("does", {}).get("do", []) if spell else triggers[0].get("do", [])
    every = do or (activated[0]["activated"].get("do", []) + after if activated else [])
    if triggers and not spell and not by_activation and do:  # the others resolve first (405.5)
        every = [ev for t in (together(card, triggers) or []) for ev in t.get("do", [])] + every
    ahead, extra_hand = choices(every)
    from pyengine.oracle.execute_sacrifice import fodder

    that = active if triggers and "at" in triggers[0]["trigger"] else "bob"  # "each player's upkeep"
    sacrificed = fodder(_followed(every), that)  # 701.21a: the permanents chosen, given ahead
    if sacrificed is None:
        return None
    ahead += sacrificed[0]
    extra = [*extra, *sacrificed[1]]
    from pyengine.oracle.execute_mana import ahead as mana_ahead

    from pyengine.oracle.execute_mana import chosen_color

    color = chosen_color(str(card.card.get("oracle", "")))  # 607.2d: "the chosen color"
    ahead += mana_ahead(_followed(every), color)  # 106.1a: the mana a choice adds, given ahead
    from pyengine.oracle.execute_keyword import keyword_ahead

    kw = keyword_ahead(card, _followed(every))  # bolster's, populate's choice (701.39a, 701.36a)
    if kw is None:
        return None
    ahead += kw
    from pyengine.oracle.execute_library import look_choices

    looks = look_choices(_followed(every))
    if looks is None:
        return None
    from pyengine.oracle.execute_reveal import revealed_hand

    shown = revealed_hand(_followed(every))  # 701.20a, 701.9b: a discard chosen from a revealed hand
    if shown is None:
        return None
    script = [*ahead, *shown[0], *looks, *script]  # 701.22a, 701.25a: every card kept on top, given ahead
    extra = [*extra, *shown[1]]
    from pyengine.oracle.execute_keyword import explored_library

    extra += explored_library(_followed(every))  # 701.44a: the card an explore reveals
    do = _followed(do)
    if spell and not by_activation:
        from pyengine.oracle.execute_copies import copies as n_copies

        if n_copies(card) and (ahead or looks or shown[0] or extra_hand):
            return None  # a choice given ahead for the spell: its copy has to make its own (707.10)
        do = do * (1 + n_copies(card))  # each copy does what the spell does (707.10)
    kind = None if by_activation or not triggers or spell else \
        triggers[0]["trigger"].get("when", {}).get("kind")
    objects = {} if by_activation else _board_checks(card, do, _refs(kind, script))
    objects = {**objects, **shown[2], **sacrificed[2]}
    if kind == "enters" and triggers:  # evolve's counter (702.100a)
        from pyengine.oracle.execute_pt import evolved

        objects.update(evolved(triggers[0]["trigger"], do))
    if triggers:  # renown's counters and designation (702.112a)
        from pyengine.oracle.execute_pt import renowned

        objects.update(renowned(do))
        from pyengine.oracle.execute_pt import faded

        objects.update(faded(do))  # fading with no fade counter (702.32a)
    if kind == "dies" and triggers:  # a card its own ability returns (702.93a, 702.79a)
        from pyengine.oracle.execute_return import returned

        back = returned(card, triggers, do)
        if back is None:
            return None
        objects.update(back)
    library = {} if by_activation else _library_checks(card, do, kind, triggers)
    loyal(card, extra)
    if not _states_false(card, extra):
        return None
    in_hand = sum(1 for o in extra if o.get("zone") == "hand" and o.get("owner", "alice") == "alice")
    theirs = sum(1 for o in extra if o.get("zone") == "hand" and o.get("owner") == "bob")
    alice: dict[str, Any] = {"id": "alice", "hand_size": in_hand + extra_hand, "library_size": 10}
    if pool:  # what the activation cost takes (602.2b)
        alice["mana"] = pool
    paid_by_lands = any(isinstance(a, dict) and {"advance", "assign"} & set(a) for a in script)
    if not paid_by_lands:  # else pay_lands below: the pool empties between steps (106.4)
        before = alice.get("mana", "")
        pay_pool(alice, every)
        _left_after_activation(script, checks, after, alice.get("mana", "")[len(before):])
    from pyengine.oracle.execute_mana import pool_check

    added = pool_check(alice, _followed(every), color)  # 106.4: the mana added, in alice's pool
    doc = {"id": "cards/generated-game", "title": f"{card.name} does what it says",
           "cr": ["608.2c", "603.3", "602.2"], "rationale": "generated: the game must run it",
           "players": [alice, {"id": "bob", "hand_size": theirs + extra_hand, "library_size": 10}],
           "turn": {"active": active, "number": 3, "step": step},
           "objects": _objects(extra),
           **({"effects": crew} if (crew := _crewed(card)) and triggers and
              not by_activation and
              triggers[0]["trigger"].get("when", {}).get("kind") in ("attacks", "damage", "becomes_blocked",
                                                                     "unblocked")
              else {}),
           "query": {"kind": "game", "script": [*script, {"checkpoint": "done"}]},
           # every trigger and spell resolved: what counts is that the game ran it
           "expect": {"checkpoints": {**checks, "done": {"stack": [], **library,
                                                          **({"mana": added} if added else {}),
                                                          **({"objects": objects} if objects else {})}}}}
    if paid_by_lands and not pay_lands(doc, every) and any(
            ev.get("kind") == "pay_mana" for ev in _followed(every)):
        return None  # no moment to tap lands with the ability on the stack
    from pyengine.oracle.execute_delayed import later

    waits = later(card.card.get("abilities", []), _followed(every), {"stack": [], **library})
    if waits is not None:  # 603.7b: the delayed ability triggers at that step, and resolves
        doc["query"]["script"] += [*waits[0], {"checkpoint": "later"}]
        doc["expect"]["checkpoints"]["later"] = waits[1]
    from pyengine.oracle.execute_library import with_searches

    searched = with_searches(doc, _followed(every))  # 701.23a: the card found, chosen ahead
    if searched is None:
        return None
    from pyengine.oracle.execute_impulse import with_impulse

    searched = with_impulse(searched, _followed(every))  # 701.13a: the top cards named, exiled
    from pyengine.oracle.execute_exile_instead import with_exile

    searched = with_exile(searched, card)  # 614.1a: destroyed this turn, exiled instead
    if searched is None:
        return None
    from pyengine.oracle.execute_cascade import with_cascade
    from pyengine.oracle.keyword_cascade import is_cascade

    about = not by_activation and not spell and bool(triggers) and is_cascade(triggers[0])
    searched = with_cascade(searched, card, about)  # 702.85a: the spell cast cascades (declined)
    if searched is None:
        return None
    from pyengine.oracle.activated_x import announce

    announce(searched, card.card)  # 107.3a: the X of the spell's mana cost
    return yaml.safe_dump(searched, sort_keys=False, allow_unicode=True)


def _states_false(card: Compiled, extra: list[dict[str, Any]]) -> bool:
    """Make false on alice's board the state of each state trigger of the card (603.8: "When
    you control no Islands, sacrifice this creature" would trigger in a game about another of
    its abilities): a permanent of hers that fits "no X" added; False when one can't be made."""
    from pyengine.oracle.execute_triggers import _permanent

    for a in card.card.get("abilities", ()):
        state = a.get("trigger", {}).get("state") if isinstance(a, dict) else None
        if state is None:
            continue
        sel = state.get("not_exists") if isinstance(state, dict) else None
        if not isinstance(sel, dict) or sel.get("controller", "you") != "you" or "zone" in sel:
            return False
        new = _permanent(sel, f"state{len(extra)}", 30 + len(extra))
        if new is None:
            return False
        extra.append(new)
    return True


def _copied_token(body: dict[str, Any], name: str | None) -> dict[str, Any] | None:
    """The definition of a token the ability creates as a copy of its card (named as it is,
    707.2), or None."""
    return next((ev["token"] for ev in body.get("do", ()) if ev.get("kind") == "create_tokens"
                 and isinstance(ev.get("token"), dict) and ev["token"].get("name") == name), None)


def _sees_token(obj: Any) -> bool:
    """Whether an "enters" trigger's object is the creature token itself entering: ``self``, or
    "a creature token [you control]" (603.6a)."""
    if obj == "self":
        return True
    return isinstance(obj, dict) and set(obj) <= {"types", "token", "controller"} and \
        obj.get("types", ["Creature"]) == ["Creature"] and obj.get("token", True) is True and \
        obj.get("controller", "you") == "you"


def trigger_key(body: dict[str, Any], name: str) -> str:
    """The object whose triggered ability the generated game's ``trigger_targets`` names: the
    card, or the token copy of it the ability created (its first id, 111.4)."""
    if _copied_token(body, name) is None:
        return "card"
    from pyengine.game.tokens import new_id

    return new_id(name, set())


def _own_deaths(body: dict[str, Any], triggers: list[dict[str, Any]],
                name: str | None = None) -> list[dict[str, Any]] | None:
    """The card's triggered abilities on its own death or leaving the battlefield (603.6c,
    700.4) that an activated ability sacrificing it (its cost or its effect, 701.21a) makes
    trigger, to resolve after it; None when one needs a choice the generated game doesn't give
    (targets, modes, an intervening if)."""
    from pyengine.model.activated import parse_cost

    sacrificed = parse_cost(body["cost"]).sacrifice_self or any(
        ev.get("kind") == "sacrifice" and ev.get("object") == "self" for ev in body.get("do", ()))
    # exiled for its cost (406.2): it leaves the battlefield but doesn't die (700.4)
    exiled = parse_cost(body["cost"]).exile_source
    kinds = ("dies", "leaves") if sacrificed else ("leaves",) if exiled else ()
    if any(ev.get("kind") == "move" and ev.get("object") == "self" and ev.get("to") == "battlefield"
           for ev in body.get("do", ())):  # returned from the graveyard (unearth, 702.84a): it enters
        kinds = ("enters",)
    own = [t for t in triggers if t["trigger"].get("when", {}).get("kind") in kinds
           and t["trigger"]["when"].get("obj") == "self"]
    copied = _copied_token(body, name)
    if copied is not None:  # a token copy of the card (embalm, 702.128a): its abilities see it enter
        entering = [a for a in copied.get("abilities", ()) if isinstance(a, dict) and "trigger" in a
                    and a["trigger"].get("when", {}).get("kind") == "enters"]
        if any(not _sees_token(a["trigger"]["when"].get("obj")) for a in entering):
            return None
        own = entering
    # "Whenever you draw a card" triggers once per card the ability makes its controller draw
    # (603.2c; 121.2: each card drawn is an event)
    drawn = sum(ev.get("count", 1) if isinstance(ev.get("count", 1), int) else 0
                for ev in body.get("do", ()) if ev.get("kind") == "draw" and ev.get("player", "you") == "you")
    own += [t for t in triggers if t["trigger"].get("when", {}).get("kind") == "draw"
            and t["trigger"]["when"].get("player") == "you" and set(t["trigger"]["when"]) <= {"kind", "player"}
            for _ in range(drawn)]
    if (kinds == ("enters",) or copied is not None or sacrificed) and len(own) == 1 and own[0].get("targets") \
            and "modes" not in own[0] and "if" not in own[0]["trigger"]:
        return own  # its targets chosen as it is put on the stack (603.3d): the caller's picks
    if any(t.get("targets") or "modes" in t or "if" in t["trigger"] and "had_counters" not in repr(t["trigger"]["if"])
           for t in own):
        return None  # (undying's, persist's look back holds: the card has no counters, 702.93a)
    return own


def choices(do: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int]:
    """The choices the generated game gives ahead for what its ability does as it resolves
    (608.2d), and the unnamed cards each hand gets: alice does what "you may" says (603.5), bob
    doesn't pay what "unless its controller pays" asks (118.12a), and a discard (701.9b) has
    two unnamed cards in each hand to take, alike, so the discarding player's choice doesn't
    matter here."""
    ahead: list[dict[str, Any]] = []
    if any(ev.get("kind") == "may" for ev in do):
        ahead.append({"may": {"card": True}})
    if any(ev.get("kind") == "unless_pays" for ev in do):
        ahead.append({"pay_choice": {"card": False}})
    if any(ev.get("kind") == "proliferate" for ev in _followed(do)):  # 701.34a: any number, here none
        ahead.append({"proliferate_choice": {"card": []}})
    extra = 2 if any(ev.get("kind") == "discard" and "player" in ev and "card" not in ev
                     for ev in _followed(do)) else 0  # a revealed hand: pyengine.oracle.execute_reveal
    from pyengine.oracle.execute_order import discard_after_return

    ahead += discard_after_return(_followed(do))  # named cards returned to her hand first
    return ahead, extra


def _left_after_activation(script: list[Any], checks: dict[str, Any], after: list[dict[str, Any]],
                           extra: str) -> None:
    """The mana a "you may pay" of an ability the activation's cost triggered (a sacrificed
    creature's "when it dies", 603.6c) is in alice's pool still just after the activation (the
    triggered ability resolves later, 608.2)."""
    at = next((i for i, a in enumerate(script) if a == {"checkpoint": "activated"}), None)
    if not extra or not after or at is None or not (
            isinstance(script[at - 1], dict) and "activate" in script[at - 1]):
        return
    if checks.get("activated", {}).get("mana") == {"alice": ""}:
        from pyengine.game.pool import Pool

        checks["activated"]["mana"] = {"alice": Pool.parse(extra).render()}


def pay_pool(alice: dict[str, Any], do: list[dict[str, Any]]) -> None:
    """The mana in alice's pool for what "you may pay {N}" asks (118.12, 118.3: paid from her
    pool as the ability resolves, in the same step, 106.4): each colored symbol's mana, and
    colorless for generic, so that the pool pays it one way only."""
    costs = [ev["mana"] for ev in _followed(do) if ev.get("kind") == "pay_mana"]
    if not costs:
        return
    from pyengine.model.mana import parse_cost

    symbols = [s for c in costs for s in parse_cost(c).symbols]
    extra = "".join("{C}" * int(s) if s.isdigit() else f"{{{s}}}" for s in symbols)
    alice["mana"] = alice.get("mana", "") + extra


_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def pay_lands(doc: dict[str, Any], do: list[dict[str, Any]]) -> bool:
    """For a game that moves to another step before the ability resolves, whose pool would
    empty on the way (106.4): the mana for what "you may pay {N}" asks comes from basic lands
    of alice's, tapped for mana (605.3a) with the ability on the stack, just before it
    resolves; False when the script has no such moment or the cost isn't plain mana."""
    costs = [ev["mana"] for ev in _followed(do) if ev.get("kind") == "pay_mana"]
    script = doc["query"]["script"]
    moved = [i for i, a in enumerate(script) if isinstance(a, dict) and {"advance", "assign"} & set(a)]
    if not costs or not moved:
        return False
    at = next((i for i in range(moved[-1] + 1, len(script)) if script[i] == "resolve"), None)
    from pyengine.model.mana import parse_cost

    symbols = [s for c in costs for s in parse_cost(c).symbols]
    colored = [s for s in symbols if not s.isdigit()]
    generic = sum(int(s) for s in symbols if s.isdigit())
    if at is None or any(s not in _BASICS for s in colored):
        return False
    # generic paid by one color only (the colored symbols' first, else Swamps): one way to pay
    lands = [_BASICS[s] for s in colored] + [_BASICS[colored[0] if colored else "B"]] * generic
    ids = [f"payland{i}" for i in range(len(lands))]
    doc["objects"] += [{"id": oid, "card": name, "controller": "alice", "timestamp": 70 + i}
                       for i, (oid, name) in enumerate(zip(ids, lands))]
    script.insert(at, {"mana": {"player": "alice", "tap": ids}})
    return True


def _followed(do: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events the generated game's choices make happen, in order: an optional action
    taken and what "if you do" says (118.12), what "unless ... pays" says, not paid (118.12a)."""
    out: list[dict[str, Any]] = []
    for ev in do:
        if ev.get("kind") == "may":
            out += _followed([*ev["do"], *ev.get("then", [])])
        elif ev.get("kind") == "unless_pays":
            out += _followed(ev["do"])
        elif ev.get("kind") == "kicked":  # the generated game casts the spell kicked (702.33d)
            out += _followed(ev["do"])
        else:
            out.append(ev)
    return out


def run_game(card: Compiled, timeout: float = 60.0, template: str | None = None) -> tuple[bool, str]:
    """Whether the generated game ran (None generated: not run, with why)."""
    from pyengine.oracle.execute import run_generated
    from pyengine.oracle.execute_modal import is_modal, run_modes

    if is_modal(card) and template != "activated ability":  # one game per mode (CR 700.2)
        return run_modes(card, timeout)
    text = game_text(card, template)
    if text is None:
        return False, "no game generated for what it does"
    from pyengine.oracle.execute_graveyard import relocated

    text = relocated(card, text, template)  # 113.6m: a trigger of a card in alice's graveyard
    scenario, why = run_generated(text, f"<generated game: {card.name}>", timeout)
    return scenario is not None, why
