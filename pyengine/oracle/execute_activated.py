"""The generated game of a compiled activated ability (CR 602): the card on alice's side of the
generated board (pyengine.oracle.execute_game), or in her hand or graveyard when its cost
discards it or exiles it from there (113.6m: cycling, channel), everything its cost takes
ready (the mana in her pool, the card tapped for {Q}, the counters it removes on it, a card in
her hand to discard, a permanent of hers to sacrifice or to tap, loyalty counters for a
loyalty ability), alice activates the ability in her main phase (her beginning of combat step
for "Activate only during combat") with the first fitting target of each kind, then it
resolves. Checked: the cost was paid as the ability went on the stack (602.2b: her pool empty,
the card tapped, sacrificed, discarded or exiled, a loyalty ability's counters put on or
removed, 606.4) and the stack is empty at the end."""

from __future__ import annotations

from typing import Any

from pyengine.model.activated import parse_cost
from pyengine.oracle.compile import Compiled

X = 2  # the value of X announced for a cost with {X} (107.3a)
# a catalog card of each card type, for a card a cost discards or exiles from a graveyard
CARD_OF = {"card": "Grizzly Bears", "creature": "Grizzly Bears", "land": "Forest", "instant": "Giant Growth",
           "sorcery": "Act of Treason", "enchantment": "Glorious Anthem", "artifact": "Ornithopter"}


