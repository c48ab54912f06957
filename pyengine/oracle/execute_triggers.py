"""Generated games for compiled triggered abilities that pyengine.oracle.execute_game doesn't
make: an intervening "if" clause (CR 603.4) made true by the board, a spell cast by an
opponent or with a quality no pool card has (601.2i), an attack by creatures of a kind the pool
lacks (508.1m), and "becomes untapped" (502.3, 603.2e). Each is the execute_game game with
what the event or condition needs added, so that the ability triggers and resolves: the run
must end with the stack empty and no error.
"""

from __future__ import annotations

from typing import Any

import yaml

from pyengine.model import subtypes as subtype_table
from pyengine.oracle import execute_game as EG
from pyengine.oracle.compile import Compiled

_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_CATEGORY_TYPE = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment",
                  "land": "Land", "planeswalker": "Planeswalker", "battle": "Battle"}
_SIMPLE = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "supertypes", "colors",
           "not_colors", "multicolored", "colorless", "power", "toughness", "abilities",
           "mana_value", "tapped", "token", "controller", "other"}
# the subtypes of the pool's permanents (execute_game.POOL: catalog cards)
_POOL_SUBTYPES = {"ogre": ("Ogre",), "skeletons": ("Skeleton",), "thopter": ("Thopter",),
                  "jace": ("Jace",), "bears": ("Bear",)}


def _card(sel: dict[str, Any], oid: str, name: str) -> dict[str, Any] | None:
    """An inline card that fits a selector of types, subtypes, supertypes, colors, power and
    mana value (None if the selector says more)."""
    if set(sel) - _SIMPLE or sel.get("controller", "you") != "you" or sel.get("token"):
        return None
    types = list(sel.get("types") or sel.get("any_types", [])[:1])
    for sub in sel.get("subtypes", ()):
        cat = subtype_table.category(sub)
        if cat not in _CATEGORY_TYPE:
            return None
        if _CATEGORY_TYPE[cat] not in types:
            types.append(_CATEGORY_TYPE[cat])
    if not types or {"power", "toughness", "abilities"} & set(sel):
        types = types or (["Artifact"] if "Creature" in sel.get("not_types", ()) else ["Creature"])
    if set(types) & set(sel.get("not_types", ())):
        return None
    if set(types) <= {"Instant", "Sorcery"} and "Creature" not in types and "power" in sel:
        return None
    colors = list(sel.get("colors", ()))
    if set(colors) & set(sel.get("not_colors", ())):
        return None
    if sel.get("multicolored"):
        colors = ["red", "green"]
    if sel.get("colorless"):
        colors = []
    mv = sel.get("mana_value", {})
    want = mv.get("gte", 1) if "gte" in mv else min(1, mv.get("lte", 1))
    generic = max(0, want - len(colors))
    cost = (f"{{{generic}}}" if generic or not colors else "") + "".join(f"{{{_LETTER[c]}}}" for c in colors)
    new: dict[str, Any] = {"id": oid, "name": name, "types": types, "colors": colors}
    if cost:
        new["mana_cost"] = cost
    if sel.get("subtypes"):
        new["subtypes"] = list(sel["subtypes"])
    if sel.get("supertypes"):
        new["supertypes"] = list(sel["supertypes"])
    if "Creature" in types:
        power = _within(sel.get("power", {}), 1)
        new.update({"power": power, "toughness": _within(sel.get("toughness", {}), max(1, power))})
    if sel.get("abilities"):
        new["abilities"] = list(sel["abilities"])
    if "Planeswalker" in types:  # no loyalty: it would die at once (704.5i)
        new["counters"] = {"loyalty": 3}
    if sel.get("tapped"):
        new["tapped"] = True
    return new


def _within(bound: dict[str, int], default: int) -> int:
    """A value within ``{gte: N}`` / ``{lte: N}`` (the default when it is)."""
    if "gte" in bound:
        return max(default, bound["gte"])
    if "lte" in bound:
        return min(default, bound["lte"]) if bound["lte"] >= 1 else max(0, bound["lte"])
    return default


