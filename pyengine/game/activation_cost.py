"""Paying an activated ability's cost (CR 602.2b, 601.2g-h, 118.3): whether the player can pay
each part (a permanent already tapped can't be tapped, 107.5; one untapped can't be untapped,
107.6; a creature's {T}/{Q} needs it controlled since its controller's turn began or haste,
302.6, 602.5a; life only up to the life total, 119.4; only permanents of one's own are
sacrificed, 701.21a; a discarded card is in the player's hand, 701.9a; counters removed are
on the source; a loyalty ability's counters, 606.4, 606.6), and the events that pay it,
performed through the replacement engine."""

from __future__ import annotations

from typing import Any

from pyengine.game.model import IllegalAction
from pyengine.game.pool import Pool
from pyengine.model.activated import ActivationCost, is_kind
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject, GameState
from pyengine.replacement.event import Event


def mana_spent(cost: str, available: Pool, given: Pool | None, *, rule: str = "601.2h",
               choose_rule: str | None = None, say: str = "payment: {pool: SYMBOLS}") -> Pool:
    """The mana of the pool that pays the mana part of the cost (601.2h; an "unless pays"
    cost, 118.12a): the colored symbols with mana of their type, generic with any; ``given``
    the player's choice, needed when the pool could pay it in more than one way. A payment
    that can't be made is refused by ``rule``, an ambiguous one by ``choose_rule`` (default
    ``rule``), telling the script to ``say`` which mana."""
    from pyengine.model.mana import parse_cost

    symbols = parse_cost(cost).symbols
    colored = Pool.of([s for s in symbols if not s.isdigit()])
    generic = sum(int(s) for s in symbols if s.isdigit())
    need = colored.count() + generic
    if given is not None:
        if given.count() != need or any(dict(given.amounts).get(t, 0) < n for t, n in colored.amounts):
            raise IllegalAction(rule, f"{given.render() or 'no mana'} doesn't pay {cost or 'no mana'}")
        spent = given
    elif need == 0:
        return Pool()
    else:
        try:
            rest = available.minus(colored)
        except ValueError:
            raise IllegalAction(rule, f"the pool ({available.render() or 'empty'}) can't pay "
                                      f"{cost}") from None
        if rest.count() < generic:
            raise IllegalAction(rule, f"the pool ({available.render() or 'empty'}) can't pay {cost}")
        if generic and rest.count() > generic and len(rest.amounts) > 1:
            raise IllegalAction(choose_rule or rule, f"the pool {available.render()} pays {cost} in more "
                                                     f"than one way: say which mana is spent ({say})")
        # all that is left when it is exactly the generic part, else one type of mana
        spent = colored.plus(rest if rest.count() == generic else
                             Pool(((rest.amounts[0][0], generic),)) if generic else Pool())
    try:
        available.minus(spent)
    except ValueError:
        raise IllegalAction(rule, f"the pool ({available.render() or 'empty'}) has no "
                                  f"{spent.render()} to spend (106.4)") from None
    return spent