def activated_script(card: Compiled, ability: dict[str, Any], number: int = 1,
                     several: bool = False) -> tuple[Any, ...] | None:
    """(extra objects, script, expectations at the checkpoint ``activated``, alice's pool), or
    None when the generated board has nothing the ability needs. ``number``: the ability's
    place among the card's activated abilities the game follows, said when there are
    ``several`` (602.2a)."""
    from pyengine.oracle.execute_game import _pick

    body = ability["activated"]
    cost = parse_cost(body["cost"])
    me: dict[str, Any] = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    from pyengine.oracle.execute_return import entered_counters

    if entered_counters(card):  # as it entered (modular, 702.43a; 614.1c)
        me["counters"] = entered_counters(card)
    attach = next((ev for ev in body.get("do", ()) if ev.get("kind") == "attach"), None)
    if "Aura" in card.card.get("subtypes", ()) or "Equipment" in card.card.get("subtypes", ()) and not attach:
        me["attached_to"] = "bears"  # an unattached Aura would go to the graveyard (704.5m)
    zone = body.get("zone") or cost.zone
    if zone != "battlefield":  # 113.6m: activated from alice's hand or graveyard
        me = {"id": "card", "card": card.name, "owner": "alice", "zone": zone}
    from pyengine.oracle.execute_mana import chosen_color, reads_chosen

    color = chosen_color(str(card.card.get("oracle", "")))
    if reads_chosen(list(body.get("do", ()))):  # 614.12a, 607.2d: as if chosen as it entered
        me["chosen"] = {"color": color}
    if cost.untap:
        me["tapped"] = True
    if cost.remove is not None:
        me["counters"] = {cost.remove[0]: cost.remove[1]}
    check: dict[str, Any] = {"mana": {"alice": ""}}
    if cost.is_loyalty:  # 606.6: enough loyalty for a -N, and one left after it (704.5i)
        loyalty = str(card.card.get("loyalty", ""))
        start = max(int(loyalty) if loyalty.isdigit() else 3, 1 - min(cost.loyalty or 0, 0))
        me["counters"] = {"loyalty": start}
        check["objects"] = {"card": {"counters": {"loyalty": start + (cost.loyalty or 0)}}}
    extra = [me]
    if "Creature" in card.card.get("types", ()) and any(
            isinstance(a, dict) and "cda" in a and "'hand'" in str(a["cda"])
            for a in card.card.get("abilities", ())):
        # its power and toughness count cards in a hand (604.3): two in alice's, lest it be
        # 0/0 and put into the graveyard before it can be activated (704.5f)
        extra += [{"id": f"kept{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "hand"}
                  for i in range(2)]
    act: dict[str, Any] = {"player": "alice", "source": "card"}
    if several:
        act["ability"] = number
    gone: set[str] = set()
    if cost.sacrifice is not None:
        act["sacrifice"] = _alices(cost.sacrifice, cost.sacrifice_count, gone, extra, "fodder", 50)
        gone.update(act["sacrifice"])
        check.setdefault("objects", {}).update({oid: {"zone": "graveyard"} for oid in act["sacrifice"]
                                                if not oid.startswith("fodder")})
    if cost.exile_cards is not None:  # cards of that type in alice's graveyard, exiled for the cost
        kind, n = cost.exile_cards
        extra += [{"id": f"buried{i}", "card": CARD_OF[kind], "owner": "alice", "zone": "graveyard"}
                  for i in range(n)]
        act["exile"] = [f"buried{i}" for i in range(n)]
        check.setdefault("objects", {}).update({f"buried{i}": {"zone": "exile"} for i in range(n)})
    if cost.bounce is not None:  # alice's permanents of that kind, returned to her hand
        act["return"] = _alices(cost.bounce[0], cost.bounce[1], gone, extra, "back", 40)
        gone.update(act["return"])
        check.setdefault("objects", {}).update({oid: {"zone": "hand"} for oid in act["return"]})
    if cost.tap_untapped is not None:  # alice's untapped permanents of that type, made when she has none
        tap_kind, n, _another = cost.tap_untapped
        act["tap_untapped"] = _alices(tap_kind, n, gone, extra, "tapper", 22)
    if cost.tap_power is not None:  # crew N (702.122a): a creature of alice's with power N
        extra.append({"id": "crew0", "name": "Generated Creature", "types": ["Creature"],
                      "controller": "alice", "timestamp": 26, "power": max(cost.tap_power, 1),
                      "toughness": 1})
        act["tap_untapped"] = ["crew0"]
    if cost.discard:
        extra += [{"id": f"fodder{i}", "card": CARD_OF[cost.discard_kind], "owner": "alice", "zone": "hand"}
                  for i in range(cost.discard)]
        act["discard"] = [f"fodder{i}" for i in range(cost.discard)]
    targets: list[Any] = []
    from pyengine.oracle.execute_targets import taken

    cast_first: list[Any] = []
    for i, spec in enumerate(body.get("targets", ())):
        before = taken(list(body.get("targets", ())), targets, spec)  # 115.3: one word "target"
        if isinstance(spec.get("obj"), dict) and spec["obj"].get("zone") == "stack":
            from pyengine.oracle.execute_order import spell_first  # a spell of bob's (115.1)

            first = spell_first(spec["obj"], extra) if not cast_first else None
            if first is None:
                return None
            cast_first, got = first
            targets.append(got)
            continue
        got = _pick(spec, frozenset(gone) | before)
        if got is None and attach is not None:  # 702.6c: a creature of alice's with the quality
            got = _fitting_creature(spec.get("obj", {}), extra)
        if got is None:  # a creature of bob's with the colors or subtypes the target names
            made = _made_target(spec, f"victim{i}", 30 + i)
            if made is None:
                return None
            extra.append(made)
            got = made["id"]
        targets.append(got)
    if targets:
        act["targets"] = targets
    from pyengine.oracle.execute_targets import attackers

    # "target attacking / blocking creature" (506.4): its made target put in combat first
    in_combat = attackers(list(body.get("targets", ())), targets)
    from pyengine.oracle.execute_targets import group_combat

    group = group_combat(list(body.get("do", ())), body.get("resolves"))  # "attacking creatures"
    if in_combat is None or group is None or in_combat and group:
        return None
    in_combat = in_combat or group
    pool = "".join("{C}" * int(s[1:-1]) if s[1:-1].isdigit() else s
                   for s in _symbols(cost.mana))
    if cost.x:  # 107.3a: X announced as 2, each {X} paid as two generic mana (601.2f)
        act["x"] = X
        pool += "{C}" * (X * cost.x)
    if in_combat and pool:  # her pool would empty as the game moves to combat (106.4)
        # X announced as X (107.3a): its generic mana paid by lands too (601.2f-h)
        lands = _lands((cost.mana or "") + ("{%d}" % (X * cost.x) if cost.x else ""), extra)
        if lands is None:
            return None
        in_combat = [*in_combat, {"mana": {"player": "alice", "tap": lands}}]
        pool = ""
    back = next((ev for ev in body.get("do", ())
                 if ev.get("object") == "self" and ev.get("from") == "graveyard"), None)
    if back is not None:  # 113.6m: once it resolved, the card is where its effect put it (400.7)
        check.setdefault("objects", {})["card"] = {"zone": back["to"], **({"tapped": True} if back.get("tapped") else {})}
        script = [*in_combat, {"activate": act}, "resolve", {"checkpoint": "activated"}]
        return extra, script, check, pool
    if cost.sacrifice_self or cost.discard_self or cost.exile_self or cost.exile_source or cost.return_self:
        check.setdefault("objects", {})["card"] = {
            "zone": "exile" if cost.exile_self or cost.exile_source else "hand" if cost.return_self
            else "graveyard"}
    elif cost.tap or cost.untap:
        check.setdefault("objects", {})["card"] = {"tapped": cost.tap}
    script = [*in_combat, *cast_first, {"activate": act}, {"checkpoint": "activated"}, "resolve"]
    if any(isinstance(a, dict) and "attack" in a for a in in_combat):
        # its own abilities that trigger as another creature of hers attacks (exalted, 702.83a:
        # attacking alone) resolve after the ability (603.3b: put on the stack before it)
        script += ["resolve"] * sum(
            1 for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a
            and a["trigger"].get("when", {}).get("kind") == "attacks"
            and a["trigger"]["when"].get("obj") != "self" and a["trigger"]["when"].get("at_least", 1) <= 1)
    scavenged = next((ev for ev in body.get("do", ()) if ev.get("kind") == "counters"
                      and ev.get("amount") == {"power_of": "self"} and ev.get("target") == "target"), None)
    power = card.card.get("power")
    if scavenged is not None and cost.exile_self and str(power).isdigit() and targets:
        # 702.97a: once it resolved, the target has as many counters as the exiled card's power
        # in the graveyard (608.2h); the cost paid before (602.2b)
        check.setdefault("objects", {})[targets[0]] = {"counters": {scavenged["counter"]: int(str(power))}}
        script = [{"activate": act}, "resolve", {"checkpoint": "activated"}]
    from pyengine.oracle.execute_mana import is_mana_ability, mana_ability_check

    if is_mana_ability(body):  # 605.3b: a mana ability resolves at once; its mana in her pool (106.4)
        added = mana_ability_check(body, color)
        check.pop("mana", None)
        if added is not None:
            check["mana"] = {"alice": added}
        script = [{"activate": act}, {"checkpoint": "activated"}]
    if cost.tap_power is not None and body.get("resolves") == {"add_types": ["Artifact", "Creature"]}:
        # 702.122a: the crew tapped as the cost was paid; once it resolved, an artifact creature
        types = sorted({*card.card.get("types", ()), "Artifact", "Creature"})
        check.setdefault("objects", {}).update({"crew0": {"tapped": True}, "card": {"types": types}})
        script = [*in_combat, {"activate": act}, "resolve", {"checkpoint": "activated"}]
    if attach is not None and attach.get("object") == "self" and attach.get("to") == "target":
        # 701.3a: once it resolved, the card is attached to its target (the cost paid before)
        check.setdefault("objects", {}).setdefault("card", {})["attached_to"] = targets[0]
        script = [*in_combat, {"activate": act}, "resolve", {"checkpoint": "activated"}]
    return extra, script, check, pool


def _alices(kind: str, n: int, gone: set[str], extra: list[dict[str, Any]], stem: str,
            timestamp: int) -> list[str]:
    """N permanents of alice's of the cost's ``kind`` (a card type or a subtype, 205.3) for
    the cost: those of the generated board, then permanents made for it (added to ``extra``)."""
    from pyengine.model.activated import SAC_TYPES, is_kind
    from pyengine.model.subtypes import CORRESPONDS, category
    from pyengine.oracle.execute_game import POOL

    have = [oid for oid, _n, ctl, types, _colors in POOL
            if ctl == "alice" and oid not in gone and is_kind(kind, types, ())][:n]
    first = kind.split("|")[0]
    if first in SAC_TYPES:
        kinds = ["Artifact"] if first == "permanent" else [first.capitalize()]
        sub: list[str] = []
    else:  # a subtype: a permanent of its category's card type with it (205.3d)
        kinds = sorted(CORRESPONDS[category(first) or "artifact"] - {"Kindred"})
        sub = [first]
    for i in range(n - len(have)):
        have.append(f"{stem}{i}")
        extra.append({"id": f"{stem}{i}", "name": "Generated Permanent", "types": list(kinds),
                      **({"subtypes": list(sub)} if sub else {}), "controller": "alice",
                      "timestamp": timestamp + i,
                      **({"power": 1, "toughness": 1} if "Creature" in kinds else {})})
    return have


def _fitting_creature(sel: dict[str, Any], extra: list[dict[str, Any]]) -> str | None:
    """A creature of alice's with the supertypes and subtypes ``sel`` names (an equip ability's
    quality, 702.6c), added to ``extra``; None for a selector that says more."""
    if set(sel) - {"types", "supertypes", "subtypes", "controller"} or sel.get("controller") != "you":
        return None
    mate: dict[str, Any] = {"id": "mate", "name": "Generated Creature", "types": ["Creature"],
                            "controller": "alice", "timestamp": 30, "power": 1, "toughness": 1}
    for key in ("supertypes", "subtypes"):
        if sel.get(key):
            mate[key] = list(sel[key])
    extra.append(mate)
    return "mate"


def _lands(mana: str, extra: list[dict[str, Any]]) -> list[str] | None:
    """Basic lands of alice's (added to ``extra``) whose mana pays ``mana`` one way only: one
    of each colored symbol's color, generic paid by the first colored symbol's (or Swamps),
    tapped for mana in the step the ability is activated in (605.3a); None for other symbols."""
    from pyengine.oracle.execute_game import _BASICS

    symbols = [s[1:-1] for s in _symbols(mana)]
    colored = [s for s in symbols if not s.isdigit()]
    if any(s not in _BASICS for s in colored):
        return None
    generic = sum(int(s) for s in symbols if s.isdigit())
    names = [_BASICS[s] for s in colored] + [_BASICS[colored[0] if colored else "B"]] * generic
    ids = [f"combatland{i}" for i in range(len(names))]
    extra += [{"id": oid, "card": name, "controller": "alice", "timestamp": 80 + i}
              for i, (oid, name) in enumerate(zip(ids, names, strict=True))]
    return ids


def _symbols(mana: str) -> list[str]:
    import re

    return re.findall(r"\{[^{}]+\}", mana)


def _made_target(spec: dict[str, Any], oid: str, timestamp: int) -> dict[str, Any] | None:
    """An inline creature fitting an object target the generated board has none for ("target
    black creature", "target Goblin creature"): bob's, or alice's for "you control"; None when
    the target names more than card types, colors, subtypes and a controller."""
    sel = spec.get("obj")
    if not isinstance(sel, dict) or set(sel) - {"types", "colors", "subtypes", "controller"} or \
            "Creature" not in sel.get("types", ()) or sel.get("zone"):
        from pyengine.oracle.execute_targets import made_target

        # a Wall, a tapped creature, one with flying, a nonbasic land (115.1)
        return made_target(sel, oid, timestamp) if isinstance(sel, dict) and not sel.get("zone") else None
    made: dict[str, Any] = {"id": oid, "name": "Generated Creature", "types": list(sel["types"]),
                            "controller": "alice" if sel.get("controller") == "you" else "bob",
                            "power": 3, "toughness": 3, "timestamp": timestamp}
    if sel.get("subtypes"):
        made["subtypes"] = list(sel["subtypes"])
    if sel.get("colors"):
        made["colors"] = list(sel["colors"])
    return made


def crew_first(card: Compiled) -> tuple[list[dict[str, Any]], list[Any]] | None:
    """For a Vehicle's generated combat: a creature of alice's to crew it and the script that
    crews it in her main phase (702.122a: an artifact creature until end of turn), or None
    when the card has no crew ability the game follows."""
    mine = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "activated" in a]
    for n, ab in enumerate(mine, 1):
        body = ab["activated"]
        cost = parse_cost(body["cost"])
        if cost.tap_power is None or body.get("resolves") != {"add_types": ["Artifact", "Creature"]}:
            continue
        several = len(mine) > 1
        act: dict[str, Any] = {"player": "alice", "source": "card", "tap_untapped": ["crew0"],
                               **({"ability": n} if several else {})}
        crew = {"id": "crew0", "name": "Generated Creature", "types": ["Creature"], "controller": "alice",
                "timestamp": 26, "power": max(cost.tap_power, 1), "toughness": 1}
        return [crew], [{"activate": act}, "resolve"]
    return None