def _permanent(sel: dict[str, Any], oid: str, ts: int) -> dict[str, Any] | None:
    new = _card({k: v for k, v in sel.items() if k != "other"}, oid, f"Generated {oid}")
    if new is None or set(new["types"]) & {"Instant", "Sorcery"}:
        return None
    return {**new, "controller": "alice", "timestamp": ts}


def _satisfy(cond: dict[str, Any], doc: dict[str, Any], card: Compiled | None = None) -> bool:
    """Add to alice's board what makes an intervening "if" condition true (or take away what
    makes it false); False if the condition is not one made here."""
    from pyengine.oracle import kicker
    from pyengine.oracle.execute_history import satisfy

    from pyengine.oracle.execute_faces import satisfy_last

    made = satisfy_last(cond, doc)  # "if no spells were cast last turn" (the werewolves')
    if made is not None:
        return made
    made = satisfy(cond, doc)  # "if you gained life this turn" (pyengine.triggers.history)
    if made is not None:
        return made
    objs = doc["objects"]
    if kicker.is_kicked(cond):  # 702.33d: the card cast kicked
        return card is not None and kicker.kick(card, doc)
    from pyengine.oracle.trigger_heads import CAST_CONDITIONS

    if cond in CAST_CONDITIONS.values():  # 601.2a: the game's card is put on the stack from
        return any(isinstance(a, dict) and a.get("stack", {}).get("object") == "card"  # alice's hand
                   for a in doc["query"]["script"]) and any(
            o["id"] == "card" and o.get("zone") == "hand" for o in doc["objects"])
    if "all" in cond:
        return all(_satisfy(c, doc, card) for c in cond["all"])
    if cond.get("new_control") is True:  # echo (702.30a): pyengine.oracle.execute_keywords
        from pyengine.oracle.execute_keywords import echo_doc

        return echo_doc(doc)
    if "exists" in cond or "compare" in cond:
        if "exists" in cond:
            sel, n = cond["exists"], 1
        else:
            lhs, op, rhs = cond["compare"]
            if isinstance(lhs, dict) and "card_types_among" in lhs and op in (">=", ">") and isinstance(rhs, int):
                return _graveyard_types(lhs["card_types_among"], rhs + (op == ">"), objs)
            if not (isinstance(lhs, dict) and "count" in lhs and op in (">=", ">") and isinstance(rhs, int)):
                return False
            sel, n = lhs["count"], rhs + (op == ">")
        if sel.get("tapped") and doc["turn"]["step"] == "untap":  # the untap step would untap it
            first = doc["query"]["script"][0]  # (502.3): the game begins after it, in the upkeep
            if not (isinstance(first, dict) and first.get("advance") not in (None, "upkeep")):
                return False
            doc["turn"]["step"] = "upkeep"
        if "zone" in sel:
            return _graveyard(sel, n, objs)
        for _ in range(n):
            new = _permanent(sel, f"cond{len(objs)}", 40 + len(objs))
            if new is None:
                return False
            objs.append(new)
        return True
    if "not_exists" in cond:
        sel = cond["not_exists"]
        if sel.get("controller") not in (None, "you") or "zone" in sel:
            return False
        # "if you control no ...": alice's taken away; "if no creatures are on the battlefield":
        # everyone's (no controller named)
        owners = ("alice",) if sel.get("controller") == "you" else ("alice", "bob")
        used = yaml.safe_dump(doc["query"]["script"]) + yaml.safe_dump(
            [o.get("attached_to") for o in objs])
        for oid, _c, ctl, types, colors in EG.POOL:
            subs = set(_POOL_SUBTYPES.get(oid, ()))
            if set(sel.get("subtypes", ())) - subs:
                continue  # it lacks a subtype the selector names
            rest = {k: v for k, v in sel.items() if k not in ("tapped", "subtypes")}
            fits = EG.fits(rest, types, colors, ctl)
            if fits is not False and ctl in owners:
                if oid in used:
                    return False
                doc["objects"] = objs = [o for o in objs if o["id"] != oid]
        return True
    return False