def cost_events(state: GameState, result: Any, action: Any, cost: ActivationCost, ch: Any) -> list[Event]:
    """Refuse a cost the player can't pay (118.3); the events paying its other parts."""
    src = state.object(action.source)
    if (cost.tap or cost.untap) and "Creature" in ch.types and not src.controlled_since_turn_start \
            and not ch.has_keyword("haste"):
        raise IllegalAction("602.5a", f"{src.id} has not been under {action.player}'s control since their "
                                     "turn began and has no haste: its {T} or {Q} can't be paid (302.6)")
    if cost.tap and src.tapped:
        raise IllegalAction("107.5", f"{src.id} is already tapped: {{T}} can't be paid (118.3)")
    if cost.untap and not src.tapped:
        raise IllegalAction("107.6", f"{src.id} is already untapped: {{Q}} can't be paid (118.3)")
    _tap_untapped(state, result, action, cost)
    events: list[Event] = []
    want = cost.sacrifice_count if cost.sacrifice else 0
    if len(action.sacrifice) != want or len(set(action.sacrifice)) != want:
        raise IllegalAction("601.2h", f"the cost sacrifices {want} permanent(s) chosen as it is paid; "
                                      f"{len(action.sacrifice)} named")
    for oid in action.sacrifice:
        o = _controlled(state, result, oid, action.player)
        if o is None:
            raise IllegalAction("701.21a", f"{action.player} can sacrifice only a permanent they control; "
                                           f"{oid} isn't one")
        och = result.objects[oid]
        if cost.other and oid == src.id or not is_kind(cost.sacrifice or "", och.types, och.subtypes):
            what = f"{'another' if cost.other else 'a'} {(cost.sacrifice or '').replace('|', ' or ')}"
            raise IllegalAction("601.2h", f"{oid} is not {what}")
        if cost.sacrifice_self and oid == src.id:
            raise IllegalAction("701.21a", f"{oid} can't be sacrificed twice")
        events.append(_move(oid, "battlefield", "graveyard", "sacrifice"))
    if cost.sacrifice_self:
        events.append(_move(src.id, "battlefield", "graveyard", "sacrifice"))
    events += _returned(state, result, action, cost)
    moved = [*action.sacrifice, *action.returned, *([src.id] if cost.sacrifice_self or cost.exile_source
                                                   or cost.return_self else [])]
    if len(set(moved)) != len(moved) or (cost.sacrifice_self + cost.exile_source + cost.return_self) > 1:
        raise IllegalAction("118.3", "a permanent is moved once for the cost (it can't be sacrificed, exiled "
                                     "or returned twice)")
    if cost.return_self:  # 400.3: to its owner's hand, as the cost is paid (601.2h)
        if src.zone != Zone.BATTLEFIELD:
            raise IllegalAction("118.3", f"{src.id} is returned from the battlefield for the cost")
        events.append(_move(src.id, "battlefield", "hand", "cost"))
    events += _exiled(state, action, cost)
    if cost.exile_source:  # 406.2: the source, from the battlefield, as the cost is paid (601.2h)
        if src.zone != Zone.BATTLEFIELD:
            raise IllegalAction("118.3", f"{src.id} is exiled from the battlefield for the cost")
        events.append(_move(src.id, "battlefield", "exile", "cost"))
    if cost.life:
        life = state.player(action.player).life
        if life < cost.life:
            raise IllegalAction("119.4", f"{action.player} has {life} life: can't pay {cost.life} life")
        events.append(Event("pay_life", (("player", ("p", action.player)), ("amount", cost.life))))
    if cost.exile_self:  # 113.6m: from its owner's graveyard
        if src.zone != Zone.GRAVEYARD:
            raise IllegalAction("113.6m", f"{src.id} is exiled from its owner's graveyard for the cost")
        events.append(_move(src.id, "graveyard", "exile", "cost"))
    if cost.discard_self:  # 113.6m: from its owner's hand
        if src.zone != Zone.HAND or action.source in action.discard:
            raise IllegalAction("113.6m", f"{src.id} is discarded from its owner's hand for the cost")
        events.append(_move(src.id, "hand", "graveyard", "discard"))
    if len(action.discard) != cost.discard or len(set(action.discard)) != len(action.discard):
        raise IllegalAction("601.2h", f"the cost discards {cost.discard} card(s), chosen as it is paid; "
                                      f"{len(action.discard)} named")
    for cid in action.discard:
        c = state.object(cid)
        if c.zone != Zone.HAND or c.owner != action.player:
            raise IllegalAction("701.9a", f"{cid} is not in {action.player}'s hand")
        if cost.discard_kind != "card" and cost.discard_kind.capitalize() not in c.printed.types:
            raise IllegalAction("601.2h", f"{cid} is not a {cost.discard_kind} card")
        events.append(_move(cid, "hand", "graveyard", "discard"))
    if cost.loyalty:  # 606.4: the loyalty cost; 606.6: -N only with at least N loyalty counters
        if cost.loyalty > 0:
            events.append(Event("counters", (("target", ("o", src.id)), ("counter", "loyalty"),
                                             ("amount", cost.loyalty), ("by", ("p", action.player)),
                                             ("cause", "cost"))))
        else:
            has = dict(src.counters).get("loyalty", 0)
            if has < -cost.loyalty:
                raise IllegalAction("606.6", f"{src.id} has {has} loyalty counter(s): its "
                                             f"{cost.text} loyalty ability can't be activated")
            events.append(Event("remove_counters", (("target", ("o", src.id)), ("counter", "loyalty"),
                                                    ("amount", -cost.loyalty))))
    if cost.remove is not None:
        kind, n = cost.remove
        has = dict(src.counters).get(kind, 0)
        if has < n:
            raise IllegalAction("118.3", f"{src.id} has {has} {kind} counter(s): can't remove {n}")
        events.append(Event("remove_counters", (("target", ("o", src.id)), ("counter", kind), ("amount", n))))
    return events


