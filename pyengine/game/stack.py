"""Priority and the stack (CR 117, 405, 608).

The active player receives priority first (117.3a); a player who passes gives it to the next
player in turn order (117.3d); when all players pass in succession the top object of the stack
resolves (117.4, 608.1; last in, first out, 405.5), or, with an empty stack, the step ends.
After a resolution the active player receives priority (117.3b); after putting something on
the stack its controller does (117.3c).

Resolution (608.2): targets are checked first (608.2b: one no longer in its zone, or that
hexproof, shroud or protection now forbids, asp/common/targeting.lp, or that no longer has the
types it was chosen for, is illegal); if every target is illegal it doesn't resolve. Its
instructions are events performed through the replacement engine (events naming an illegal
target are left out); its continuous effect (a catalog card's ``resolves:``) starts with the
next timestamp, affecting the legal targets (611.2c), its amounts computed once as it resolves
(608.2h, pyengine.game.amounts); then an instant or sorcery goes to its
owner's graveyard (608.2n) and a permanent spell enters the battlefield (608.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine import catalog
from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game import amounts, cast_forms, checks, choice, triggered, turns
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.perform import layers, perform
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameObject
from pyengine.replacement.event import Event
from pyengine.targeting import Question, untargetable

MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


def pass_priority(game: Game, player: str | None, budget: Budget | float) -> Game:
    """``player`` (default: who holds priority) passes (117.3d)."""
    holder = _holder(game)
    if player is not None and player != holder:
        raise IllegalAction("117.3d", f"{player} does not have priority; {holder} has it")
    ids = game.state.player_ids
    passes = game.passes + 1
    if passes < len(ids):
        return game.clone(priority=ids[(ids.index(holder) + 1) % len(ids)], passes=passes)
    if game.stack:
        return resolve_top(game, budget)
    return turns.advance_step(game, budget)


def _holder(game: Game) -> str:
    if game.outcome.over:
        raise IllegalAction("104.1", "the game is over")
    if game.pending is not None:
        raise IllegalAction(_PENDING_RULE[game.pending], f"{game.pending.replace('_', ' ')} comes first "
                                                         "(a turn-based action, before priority)")
    if game.priority is None:
        raise IllegalAction("117.3a", f"no player receives priority in the {game.step.value} step")
    return game.priority


_PENDING_RULE = {"declare_attackers": "508.1", "declare_blockers": "509.1",
                 "combat_damage": "510.1", "discard": "514.1"}


def _target_problems(game: Game, item: StackItem, budget: Budget | float,
                     zones: dict[str, Zone] | None = None) -> dict[str, str]:
    """Each illegal target of ``item`` and why (CR 115.2, 608.2b)."""
    res = layers(game.state, budget)
    out: dict[str, str] = {}
    questions = []
    source = item.obj or item.source
    for tid, is_player in item.targets:
        if is_player:
            if tid not in game.state.player_ids or game.outcome.losers and tid in game.outcome.losers:
                out[tid] = "the player has left the game"
            elif source:
                questions.append(Question(tid, source, item.controller, True))
            continue
        obj = next((o for o in game.state.objects if o.id == tid), None)
        want = (zones or {}).get(tid, Zone.BATTLEFIELD)
        if obj is None or obj.zone != want:
            out[tid] = f"it is no longer in the {want.value} (608.2b)"
            continue
        ch = res.objects.get(tid)
        missing = [t for t in item.target_types if ch is None or t not in ch.types]
        if missing:
            out[tid] = f"it is no longer a {'/'.join(missing)} (115.1, 608.2b)"
        elif source:
            questions.append(Question(tid, source, item.controller))
    from pyengine.game.target_qualities import quality_problems

    out.update(quality_problems(game, item, res, out))  # subtypes, abilities, tapped, power
    if questions:
        for q, rules in untargetable(game.state, res, questions, timeout=budget).items():
            if rules:
                out.setdefault(q.target, f"{', '.join(rules)} forbid(s) it as a target")
    if item.trigger is not None and item.trigger[1].targets and item.targets:
        out.update(_trigger_target_problems(game, item, out, budget))
    return out


def _trigger_target_problems(game: Game, item: StackItem, known: dict[str, str],
                             budget: Budget | float) -> dict[str, str]:
    """608.2b for a triggered ability: a target that no longer meets its requirement (the
    selector it was chosen by, "any target", a player word), asp/triggers/candidates.lp."""
    from pyengine.game.target_qualities import combat_states
    from pyengine.triggers.targets import legal_targets

    t, d = item.trigger
    from pyengine.game.source_compare import refuse_gone_source

    refuse_gone_source(game, d.targets, t.source)  # 702.134a: its power, as it last existed
    legal = legal_targets(game.state, d.targets, t.source, t.controller, t.it,
                          budget=Budget.of(budget, "the trigger engine"), combat=combat_states(game))
    return {tid: "it no longer meets the target's requirement (608.2b)"
            for (tid, is_p), options in zip(item.targets, legal, strict=False)
            if tid not in known and (tid, is_p) not in options}


def put_on_stack(game: Game, item: StackItem, budget: Budget | float) -> Game:
    """``item`` goes on top of the stack, its controller holding priority (117.1a, 117.3c).
    A spell card moves to the stack; a sorcery-speed spell needs its controller's main phase
    and an empty stack (307.1, 301.1, 117.1a). Targets must be legal as chosen (601.2c, 115.1)."""
    holder = _holder(game)
    if holder != item.controller:
        raise IllegalAction("117.1a", f"{item.controller} does not have priority; {holder} has it")
    taken = {s.id for s in game.stack} | ({o.id for o in game.state.objects} if item.obj is None else set())
    if item.id in taken:
        raise IllegalAction("405.1", f"an object called {item.id!r} already exists")
    if item.card is not None and item.obj is not None:
        game = _new_spell(game, item)
    if item.obj is not None:
        obj = game.state.object(item.obj)
        if "Instant" not in obj.printed.types and not _flash(game, item.obj, budget):
            if game.active != item.controller or game.step not in MAIN or game.stack:
                raise IllegalAction("307.1", f"{obj.printed.name or obj.id} can be cast only in its "
                                             "controller's main phase with an empty stack")
    problems = _target_problems(game, item, budget, _zones_now(game, item))
    if problems:
        tid, why = next(iter(problems.items()))
        raise IllegalAction("115.1", f"{tid} can't be a target: {why}")
    if item.obj is not None:
        obj = game.state.object(item.obj)
        if obj.zone != Zone.STACK:
            moved = replace(obj, zone=Zone.STACK, controller=item.controller, cast_from=obj.zone.value)
            objs = tuple(moved if o.id == obj.id else o for o in game.state.objects)
            pl = game.state.player(obj.owner)
            players = tuple(replace(p, hand_size=max(0, p.hand_size - 1))
                            if p.id == pl.id and obj.zone == Zone.HAND else p for p in game.state.players)
            game = game.with_state(objects=objs, players=players).emit(
                GameEvent("zone_change", obj=obj.id, player=item.controller, from_zone=obj.zone.value,
                          to_zone="stack", cause="cast", rule="601.2a"),
                GameEvent("cast", obj=obj.id, player=item.controller, rule="601.2i"))
    zones = tuple(sorted((t, z.value) for t, z in _zones_now(game, item).items()))
    item = replace(item, zones=zones, delayed=item.delayed or _card_delayed(game, item))
    game = game.clone(stack=game.stack + (item,), passes=0)
    from pyengine.game.ward import targeted

    game = targeted(game, item, "601.2c")  # 702.21a: its targets become its targets
    if item.obj is None:  # a spell's move to the stack and its casting are in the log already
        game = game.note(note("put_on_stack", item, "405.1"))
    return checks.give_priority(game, item.controller, budget)


def note(kind: str, item: StackItem, rule: str, cause: str | None = None) -> GameEvent:
    """A note of the log about stack object ``item`` (pyengine.events.NOTE_KINDS): a spell
    names itself; an ability, its source, id and text."""
    if item.obj is not None:
        return GameEvent(kind, obj=item.obj, player=item.controller, target=item.obj, rule=rule, cause=cause)
    return GameEvent(kind, obj=item.source, player=item.controller, target=item.id, detail=item.text,
                     rule=rule, cause=cause)


def _card_delayed(game: Game, item: StackItem) -> tuple[Any, ...]:
    """The delayed triggered abilities a catalog spell's ``does:`` creates (603.7a), with its
    references: ``self`` the spell, ``you`` its controller, the targets in order."""
    if item.obj is None:
        return ()
    name = game.state.object(item.obj).card
    card = catalog.lookup(name) if name else None
    if card is None or card.does is None:
        return ()
    other = next(p for p in game.state.player_ids if p != item.controller)
    refs = {"self": (item.obj,), "you": (item.controller,), "opponent": (other,)}
    refs.update({("target" if i == 0 else f"target{i + 1}"): (t,) for i, (t, _) in enumerate(item.targets)})
    return tuple((ins, tuple(sorted(refs.items()))) for ins in card.does.effects if ins.kind == "delayed")


def _new_spell(game: Game, item: StackItem) -> Game:
    """A catalog card put on the stack as a new spell object, owned by its controller."""
    if any(o.id == item.obj for o in game.state.objects):
        raise IllegalAction("405.1", f"an object called {item.obj!r} already exists")
    card = catalog.lookup(item.card or "")
    if card is None:
        raise IllegalAction("405.1", f"unknown card {item.card!r}")
    obj = GameObject(item.obj or item.id, card.characteristics, owner=item.controller,
                     controller=item.controller, zone=Zone.HAND, card=card.name)
    players = tuple(replace(p, hand_size=p.hand_size + 1) if p.id == item.controller else p
                    for p in game.state.players)
    return game.with_state(objects=game.state.objects + (obj,), players=players)


def _flash(game: Game, oid: str, budget: Budget | float) -> bool:
    ch = layers(game.state, budget).objects.get(oid)
    return ch is not None and ch.has_keyword("flash")


def _zones_now(game: Game, item: StackItem) -> dict[str, Zone]:
    return {tid: o.zone for tid, is_p in item.targets if not is_p
            for o in game.state.objects if o.id == tid}


def resolve_top(game: Game, budget: Budget | float) -> Game:
    """The top object of the stack resolves (608.2, 608.3)."""
    item = game.stack[-1]
    game = game.clone(stack=game.stack[:-1], passes=0, priority=None)
    zones = {t: Zone(z) for t, z in item.zones}
    problems = _target_problems(game, item, budget, zones) if item.targets else {}
    legal = [t for t, _ in item.targets if t not in problems]
    if item.targets and not legal and item.form is not None:  # 608.3b, 702.103e
        game, item = cast_forms.unbestow(game, item)
    if item.targets and not legal:  # 608.2b
        game = game.note(note("not_resolved", item, "608.2b", "targets"))
        game = _leave_stack(game, item, budget, resolved=False)
        return checks.give_priority(game, game.active, budget)
    if item.trigger is not None:  # 603.4: an intervening if clause is checked again
        from pyengine.triggers.history import of as turn_history
        from pyengine.triggers.service import intervening_if_holds

        t, d = item.trigger
        from pyengine.game.lki import refuse_gone  # 608.2h: a gone object's power (evolve)

        refuse_gone(game, t, d)
        if not intervening_if_holds(game.state, t, ability=d, budget=Budget.of(budget, "the trigger engine"),
                                    history=turn_history(game.log)):
            game = game.note(note("not_resolved", item, "603.4", "condition"))
            return checks.give_priority(game, game.active, budget)
    game = game.note(note("resolves", item, "608.2"))
    gone = dict.fromkeys(triggered.gone_referents(game, item), "603.7c") if item.refers else {}
    # 608.2h: the amounts its instructions compute ("equal to its power"), determined now
    all_events = amounts.now(game, item.source or item.obj, item.controller, item.events, budget,
                             frozenset({**problems, **gone}),
                             since=item.trigger[0].event_index if item.trigger is not None else None)
    if item.optional:  # 603.5: the controller chooses whether to do what "you may" says
        game, take = triggered.optional_choice(game, item)
        all_events = tuple(e for i, e in enumerate(all_events) if take or i not in item.optional)
    since = len(game.log)
    during = _during(game, item, legal)
    if during is not None:  # 608.2c, 701.19c: "Destroy target creature. It can't be regenerated."
        game = game.with_state(effects=game.state.effects + (during,))
    from pyengine.game.graveyard_casts import exiled_instead  # 702.34a, 702.133a: countered, exiled

    all_events = tuple(exiled_instead(game, e, budget) for e in all_events)
    if any(e.kind in choice.KINDS for e in all_events):  # 608.2c-d: in order, choices as they come
        game = choice.perform_in_order(game, item, all_events, lambda g, e: not _mentions(
            e, {**problems, **gone}) and not _moved_away(g, e) and not _uncounterable(g, e, budget), budget)
    else:
        events = [e for e in all_events
                  if not _mentions(e, {**problems, **gone}) and not _moved_away(game, e)
                  and not _uncounterable(game, e, budget)]
        from pyengine.game.enters_with import kept  # 614.1c: with the move only

        game = perform(game, kept(all_events, events), rule="608.2c", choices=item.choices, budget=budget)
    if item.obj is None and item.source is not None and game.log[since:]:
        from pyengine.game import linked  # 607.2a: the cards its instructions exiled

        game = linked.record(game, item.source, linked.born_of(game, item), linked.flat(all_events), since)
    if during is not None:  # it modified the instructions only: it ends with them
        game = game.with_state(effects=tuple(e for e in game.state.effects if e is not during))
    if item.delayed:  # 603.7a: the delayed triggered abilities it creates
        game = triggered.create_delayed(game, item, since)
    if item.continuous is not None and during is None:
        # a prevention effect on "any target" affects the player chosen too (615.7: a shield on
        # a player); an effect with other operations affects objects only
        players_too = all(op.kind == "prevent" for op in item.continuous.ops)
        affected = tuple(t for t, is_p in item.targets if t in legal and (players_too or not is_p))
        if not item.targets and item.locked is not None:  # 400.7: the same object, on the battlefield
            affected = tuple(o.id for o in game.state.objects
                             if o.id in item.locked and o.zone == Zone.BATTLEFIELD)
        dealt = item.continuous.dealt_damage is not None
        if dealt:  # "a creature dealt damage this way": what its instructions dealt damage to
            affected = _dealt_damage(game, item, since, budget)
        eff = ResolvedEffect(item.id, item.continuous, game.next_timestamp, item.controller,
                             item.duration, source=item.obj or item.source,
                             locked=affected if item.targets or item.locked is not None or dealt else None)
        group = not item.targets and item.locked is None and _characteristics(eff)
        if group:
            eff = _locked(game, eff, budget)  # 611.2c: "creatures you control get +1/+1"
        eff = amounts.fix(game, eff, budget)  # 608.2h: "where X is ...", "for each ..." now
        if not group or eff.locked:
            game = game.with_state(effects=game.state.effects + (eff,))
            game = game.clone(next_timestamp=game.next_timestamp + 1)
    game = _taps(game, item, {**problems, **gone})
    game = _lasting(game, item, {**problems, **gone}, budget)
    game = _leave_stack(game, item, budget, resolved=True)
    if item.obj is None:  # 608.2n: an ability is removed from the stack (a spell's move is logged)
        game = game.note(note("leaves_stack", item, "608.2n"))
    return checks.give_priority(game, game.active, budget)


def _during(game: Game, item: StackItem, legal: list[str]) -> ResolvedEffect | None:
    """An effect of only ``cant_be_regenerated`` operations on its targets ("Destroy target
    creature. It can't be regenerated."): later text that modifies how the earlier
    instructions are followed (608.2c), so it applies while they are, to its legal targets
    (701.19c: a regeneration shield isn't applied to their destruction); None otherwise."""
    cont = item.continuous
    if cont is None or not item.targets or not cont.ops \
            or any(op.kind != "cant_be_regenerated" for op in cont.ops):
        return None
    affected = tuple(t for t, is_p in item.targets if t in legal and not is_p)
    return ResolvedEffect(item.id, cont, game.next_timestamp, item.controller, item.duration,
                          source=item.obj or item.source, locked=affected)


def _dealt_damage(game: Game, item: StackItem, since: int, budget: Budget | float) -> tuple[str, ...]:
    """The permanents the spell's instructions dealt damage to as it resolved ("a creature
    dealt damage this way"), those matching the effect's ``dealt_damage`` selector now, read
    after layers, locked in (611.2c). Damage prevented wasn't dealt (615.1: an event of 0 is
    no damage dealt, 120.1); a player dealt damage isn't a permanent."""
    from pyengine.combat.select import Context, FinalState
    from pyengine.game.target_qualities import combat_states

    sel = item.continuous.dealt_damage if item.continuous is not None else None
    assert sel is not None
    src = item.obj or item.source
    hit = {e.obj for e in game.log[since:] if e.kind == "damage" and e.obj is not None
           and (e.amount or 0) > 0 and e.source == src}
    if not hit:
        return ()
    sel = sel if sel.zone is not None else replace(sel, zone=Zone.BATTLEFIELD.value)
    final = FinalState(game.state, layers(game.state, budget).objects, combat_states(game))
    return tuple(o for o in final.select(sel, Context(src, item.controller)) if o in hit)


def _taps(game: Game, item: StackItem, problems: dict[str, str]) -> Game:
    """701.26a-b: the permanents it taps or untaps, those still on the battlefield (400.7)
    and not illegal targets (608.2b); only an untapped permanent can be tapped and only a
    tapped one untapped (no event otherwise)."""
    for oid, tap in item.taps:
        o = next((x for x in game.state.objects if x.id == oid), None)
        if o is None or o.zone != Zone.BATTLEFIELD or oid in problems or o.tapped == tap:
            continue
        objs = tuple(replace(x, tapped=tap) if x.id == oid else x for x in game.state.objects)
        game = game.with_state(objects=objs).emit(
            GameEvent("tap" if tap else "untap", obj=oid, rule="701.26a" if tap else "701.26b"))
    return game


def _characteristics(eff: ResolvedEffect) -> bool:
    """Whether a resolved effect with ``affects`` changes characteristics or control (an
    operation of a layer), so that 611.2c fixes the objects it affects as it begins."""
    return eff.definition.affects is not None and any(op.layer is not None for op in eff.definition.ops)


def _locked(game: Game, eff: ResolvedEffect, budget: Budget | float) -> ResolvedEffect:
    """A resolved effect whose ``affects`` selects the objects it affects: the permanents that
    match it as it begins, read on the characteristics after layers, locked in (611.2c:
    objects that match later are not affected); ``locked`` is () when it affects none."""
    from pyengine.combat.select import Context, FinalState

    sel = eff.definition.affects
    assert sel is not None
    sel = sel if sel.zone is not None else replace(sel, zone=Zone.BATTLEFIELD.value)
    from pyengine.game.target_qualities import combat_states

    # "attacking creatures get +1/+1": the game's combat as the effect begins (506.4)
    final = FinalState(game.state, layers(game.state, budget).objects, combat_states(game))
    found = final.select(sel, Context(eff.source, eff.controller))
    return replace(eff, definition=replace(eff.definition, affects=None), locked=found)


def _lasting(game: Game, item: StackItem, problems: dict[str, str], budget: Budget | float) -> Game:
    """The continuous effects an ability creates as it resolves (611.2a), after its events
    (608.2c), each with the next timestamp (613.7a), affecting the objects it names that are
    still on the battlefield, locked in (611.2c; one that left is a new object, 400.7) and not
    an illegal target (608.2b), or those its ``affects`` selects then."""
    for n, (definition, duration, named) in enumerate(item.lasting, 1):
        eff = ResolvedEffect(f"{item.id}/{n}", definition, game.next_timestamp, item.controller,
                             duration, source=item.source or item.obj)  # a spell's: itself
        if named is None:
            eff = _locked(game, eff, budget) if _characteristics(eff) else eff
        else:
            here = {o.id for o in game.state.objects if o.zone == Zone.BATTLEFIELD}
            eff = replace(eff, locked=tuple(o for o in named if o in here and o not in problems))
        if eff.locked == () or named is not None and not eff.locked:
            continue
        eff = amounts.fix(game, eff, budget)  # 608.2h: its amounts are determined once, now
        game = game.with_state(effects=game.state.effects + (eff,))
        game = game.clone(next_timestamp=game.next_timestamp + 1)
    return game


def _moved_away(game: Game, e: Event) -> bool:
    """A zone change of an object that is no longer in the zone it would leave: it left that
    zone since the instruction named it and is a new object (400.7), which the instruction
    doesn't affect ("sacrifice this creature", "return it to its owner's hand" once it died)."""
    obj = e.get("object") if e.kind == "move" else None
    if not (isinstance(obj, tuple) and obj[0] == "o"):
        return False
    now = next((o for o in game.state.objects if o.id == obj[1]), None)
    return now is None or now.zone.value != e.get("from")


def _uncounterable(game: Game, e: Event, budget: Budget | float) -> bool:
    """A spell that "can't be countered" (its ability, as the layer engine has its abilities
    now) is not countered by an instruction that would counter it: the instruction does
    nothing to it (CR 101.2: a "can't" wins over a "do"; 701.6a)."""
    obj = e.get("object") if e.kind == "move" and e.get("cause") == "counter" else None
    if not (isinstance(obj, tuple) and obj[0] == "o"):
        return False
    now = layers(game.state, budget).objects.get(obj[1])
    return now is not None and any("can't be countered" in a.lower() for a in now.abilities)


def _mentions(e: Event, problems: dict[str, str]) -> bool:
    return any(isinstance(v, tuple) and len(v) == 2 and v[1] in problems for _, v in e.fields)


def _leave_stack(game: Game, item: StackItem, budget: Budget | float, resolved: bool) -> Game:
    """608.2n: an instant or sorcery goes to its owner's graveyard; 608.3: a permanent spell
    enters the battlefield under its controller's control; an ability just leaves the stack.
    A spell cast for its flashback cost is exiled instead (702.34a)."""
    if item.obj is None:
        return game
    obj = game.state.object(item.obj)
    permanent = not {"Instant", "Sorcery"} & set(obj.printed.types)
    to = "battlefield" if permanent and resolved else "graveyard"
    rule = "608.3" if to == "battlefield" else ("608.2n" if resolved else "608.2b")
    if item.form is not None and resolved and cast_forms.on_adventure(obj, item.form):
        to, rule = "exile", "715.3d"  # the cast engine's resolves_to (asp/cast/forms.lp)
    from pyengine.game.graveyard_casts import jump_started

    if item.cast is not None and "flashback" in (item.cast.alternative or ()):
        to, rule = "exile", "702.34a"  # exiled instead of going anywhere else
    elif jump_started(game, item, budget):
        to, rule = "exile", "702.133a"  # exiled instead of going anywhere else
    elif item.cast is not None and item.cast.buyback and resolved and to == "graveyard":
        to, rule = "hand", "702.27a"  # its owner's hand instead of the graveyard as it resolves
    from pyengine.game import rebound

    rebounds = rule not in ("702.34a", "702.133a") and rebound.destination(game, item, to, resolved, budget)
    if rebounds:
        to, rule = "exile", "702.88a"  # cast from the hand: exiled instead as it resolves
    fields = (("object", ("o", obj.id)), ("count", 1), ("from", "stack"), ("to", to),
              ("cause", "rule" if not resolved else "effect"), ("position", None),
              ("control", ("p", item.controller) if to == "battlefield" else None),
              ("as", ("o", obj.id) if to == "battlefield" else None), ("tapped", False),
              ("face", "front"), ("choice", None))
    game = perform(game, [Event("move", fields)], rule=rule, budget=budget)
    from pyengine.game.alt_costs import entered

    game = entered(game, item, to, resolved)  # 608.3g: dash's delayed triggered ability (702.109a)
    if rebounds:  # 603.7a: "at the beginning of your next upkeep, you may cast this card ..."
        game = rebound.exiled(game, item)
    return cast_forms.after_move(game, item, to, resolved)  # 608.3c: an Aura spell put on the
    # stack by the script (no cast form) is attached to its target too