def _graveyard_types(sel: dict[str, Any], n: int, objs: list[dict[str, Any]]) -> bool:
    """"Four or more card types among cards in your graveyard" (205.2a): alice's graveyard
    holds the board's cards (an artifact land, a creature, an enchantment, an instant, a
    sorcery, a planeswalker: seven types), whether it is true there."""
    if sel != {"zone": "graveyard", "owner": "you"}:
        return False
    ids = {o["id"] for o in objs if o.get("zone") == "graveyard" and o.get("owner") == "alice"}
    return len({t for gid, _c, types in EG.GRAVEYARD if gid in ids for t in types}) >= n


def _graveyard(sel: dict[str, Any], n: int, objs: list[dict[str, Any]]) -> bool:
    """"If there are five or more [creature] cards in your graveyard": Grizzly Bears cards
    added to alice's graveyard until n cards of hers fit (the board's graveyard has three)."""
    if sel.get("zone") != "graveyard" or sel.get("owner", sel.get("controller")) != "you" or \
            set(sel) - {"zone", "owner", "controller", "types"} or set(sel.get("types", ())) - {"Creature"}:
        return False
    rest = {k: v for k, v in sel.items() if k == "types"}
    have = sum(1 for o in objs if o.get("zone") == "graveyard" and o.get("owner") == "alice" and
               any(EG.fits(rest, types, (), "alice") for gid, _c, types in EG.GRAVEYARD if gid == o["id"]))
    for i in range(max(0, n - have)):
        objs.append({"id": f"grave_cond{i}", "card": "Grizzly Bears", "owner": "alice", "zone": "graveyard"})
    return True