def _tap_untapped(state: GameState, result: Any, action: Any, cost: ActivationCost) -> None:
    """"Tap an untapped creature you control" (602.2b, 601.2h): the permanents named are the
    player's, untapped, of that card type, as many as the cost says; summoning sickness is
    only for the source's own {T} (302.6)."""
    if cost.tap_power is not None:
        _tap_power(state, result, action, cost.tap_power)
        return
    kind, n, another = cost.tap_untapped or ("", 0, False)
    if len(action.tap_untapped) != n:
        raise IllegalAction("601.2h", f"the cost taps {n} untapped {kind or 'permanent'}(s) chosen as it is "
                                      f"paid; {len(action.tap_untapped)} named")
    for oid in action.tap_untapped:
        o = _controlled(state, result, oid, action.player)
        if o is None:
            raise IllegalAction("601.2h", f"{oid} is not a permanent {action.player} controls")
        och = result.objects[oid]
        if o.tapped:
            raise IllegalAction("107.5", f"{oid} is already tapped: it can't be tapped for the cost (118.3)")
        wrong = not is_kind(kind, och.types, och.subtypes)
        if wrong or another and oid == action.source:
            raise IllegalAction("601.2h", f"{oid} is not {'another' if another else 'an'} untapped {kind}")


def _returned(state: GameState, result: Any, action: Any, cost: ActivationCost) -> list[Event]:
    """"Return a land you control to its owner's hand" (602.2b, 601.2h): the permanents named
    are the player's, of the cost's card type or subtype, each named once, as many as the cost
    says, none of them sacrificed for the same cost; each moves to its owner's hand (400.3)."""
    kind, n = cost.bounce or ("", 0)
    if len(action.returned) != n or len(set(action.returned)) != n:
        raise IllegalAction("601.2h", f"the cost returns {n} {kind or 'permanent'}(s) chosen as it is paid; "
                                      f"{len(action.returned)} named")
    out = []
    for oid in action.returned:
        o = _controlled(state, result, oid, action.player)
        if o is None or not is_kind(kind, result.objects[oid].types, result.objects[oid].subtypes):
            raise IllegalAction("601.2h", f"{oid} is not a {kind} {action.player} controls")
        if oid in action.sacrifice or cost.sacrifice_self and oid == action.source:
            raise IllegalAction("118.3", f"{oid} can't be both sacrificed and returned for the cost")
        out.append(_move(oid, "battlefield", "hand", "cost"))
    return out


def _exiled(state: GameState, action: Any, cost: ActivationCost) -> list[Event]:
    """"Exile a creature card from your graveyard" (602.2b, 601.2h): the cards named are in the
    player's graveyard, of the cost's card type, each named once, as many as the cost says;
    each moves to exile (406.2)."""
    kind, n = cost.exile_cards or ("card", 0)
    if len(action.exile) != n or len(set(action.exile)) != n:
        raise IllegalAction("601.2h", f"the cost exiles {n} {kind}(s) from the graveyard, chosen as it is "
                                      f"paid; {len(action.exile)} named")
    out = []
    for cid in action.exile:
        c = state.object(cid)
        if c.zone != Zone.GRAVEYARD or c.owner != action.player:
            raise IllegalAction("601.2h", f"{cid} is not in {action.player}'s graveyard")
        if kind != "card" and kind.capitalize() not in c.printed.types:
            raise IllegalAction("601.2h", f"{cid} is not a {kind} card")
        if cid == action.source and cost.exile_self:
            raise IllegalAction("118.3", f"{cid} can't be exiled twice for the cost")
        out.append(_move(cid, "graveyard", "exile", "cost"))
    return out


def _tap_power(state: GameState, result: Any, action: Any, power: int) -> None:
    """Crew N's cost (702.122a): "Tap any number of other untapped creatures you control with
    total power N or greater": the creatures named are the player's, untapped, none of them
    the source, each named once, and their powers (after layers, 613) add up to N or more;
    summoning sickness doesn't matter (302.6 is about a creature's own {T})."""
    if len(set(action.tap_untapped)) != len(action.tap_untapped):
        raise IllegalAction("601.2h", "a creature is tapped once for the cost")
    total = 0
    for oid in action.tap_untapped:
        o = _controlled(state, result, oid, action.player)
        if o is None or "Creature" not in result.objects[oid].types or oid == action.source:
            raise IllegalAction("702.122a", f"{oid} is not another creature {action.player} controls")
        if o.tapped:
            raise IllegalAction("107.5", f"{oid} is already tapped: it can't be tapped for the cost (118.3)")
        total += max(result.objects[oid].power or 0, 0)
    if total < power:
        named = ", ".join(action.tap_untapped) or "no creature"
        raise IllegalAction("702.122a", f"the creatures tapped ({named}) have total power {total}, less "
                                        f"than {power} (118.3: the cost can't be paid)")


def _move(oid: str, frm: str, to: str, cause: str) -> Event:
    from pyengine.game.casting import _move as move

    return move(oid, frm, to, cause)


def _controlled(state: GameState, result: Any, oid: str, player: str) -> GameObject | None:
    """The permanent ``oid`` if ``player`` controls it now (the layer engine's controller)."""
    o = next((x for x in state.objects if x.id == oid), None)
    och = result.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD or och is None or och.controller != player:
        return None
    return o
