"""Keyword actions of faces (CR 701): manifest (701.40a), turning a face-down permanent face up
(a special action, 116.2b: a manifested creature card for its mana cost, 701.40b; a morph or
disguise for that cost, 702.37e, 702.168d; paid by the casting path,
:mod:`pyengine.cast.special` and :mod:`pyengine.game.paying`) and transform (701.27)."""

from __future__ import annotations

from dataclasses import replace

from pyengine.budget import Budget
from pyengine.cast.model import Payment
from pyengine.cast.special import CostPayment, check_payment, unsupported
from pyengine.events import GameEvent
from pyengine.game.keyword_model import Manifest, Transform, TurnFaceUp, permanent
from pyengine.game.library import top_card
from pyengine.game.model import Game, IllegalAction
from pyengine.game.paying import mana_ability_costs, pay_mana, produced, tapped_for_mana
from pyengine.game.perform import layers, perform
from pyengine.game.pool import Pool
from pyengine.model.enums import FaceDown, Zone
from pyengine.model.mana import parse_cost
from pyengine.model.objects import Characteristics, GameObject
from pyengine.replacement.event import Event


def manifest(game: Game, a: Manifest, budget: Budget | float) -> Game:
    pl = game.state.player(a.player)
    if pl.library_size <= 0:
        return game  # no card to manifest
    objs = {o.id: o for o in game.state.objects}
    players = {p.id: p for p in game.state.players}
    named = top_card(objs, [o.id for o in game.state.objects], players, a.player, dict(game.library_bottom))
    if named is not None:
        top = named
    else:  # an unnamed card of the library: it becomes an object, its face unknown
        top = a.new_id or f"manifested-{game.next_timestamp}"
        card = GameObject(top, Characteristics(), owner=a.player, controller=a.player, zone=Zone.LIBRARY)
        game = game.with_state(objects=game.state.objects + (card,))
    fields = (("object", ("o", top)), ("count", 1), ("from", "library"), ("to", "battlefield"),
              ("cause", "effect"), ("position", None), ("control", ("p", a.player)), ("as", ("o", top)),
              ("tapped", False), ("face", "front"), ("choice", None))
    game = perform(game, [Event("move", fields)], rule="701.40a", budget=budget)
    if game.state.object(top).zone != Zone.BATTLEFIELD:
        return game
    objs2 = tuple(replace(o, face_down=True, face_down_kind=FaceDown.MANIFEST) if o.id == top else o
                  for o in game.state.objects)
    return game.with_state(objects=objs2)


# what turned a permanent face down -> the rule that lets its controller turn it face up
FACE_UP_RULE = {FaceDown.MANIFEST: "701.40b", FaceDown.MORPH: "702.37e", FaceDown.DISGUISE: "702.168d"}


def face_up_cost(o: GameObject) -> tuple[str | None, str, str]:
    """The cost of turning the face-down permanent ``o`` face up, or None with why not and the
    rule: a manifested creature card's mana cost (701.40b); the morph or disguise cost it would
    have face up (702.37e, 702.168d)."""
    kind = o.face_down_kind
    rule = FACE_UP_RULE.get(kind, "708.7")
    if kind == FaceDown.MANIFEST:
        if {"Instant", "Sorcery"} & set(o.printed.types):
            return None, "it is an instant or sorcery card: revealed, it stays face down", "701.40g"
        if "Creature" not in o.printed.types or o.printed.mana_cost is None:
            return None, "it is not a creature card with a mana cost", rule
        return o.printed.mana_cost, "", rule
    word = kind.value
    words = (word, "megamorph") if kind == FaceDown.MORPH else (word,)  # 702.37b: a morph cost
    cost = next((a.param for a in o.printed.abilities if a.kind == "keyword" and a.name in words), None)
    if kind in FACE_UP_RULE and cost is not None:
        return cost, "", rule
    return None, (f"it would have no {word} cost face up" if kind in FACE_UP_RULE
                  else "no ability or rule lets its controller turn it face up"), rule


def turn_face_up(game: Game, a: TurnFaceUp, budget: Budget | float) -> Game:
    o = permanent(game, a.obj, "701.40b", "is turned face up")
    rule = FACE_UP_RULE.get(o.face_down_kind, "708.7")
    if game.priority != a.player:
        raise IllegalAction("116.2b", f"{a.player} turns a face-down permanent face up only while "
                                      f"holding priority ({rule})")
    if not o.face_down:
        raise IllegalAction(rule, f"{a.obj} is not face down")
    if layers(game.state, budget).objects[o.id].controller != a.player:
        raise IllegalAction(rule, f"{a.player} doesn't control {a.obj}")
    cost, why, rule = face_up_cost(o)
    if cost is None:
        raise IllegalAction(rule, f"{a.obj} can't be turned face up: {why} ({rule})")
    game = _pay_cost(game, a, cost, budget, rule)
    ts = game.next_timestamp  # 613.7f
    objs = tuple(replace(x, face_down=False, timestamp=ts) if x.id == o.id else x for x in game.state.objects)
    game = game.with_state(objects=objs).clone(next_timestamp=ts + 1)
    if o.face_down_kind == FaceDown.MORPH and _megamorph(o, cost):  # 702.37b: as it is turned face up
        game = perform(game, [Event("counters", (("target", ("o", o.id)), ("counter", "+1/+1"), ("amount", 1),
                                                 ("by", ("p", a.player)), ("cause", "effect")))],
                       rule="702.37b", budget=budget)
    return game.emit(GameEvent("turned_face_up", obj=o.id, player=a.player, rule=rule))