def _cast(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    """The game of a spell cast: by alice, or by bob in his turn (an opponent's, a player's)."""
    sel = _one_of(dict(when.get("obj") or {}))
    if sel is None:
        return None
    caster = "bob" if when.get("player") == "opponent" else "alice"
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        on_field["attached_to"] = "bears"
    other = "alice" if caster == "bob" else "bob"
    if EG.fits({k: v for k, v in sel.items() if k != "mana_value"}, ("Instant",), ("red",), caster) \
            and sel.get("mana_value", {}).get("gte", 1) <= 1:  # Lightning Bolt: a red instant, mana value 1
        bolt = {"id": "spell", "card": "Lightning Bolt", "owner": caster, "zone": "hand"}
        script: list[Any] = [{"stack": {"object": "spell", "controller": caster, "targets": [other]}},
                             "resolve", "resolve"]
        return _doc(card, [on_field, bolt], script, caster, "precombat_main")
    spell = _card(sel, "spell", "Generated Spell")
    if spell is None:
        return None
    if set(spell["types"]) & {"Instant", "Sorcery"}:
        return None  # an inline instant with no spell ability: not made here
    if not spell["types"]:
        spell["types"] = ["Creature"]
        spell.update({"power": 1, "toughness": 1})
    spell.update({"owner": caster, "zone": "hand"})
    script = [{"stack": {"object": "spell", "controller": caster}}, "resolve", "resolve"]
    return _doc(card, [on_field, spell], script, caster, "precombat_main")


def _one_of(sel: dict[str, Any]) -> dict[str, Any] | None:
    """A selector with ``any_of`` narrowed to its first alternative that a generated card can
    fit (a historic spell: an artifact spell, 700.6); the others are left to the rules."""
    alts = sel.pop("any_of", None)
    if alts is None:
        return sel
    for alt in alts:
        both = {**sel, **alt}
        if set(sel) & set(alt) or _card(both, "spell", "Generated Spell") is None:
            continue
        return both
    return None


def _attack(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    sel = {k: v for k, v in when["obj"].items() if k != "other"}
    new = _permanent(sel, "attacker", 21)
    if new is None or "Creature" not in new["types"]:
        return None
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    script = [{"advance": "declare_attackers"}, {"attack": {"attacker": "bob"}}, "resolve"]
    return _doc(card, [on_field, new], script, "alice", "precombat_main")


def _untap(card: Compiled) -> dict[str, Any] | None:
    """Tapped in bob's turn, it untaps in alice's untap step (502.3); the ability triggers
    then and is put on the stack as alice's upkeep begins (503.1a)."""
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20, "tapped": True}
    script = [{"advance": {"step": "upkeep", "turn": 4}}, "resolve"]
    return _doc(card, [on_field], script, "bob", "end", number=3)


def _doc(card: Compiled, extra: list[dict[str, Any]], script: list[Any], active: str, step: str,
         number: int = 3) -> dict[str, Any]:
    EG.loyal(card, extra)
    for o in extra:  # it entered with its counters (614.1c): a 0/0 with counters lives
        if o.get("id") == "card" and "zone" not in o:
            o.setdefault("counters", _enters_with(card))
            if not o["counters"]:
                del o["counters"]
    hands = {p: sum(1 for o in extra if o.get("zone") == "hand" and o.get("owner") == p)
             for p in ("alice", "bob")}
    return {"id": "cards/generated-game", "title": f"{card.name} does what it says",
            "cr": ["608.2c", "603.3"], "rationale": "generated: the game must run it",
            "players": [{"id": "alice", "hand_size": hands["alice"], "library_size": 10},
                        {"id": "bob", "hand_size": hands["bob"], "library_size": 10}],
            "turn": {"active": active, "number": number, "step": step},
            "objects": EG._objects(extra),
            "query": {"kind": "game", "script": [*script, {"checkpoint": "done"}]},
            "expect": {"checkpoints": {"done": {"stack": []}}}}


def _enters_with(card: Compiled) -> dict[str, int]:
    out: dict[str, int] = {}
    for a in card.card.get("abilities", ()):
        got = a.get("static") if isinstance(a, dict) else None
        if isinstance(got, dict) and isinstance(got.get("enters_with_counters"), dict):
            ewc = got["enters_with_counters"]
            out[ewc["counter"]] = out.get(ewc["counter"], 0) + ewc["amount"]
    return out


def _zone_change(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    """A creature of a kind the pool lacks enters from alice's hand, or dies (603.6a, 700.4)."""
    sel = {k: v for k, v in when["obj"].items() if k != "other"}
    on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
    if {"Aura", "Equipment"} & set(card.card.get("subtypes", ())):
        on_field["attached_to"] = "bears"
    if when["kind"] == "enters":
        new = _card(sel, "new", "Generated Card")
        if new is None or set(new["types"]) & {"Instant", "Sorcery"}:
            return None
        new.update({"owner": "alice", "zone": "hand"})
        script: list[Any] = [{"events": [{"kind": "enter", "object": "new", "from": "hand"}]}, "resolve"]
    else:
        new = _permanent(sel, "new", 21)
        if new is None:
            return None
        script = [{"events": [{"kind": "destroy", "object": "new"}]}, "resolve"]
    return _doc(card, [on_field, new], script, "alice", "precombat_main")


def _damage(card: Compiled, when: dict[str, Any]) -> dict[str, Any] | None:
    """One or more creatures of a kind the pool lacks deal combat damage to bob, unblocked."""
    doc = _attack(card, {"obj": when["source"]})
    if doc is None:
        return None
    doc["query"]["script"] = [{"advance": "declare_attackers"}, {"attack": {"attacker": "bob"}},
                              {"advance": "combat_damage"}, {"assign": "default"}, "resolve",
                              {"checkpoint": "done"}]
    return doc


def _must_attack(card: Compiled, doc: dict[str, Any]) -> None:
    """The card attacks too when it must (508.1d: "attacks each combat if able")."""
    if "attacks each combat if able" not in card.card.get("abilities", ()) or \
            doc["turn"]["active"] != "alice":
        return  # in bob's turn it doesn't attack (508.1a: the active player's creatures)
    for a in doc["query"]["script"]:
        if isinstance(a, dict) and "attack" in a:
            # the card alone when it is what the trigger is about (one trigger to resolve)
            a["attack"] = {"card": "bob"} if _about(card) else {**a["attack"], "card": "bob"}


def _about(card: Compiled) -> bool:
    from pyengine.oracle.abilities import _fits_self

    trig = next(a["trigger"] for a in card.card["abilities"] if isinstance(a, dict) and "trigger" in a)
    sel = trig.get("when", {}).get("source") or trig.get("when", {}).get("obj")
    return sel == "self" or isinstance(sel, dict) and _fits_self(sel, card.card)


def game_text(card: Compiled) -> str | None:
    """The generated game of the card's first triggered ability when it is of a kind made
    here (None: execute_game's own game, or none)."""
    triggers = [a for a in card.card.get("abilities", ()) if isinstance(a, dict) and "trigger" in a]
    # ward (702.21a) last, as execute_game does: the game is about another triggered ability
    triggers.sort(key=lambda t: t["trigger"].get("when", {}).get("kind") == "becomes_target")
    if not triggers or "does" in card.card or "resolves" in card.card:
        return None
    from pyengine.oracle.execute_order import quiet

    if any(t.get("targets") for t in triggers[1:] if not quiet(triggers[0], t)):
        return None
    trig = triggers[0]["trigger"]
    when = trig.get("when", {})
    doc: dict[str, Any] | None = None
    own = True  # the game is made here, not execute_game's
    if (when.get("nth") or when.get("turn")) and when.get("kind") != "becomes_target":  # execute_history
        from pyengine.oracle.execute_history import nth_game

        doc = nth_game(card, when)
    elif when.get("kind") == "cast" and when.get("obj") != "self" and (
            when.get("player") == "opponent" or EG._trigger_script(card, trig) is None):
        doc = _cast(card, when)
    elif when.get("kind") == "untap" and when.get("obj") == "self":
        doc = _untap(card)
    elif when.get("kind") == "attacks" and isinstance(when.get("obj"), dict) and \
            EG._trigger_script(card, trig) is None:
        doc = _attack(card, when)
    elif when.get("kind") in ("enters", "dies") and isinstance(when.get("obj"), dict) and \
            EG._trigger_script(card, trig) is None:
        doc = _zone_change(card, when)
    elif when.get("kind") == "damage" and isinstance(when.get("source"), dict) and \
            EG._trigger_script(card, trig) is None:
        doc = _damage(card, when)
    elif when.get("kind") in ("turned_face_up", "transforms") and when.get("obj") == "self":
        from pyengine.oracle.execute_faces import face_game  # 708.8, 701.27a

        doc = face_game(card, when["kind"])
    elif "state" in trig:  # CR 603.8: it triggers as soon as the state matches
        on_field = {"id": "card", "card": card.name, "controller": "alice", "timestamp": 20}
        doc = _doc(card, [on_field], ["resolve"], "alice", "precombat_main")
        if not _satisfy(trig["state"], doc):
            return None
    elif "if" in trig or "attacks each combat if able" in card.card.get("abilities", ()):
        text = EG.game_text(card)
        doc = None if text is None else yaml.safe_load(text)
        own = False
        if doc is not None:
            _must_attack(card, doc)
    else:
        return None
    if doc is None or ("if" in trig and not _satisfy(trig["if"], doc, card)):
        return None
    from pyengine.oracle.execute_library import look_choices

    looks = look_choices(triggers[0].get("do", []))
    if looks is None:
        return None
    script = doc["query"]["script"]
    if not any(isinstance(a, dict) and set(a) & {"scry_choice", "surveil_choice"} for a in script):
        doc["query"]["script"] = [*looks, *script]
    from pyengine.oracle.execute_library import with_searches

    if with_searches(doc, triggers[0].get("do", [])) is None:  # 701.23a: the card found, chosen ahead
        return None
    if triggers[0].get("targets") and not any("trigger_targets" in a for a in doc["query"]["script"]
                                              if isinstance(a, dict)):
        from pyengine.oracle.execute_targets import group_picks

        picks = group_picks(triggers[0]["targets"], EG._pick)  # different objects in a group (115.3)
        if None in picks:
            return None
        doc["query"]["script"] = [{"trigger_targets": {"card": picks}}, *doc["query"]["script"]]
    if own:  # execute_game's game gives them already
        ahead, extra = EG.choices(triggers[0].get("do", []))  # chosen as it resolves (608.2d)
        from pyengine.oracle.execute_keyword import explored_library, keyword_ahead

        kw = keyword_ahead(card, EG._followed(triggers[0].get("do", [])), bolster=False)  # 701.50a ...
        if kw is None:
            return None
        ahead += kw
        known = explored_library(EG._followed(triggers[0].get("do", [])))
        doc["objects"] = [*doc["objects"], *known]
        next(p for p in doc["players"] if p["id"] == "alice")["hand_size"] = next(
            p for p in doc["players"] if p["id"] == "alice").get("hand_size", 0) + sum(
            1 for o in known if o.get("zone") == "hand")
        doc["query"]["script"] = ahead + doc["query"]["script"]
        for p in doc["players"]:
            p["hand_size"] = p.get("hand_size", 0) + extra
        if not EG.pay_lands(doc, triggers[0].get("do", [])):  # the pool empties between steps (106.4)
            EG.pay_pool(next(p for p in doc["players"] if p["id"] == "alice"), triggers[0].get("do", []))
        from pyengine.oracle.execute_sacrifice import fodder

        sacrificed = fodder(EG._followed(triggers[0].get("do", [])), doc["turn"]["active"]
                            if "at" in trig else "bob")  # 701.21a: the permanents chosen, given ahead
        if sacrificed is None:
            return None
        doc["query"]["script"] = sacrificed[0] + doc["query"]["script"]
        doc["objects"] += sacrificed[1]
        last = list(doc["expect"]["checkpoints"].values())[-1] if doc["expect"].get("checkpoints") else None
        if last is not None and sacrificed[2]:
            last["objects"] = {**last.get("objects", {}), **sacrificed[2]}
        from pyengine.oracle.execute_cascade import with_cascade

        doc = with_cascade(doc, card)  # 702.85a: the card cast cascades (declined)
        if doc is None:
            return None
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def run_game(card: Compiled, timeout: float = 60.0, template: str | None = None) -> tuple[bool, str]:
    """The card's generated game (this module's, else execute_game's) run: whether it ran
    (``template`` "activated ability": the game that activates its first activated ability)."""
    from pyengine.oracle.execute import run_generated
    from pyengine.oracle.execute_compound import is_compound, run_events
    from pyengine.oracle.execute_modal import is_modal, run_modes

    if is_compound(card) and template != "activated ability":  # one game per event (603.2)
        return run_events(card, timeout)
    if is_modal(card) and template != "activated ability":  # one game per mode (CR 700.2)
        return run_modes(card, timeout)
    from pyengine.oracle.execute_mana import mana_trigger_text

    mana = None if template == "activated ability" else mana_trigger_text(card)  # 605.1b, 605.4a
    if mana is not None:
        scenario, why = run_generated(mana, f"<generated game: {card.name}>", timeout)
        return scenario is not None, why
    text = None if template == "activated ability" else game_text(card)
    if text is None:
        return EG.run_game(card, timeout, template)
    from pyengine.oracle.execute_graveyard import relocated

    text = relocated(card, text, template)  # 113.6m: a trigger of a card in alice's graveyard
    scenario, why = run_generated(text, f"<generated game: {card.name}>", timeout)
    return scenario is not None, why