def _megamorph(o: GameObject, cost: str) -> bool:
    """Whether the morph cost paid is its megamorph cost (702.37b)."""
    first = next((a for a in o.printed.abilities if a.kind == "keyword" and a.name in ("morph", "megamorph")),
                 None)
    return first is not None and first.name == "megamorph" and first.param == cost


def special_actions(game: Game, budget: Budget | float = 30.0) -> tuple[TurnFaceUp, ...]:
    """The face-down permanents the player holding priority may turn face up now (701.40b,
    702.37e, 702.168d, 116.2b): those with a cost of turning face up they can pay."""
    pid = game.priority
    if pid is None or not any(o.face_down for o in game.state.objects):
        return ()
    res = layers(game.state, budget)
    out = []
    for o in game.state.objects:
        if o.zone != Zone.BATTLEFIELD or not o.face_down or o.id not in res.objects \
                or res.objects[o.id].controller != pid:
            continue
        cost, _, _ = face_up_cost(o)
        if cost is not None and unsupported(cost) is None \
                and _payment(game, pid, cost, None, budget, FACE_UP_RULE[o.face_down_kind]).payments:
            out.append(TurnFaceUp(pid, o.id))
    return tuple(out)


def _payment(game: Game, player: str, cost: str, payment: Payment | None,
             budget: Budget | float, rule: str = "701.40b") -> CostPayment:
    sym = unsupported(cost)
    if sym is not None:
        raise IllegalAction(rule, f"paying {{{sym}}} is not followed by the game yet")
    return check_payment(game.state, player, cost, payment, layers(game.state, budget), budget)


def _pay_cost(game: Game, a: TurnFaceUp, cost: str, budget: Budget | float, rule: str = "701.40b") -> Game:
    """701.40b, 702.37e, 702.168d: the cost is paid as a cast's total cost is (601.2g-h: the
    casting encodings judge the payment, :mod:`pyengine.game.paying` moves the mana)."""
    verdict = _payment(game, a.player, cost, a.payment, budget, rule)
    if not verdict.payments:
        first = verdict.violations[0] if verdict.violations else None
        raise IllegalAction(rule, f"{a.player} can't pay {cost} (mana available: "
                                  f"{game.state.player(a.player).mana or 'none'}"
                                  + (f"; {first.render()})" if first else ")"))
    if len(verdict.payments) > 1:
        spends = "; ".join("".join(f"{{{k}}}" * n for k, n in spent) for spent, _ in verdict.payments)
        raise IllegalAction("601.2h", f"which mana pays {cost} is {a.player}'s choice ({spends}): give "
                                      "payment: {pool: ...}")
    spent = verdict.payments[0][0]
    pay = a.payment or Payment()
    result = layers(game.state, budget)
    added = produced(pay, result)
    game = pay_mana(game, a.player, tapped_for_mana(pay, result), added, Pool(spent), 0, len(_units(cost)))
    return mana_ability_costs(game, a.player, pay, result, budget)


def _units(cost: str) -> list[str]:
    """The mana symbols of ``cost``, a generic {N} as N symbols."""
    out: list[str] = []
    for sym in parse_cost(cost).symbols:
        out += ["1"] * int(sym) if sym.isdigit() else [sym]
    return out


def _refuse_text_triggers(game: Game, o: GameObject) -> None:
    """A face with a triggered ability held only as text can't be turned up in a game: the
    game couldn't tell when that ability triggers (603.1; as a state holding one is refused,
    pyengine.triggers.facts)."""
    from pyengine.errors import UnsupportedQuery
    from pyengine.triggers.facts import text_only_triggers

    assert o.other_face is not None
    turned = replace(o, printed=o.other_face, other_face=None)
    found = text_only_triggers(game.state.clone(objects=(turned,), effects=()))
    if found:
        raise UnsupportedQuery(f"{o.id} would transform into {o.other_face.name or 'its other face'}, "
                               f"whose triggered ability {found[0][1]!r} is held only as text: the game "
                               "can't tell when it triggers (CR 603.1)")


def transform(game: Game, a: Transform, budget: Budget | float) -> Game:
    o = permanent(game, a.obj, "701.27a", "transforms")
    if o.other_face is None or o.face_down:
        return game  # 701.27c: not a double-faced permanent; 712.15a: face down it can't transform
    if {"Instant", "Sorcery"} & set(o.other_face.types):
        return game  # 701.27d
    ch = layers(game.state, budget).objects.get(o.id)
    if ch is not None and (ch.has_keyword("daybound") or ch.has_keyword("nightbound")):
        return game  # 702.145b, 702.145e: it transforms only due to that ability (pyengine.game.day_night)
    return turn_over(game, o, "701.27a", budget)


def other_side(o: GameObject, timestamp: int | None = None) -> GameObject:
    """``o`` turned over to its other face (712.8d-e: a back face's mana value is its front
    face's)."""
    assert o.other_face is not None
    front = o.other_face if o.transformed else o.printed
    up = o.other_face if o.transformed else replace(o.other_face, mana_value=front.mana_value)  # 712.8e
    return replace(o, printed=up, other_face=o.printed, transformed=not o.transformed,
                   timestamp=o.timestamp if timestamp is None else timestamp)


def turn_over(game: Game, o: GameObject, rule: str, budget: Budget | float) -> Game:
    """``o`` transforms (701.27a; ``rule``: what made it, 702.145c and 702.145f for daybound and
    nightbound): its other face up, a new timestamp (613.7g), a ``transform`` event."""
    _refuse_text_triggers(game, o)
    ts = game.next_timestamp  # 613.7g
    new = other_side(o, ts)
    objs = tuple(new if x.id == o.id else x for x in game.state.objects)
    game = game.with_state(objects=objs).clone(next_timestamp=ts + 1)
    return game.emit(GameEvent("transform", obj=o.id, player=o.controller, rule=rule))
