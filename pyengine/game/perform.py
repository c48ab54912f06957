"""Events happen through the replacement engine: proposed events (its event language) go to
:func:`pyengine.replacement.service.analyse`, which gives every outcome the replacement and
prevention effects allow (CR 614-616) with damage's results (120.3: life loss, poison,
-1/-1 counters, loyalty and defense removed, lifelink); the outcome chosen is applied to the
game and recorded in its log as :class:`GameEvent` s.

Several outcomes are a choice of the affected player (616.1): the game takes the sequence of
choices the script proposed (``Game.choices`` or the stack object's), checked by the engine;
without one it stops with the outcomes to choose from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.errors import PyengineError
from pyengine.events import GameEvent
from pyengine.game import battles
from pyengine.game.library import LOOK, perform_in_order, placed, top_card
from pyengine.game.model import Game, IllegalAction, Outcome
from pyengine.layers import compute
from pyengine.layers.result import LayerResult
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Zone
from pyengine.model.objects import GameObject, GameState, Player
from pyengine.replacement.event import Event
from pyengine.replacement.service import Proposal, analyse
from pyengine.replacement.spec import ReplacementSpec

_CACHE: dict[int, tuple[GameState, LayerResult]] = {}


def layers(state: GameState, budget: Budget | float = 30.0) -> LayerResult:
    """The layer engine's characteristics of ``state`` (CR 613). A result is kept only for
    the very state it was computed for: any change makes a new state, so nothing is cached
    across a change."""
    hit = _CACHE.get(id(state))
    if hit is not None and hit[0] is state:
        return hit[1]
    result = compute(state, timeout=budget)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(state)] = (state, result)
    return result


class ChoiceNeeded(IllegalAction):
    """Several outcomes and no proposed sequence of choices: the script must choose (616.1)."""


def perform(game: Game, events: Sequence[Event], *, rule: str, cause: str = "effect",
            choices: Sequence[Any] = (), budget: Budget | float = 30.0,
            token_ids: Sequence[str] = ()) -> Game:
    """``events`` (simultaneous) happen through the replacement engine; the game after them.
    ``token_ids``: the ids the tokens created get, in order (111.1)."""
    if not events:
        return game
    if any(e.kind in LOOK for e in events):  # scry, surveil: in order with the others (608.2c)
        return perform_in_order(game, events, perform, rule=rule, cause=cause, choices=choices,
                                    budget=budget, token_ids=token_ids)
    proposal = list(choices) or list(game.choices)
    seq = [Proposal(c["effect"], c.get("choice"), c.get("by")) for c in proposal] if proposal else None
    from pyengine.game.tokens import known_defs

    answer = analyse(game.state, list(events), sequence=seq, timeout=budget,
                     token_defs=known_defs(game.state, (*game.delayed, *game.defined)))
    if seq is not None and answer.verdict is not None:
        if not answer.verdict.legal:
            v = answer.verdict.violations[0]
            raise IllegalAction(v.rule, f"the proposed replacement choices break {v.rule} ({v.check})")
        outcome = answer.verdict.outcome
    elif len(answer.outcomes) == 1:
        outcome = answer.outcomes[0]
    elif not answer.outcomes:
        raise IllegalAction("614.7", "the events have no outcome")
    else:
        listed = "; ".join(f"{i + 1}: [{', '.join(s.effect for s in o.witness)}] -> "
                           f"{', '.join(e.render() for e in o.events) or 'nothing'}"
                           for i, o in enumerate(answer.outcomes))
        raise ChoiceNeeded("616.1", f"the events have {len(answer.outcomes)} outcomes, one chosen by "
                                    f"the affected player; give the choices (replacement effect ids "
                                    f"in order): {listed}")
    game = game.clone(choices=()) if proposal and not choices else game
    assert outcome is not None
    game = spend(game, dict(outcome.shields), dict(outcome.used))
    before = len(game.log)
    game = apply_events(game, outcome.events, rule=rule, cause=cause, budget=budget, token_ids=token_ids)
    if game.exile_links:  # 610.3: what was exiled until a source leaves the battlefield returns
        from pyengine.game.linked import returns

        game = returns(game, before, budget)
    from pyengine.game.day_night import settle  # 702.145b-g: immediately, not a state-based action

    return settle(game, budget, before)


def spend(game: Game, shields: dict[str, int], used: dict[str, int]) -> Game:
    """What the outcome used up of resolved effects: a prevention shield keeps only the damage
    it has left to prevent and ends at 0 (615.7); an effect that applies a number of times
    ("the next time", 614.10a, 615.8, 701.19a) has that many fewer left and ends at 0."""
    if not shields and not used:
        return game
    kept: list[ResolvedEffect] = []
    for eff in _split_each(game.state.effects, set(shields) | set(used)):
        left = shields.get(eff.id)
        times = used.get(eff.id, 0)
        if left is None and not times:
            kept.append(eff)
            continue
        ops = []
        done = False
        for op in eff.definition.ops:
            spec = dict(op.args).get("spec")
            if isinstance(spec, ReplacementSpec):
                if left is not None and spec.shield is not None:
                    spec = replace(spec, shield=left)
                    done = done or left <= 0
                if times and spec.uses is not None:
                    spec = replace(spec, uses=spec.uses - times)
                    done = done or spec.uses <= 0
                op = replace(op, args=tuple((k, spec if k == "spec" else v) for k, v in op.args))
            ops.append(op)
        if not done:
            kept.append(replace(eff, definition=replace(eff.definition, ops=tuple(ops))))
    return game.with_state(effects=tuple(kept))


def _split_each(effects: tuple[ResolvedEffect, ...], spent: set[str]) -> list[ResolvedEffect]:
    """CR 615.11: an effect with a separate shield for each of the objects it affects, one of
    which was spent, becomes one effect per object (``id[object]``, the replacement engine's
    name for each shield), so each keeps what it has left."""
    out: list[ResolvedEffect] = []
    for eff in effects:
        specs = [dict(op.args).get("spec") for op in eff.definition.ops]
        each = any(isinstance(x, ReplacementSpec) and x.each for x in specs)
        if not each or not eff.locked or not any(k.startswith(f"{eff.id}[") for k in spent):
            out.append(eff)
            continue
        ops = tuple(replace(op, args=tuple((k, replace(v, each=False) if k == "spec" and
                                            isinstance(v, ReplacementSpec) else v) for k, v in op.args))
                    for op in eff.definition.ops)
        one = replace(eff.definition, ops=ops)
        out += [replace(eff, id=f"{eff.id}[{o}]", definition=one, locked=(o,)) for o in eff.locked]
    return out


def apply_events(game: Game, events: Sequence[Event], *, rule: str, cause: str = "effect",
                 budget: Budget | float = 30.0, token_ids: Sequence[str] = ()) -> Game:
    """Apply what the replacement engine's outcome says happens, as one batch."""
    result = layers(game.state, budget)
    objs = {o.id: o for o in game.state.objects}
    order = [o.id for o in game.state.objects]
    players = {p.id: p for p in game.state.players}
    log: list[GameEvent] = []
    combat, stack = game.combat, game.stack
    drew_empty, dt = set(game.drew_from_empty), set(game.deathtouch_damaged)
    outcome = game.outcome
    ts = game.next_timestamp
    new_ids = list(token_ids)
    bottom = dict(game.library_bottom)
    arrived: list[str] = []
    for e in sorted(events, key=_order):
        f = dict(e.fields)
        if e.kind == "damage":
            src = _id(f["source"])
            chars = result.objects.get(src)
            kws = {k for k, _ in chars.keywords} if chars else set()
            tgt = f["target"]
            if tgt[0] == "p":
                log.append(GameEvent("damage", source=src, player=tgt[1], amount=f["amount"],
                                     combat=f["combat"], rule=rule))
                if f["amount"] > 0:  # 702.54a: dealt damage this turn
                    players[tgt[1]] = replace(players[tgt[1]], dealt_damage=True)
                if f["combat"] and f["amount"] > 0 and src in objs and objs[src].commander:
                    players[tgt[1]] = _commander_damage(players[tgt[1]], src, f["amount"])
                continue
            t = objs[tgt[1]]
            tchars = result.objects.get(t.id)
            if tchars and "Creature" in tchars.types and not kws & {"wither", "infect"}:
                objs[t.id] = replace(t, damage=t.damage + f["amount"])  # 120.3e
            if "deathtouch" in kws and f["amount"] > 0:
                dt.add(t.id)
            log.append(GameEvent("damage", source=src, obj=t.id, amount=f["amount"],
                                 combat=f["combat"], rule=rule))
        elif e.kind in ("gain_life", "lose_life", "pay_life"):
            pid = f["player"][1]
            sign = 1 if e.kind == "gain_life" else -1
            players[pid] = replace(players[pid], life=players[pid].life + sign * f["amount"])
            log.append(GameEvent("life_gain" if sign > 0 else "life_loss", player=pid,
                                 amount=f["amount"], cause=str(f.get("cause") or e.kind), rule=rule))
        elif e.kind in ("counters", "remove_counters"):
            tgt, n, kind = f["target"], f["amount"], f["counter"]
            n = n if e.kind == "counters" else -n
            if tgt[0] == "p":
                pl = players[tgt[1]]
                if kind != "poison":
                    raise IllegalAction("122.1", f"{kind} counters on a player are not followed "
                                                 "by the game yet")
                players[pl.id] = replace(pl, poison=max(0, pl.poison + n))
                log.append(_counter_event(e.kind, kind, abs(n), player=pl.id, rule=rule))
            else:
                o = objs[tgt[1]]
                objs[o.id] = replace(o, counters=_add_counter(o.counters, kind, n))
                log.append(_counter_event(e.kind, kind, abs(n), obj=o.id, rule=rule))
        elif e.kind == "draw":
            for _ in range(f["count"]):
                g = _draw(f["player"][1], objs, order, players, rule, bottom)
                if g.cause == "empty_library":  # 704.5b
                    drew_empty.add(g.player or "")
                log.append(g)
        elif e.kind == "move":
            for _ in range(f["count"]):
                if f["object"] == ("token",):  # 111.1, 701.7a: a token is created
                    log += _create_token(f, game, objs, order, new_ids, rule)
                else:
                    was = objs.get(f["object"][1]) if f["object"][0] == "o" else None
                    ev = _move(f, objs, order, players, cause, rule, bottom)
                    if ev.obj is not None:  # what it was (603.10a), for the turn's history
                        w = was or objs[ev.obj]
                        ev = replace(ev, types=_types_of(w, result, f["from"]), token=w.token, owner=w.owner)
                    log.append(ev)
                oid = log[-1].obj
                if oid is not None:
                    placed(oid, objs[oid].owner, f, order, bottom)
                if oid is not None and f["to"] == "graveyard":  # 404.1: on top (pyengine.game.graveyard)
                    arrived.append(oid)
                if oid is not None and f["from"] == "battlefield":
                    combat = combat.without(oid)  # 506.4
                if oid is not None and f["from"] == "stack":  # 701.6a: countered, it won't resolve
                    stack = tuple(s for s in stack if s.obj != oid)
                if oid is not None and f["to"] == "battlefield":  # 613.7d
                    objs[oid] = replace(objs[oid], timestamp=ts)
                    ts += 1
        elif e.kind == "regenerate":  # 701.19a
            o = objs[_id(f["object"])]
            objs[o.id] = replace(o, damage=0, tapped=True)
            combat = combat.without(o.id)
            log.append(GameEvent("tap", obj=o.id, cause="regenerate", rule="701.19a"))
        elif e.kind in ("lose_game", "win_game"):
            pid = f["player"][1]
            log.append(GameEvent(e.kind, player=pid, rule=rule))
            if e.kind == "lose_game":
                outcome = _lost(outcome, pid, tuple(players), rule)
            else:
                outcome = Outcome((pid,), tuple(p for p in players if p != pid), False, rule)
        elif e.kind in ("begin", "other"):
            continue
        else:  # create_tokens, set_life (split by the engine), ...
            raise IllegalAction(rule, f"the game does not perform {e.kind} events yet")
    unordered, chosen = game.state.graveyard_unordered, game.resolution_choices
    if arrived or unordered:  # 404.1, 404.3
        from pyengine.game.graveyard import arrange

        unordered, chosen = arrange(order, objs, arrived, unordered, chosen)
    state = game.state.clone(objects=tuple(objs[i] for i in order if i in objs),
                             players=tuple(players[p.id] for p in game.state.players),
                             graveyard_unordered=unordered)
    state = _source_left(game.state, state)
    below = tuple(sorted((p, kept) for p, ids in bottom.items()
                         if (kept := tuple(i for i in ids if i in objs and objs[i].zone == Zone.LIBRARY))))
    protectors = game.protectors
    if any(e.kind == "move" for e in events):  # 310.8a: a battle that entered gets its protector
        protectors = battles.update(protectors, game.state, state)
    return game.clone(state=state, combat=combat, stack=stack, drew_from_empty=frozenset(drew_empty),
                      deathtouch_damaged=frozenset(dt), outcome=outcome, next_timestamp=ts,
                      library_bottom=below, protectors=protectors, resolution_choices=chosen).emit(*log)


def _types_of(o: GameObject, result: LayerResult, frm: str) -> tuple[str, ...]:
    """An object's card types as it leaves ``frm``: a permanent's as it last existed on the
    battlefield (603.10a, after the layers), a card's printed ones elsewhere."""
    chars = result.objects.get(o.id) if frm == "battlefield" else None
    return tuple(chars.types) if chars is not None else tuple(o.printed.types)


def _source_left(before: Any, state: Any) -> Any:
    """611.2b: an effect lasting for as long as its source is on the battlefield has ended once
    the source has left it (a permanent that returns is a new object, 400.7)."""
    from pyengine.model.enums import Duration

    lasting = [e for e in state.effects if e.duration == Duration.WHILE_SOURCE_ON_BATTLEFIELD]
    if not lasting:
        return state
    was = {o.id for o in before.objects if o.zone == Zone.BATTLEFIELD}
    left = was - {o.id for o in state.objects if o.zone == Zone.BATTLEFIELD}
    if not left:
        return state
    return state.clone(effects=tuple(e for e in state.effects if e not in lasting or e.source not in left))


def _commander_damage(pl: Player, cmdr: str, n: int) -> Player:
    """CR 903.10a: the combat damage a commander has dealt this player over the game (704.6c
    reads it)."""
    dealt = dict(pl.commander_damage)
    dealt[cmdr] = dealt.get(cmdr, 0) + n
    return replace(pl, commander_damage=tuple(sorted(dealt.items())))


def _lost(outcome: Outcome, pid: str, players: tuple[str, ...], rule: str) -> Outcome:
    """CR 104.2a: a player still in the game wins when all their opponents have left it."""
    losers = tuple(dict.fromkeys(outcome.losers + (pid,)))
    left = tuple(p for p in players if p not in losers)
    return Outcome(left if len(left) == 1 else (), losers, False, outcome.reason or rule)


def _order(e: Event) -> int:
    # damage before its results: a creature is dealt damage, then life changes (one batch)
    return 0 if e.kind == "damage" else 1


def _id(v: Any) -> str:
    return str(v[1]) if isinstance(v, tuple) else str(v)


def _add_counter(counters: tuple[tuple[str, int], ...], kind: str, n: int) -> tuple[tuple[str, int], ...]:
    d = dict(counters)
    d[kind] = max(0, d.get(kind, 0) + n)
    return tuple(sorted((k, v) for k, v in d.items() if v > 0))


def _counter_event(kind: str, counter: str, n: int, *, rule: str, obj: str | None = None,
                   player: str | None = None) -> GameEvent:
    word = "counters_added" if kind == "counters" else "counters_removed"
    return GameEvent(word, obj=obj, player=player, counter=counter, amount=n, rule=rule)


def _draw(pid: str, objs: dict[str, GameObject], order: list[str], players: dict[str, Player],
          rule: str, bottom: dict[str, tuple[str, ...]]) -> GameEvent:
    """CR 121.1: the top card of the library into the hand; none from an empty library (121.4).
    The named library cards are its top cards; the others (``library_size``) are unnamed."""
    pl = players[pid]
    if pl.library_size <= 0:  # 121.4
        return GameEvent("draw", player=pid, cause="empty_library", rule=rule)
    top = top_card(objs, order, players, pid, bottom)
    players[pid] = replace(pl, library_size=pl.library_size - 1, hand_size=pl.hand_size + 1)
    if top is not None:
        objs[top] = replace(objs[top], zone=Zone.HAND)
        return GameEvent("draw", player=pid, obj=top, rule=rule)
    return GameEvent("draw", player=pid, obj=None, cause="unnamed", rule=rule)


def _move(f: dict[str, Any], objs: dict[str, GameObject], order: list[str],
          players: dict[str, Player], cause: str, rule: str,
          bottom: dict[str, tuple[str, ...]] | None = None) -> GameEvent:
    """One object changes zones (CR 400.7: it becomes a new object; it keeps its id here so a
    scenario can follow it)."""
    what, frm, to = f["object"], f["from"], f["to"]
    o: GameObject | None
    if isinstance(what, tuple) and what[0] == "o":
        o = objs[what[1]]
        owner = o.owner
    elif isinstance(what, tuple) and what[0] in ("top", "card"):
        owner = what[1]
        top = top_card(objs, order, players, owner, bottom or {}) if what[0] == "top" else None
        o = objs[top] if top is not None else None
    else:
        raise IllegalAction(rule, "the game does not create tokens yet")
    for zone, key in (("hand", "hand_size"), ("library", "library_size")):
        pl = players[owner]
        if frm == zone:
            players[owner] = replace(pl, **{key: max(0, getattr(pl, key) - 1)})
        pl = players[owner]
        if to == zone:
            players[owner] = replace(pl, **{key: getattr(pl, key) + 1})
    why = str(f.get("cause") or cause)
    if o is None:
        return GameEvent("zone_change", player=owner, from_zone=frm, to_zone=to, cause=why, rule=rule)
    new = replace(o, zone=Zone(to) if to != "none" else o.zone, tapped=False, damage=0,
                  counters=() if frm == "battlefield" else o.counters, attached_to=None,
                  left_counters=o.counters if frm == "battlefield" else o.left_counters,
                  controller=o.owner if to != "battlefield" else o.controller,
                  controlled_since_turn_start=False, upkeeps_controlled=0)
    if frm == "battlefield" or frm == "stack" and to != "battlefield":
        # 400.7: a new object, none of the permanent's or spell's status
        new = replace(new, monstrous=False, face_down=False, renowned=False)  # 701.37b, 708.9, 702.112b
        if o.transformed and o.other_face is not None:  # 712.8a: its front face up again
            new = replace(new, printed=o.other_face, other_face=o.printed, transformed=False)
        if o.as_cast is not None:  # 709.4, 715.4: the card's own characteristics again
            new = replace(new, printed=o.as_cast[1], as_cast=None)
    if to in ("stack", "battlefield") and not (frm == "stack" and to == "battlefield"):
        new = replace(new, kicked=False, cast_from=None, alt_cost=None)  # 702.33d, 601.2a, 118.9: only what a cast spell becomes
    if frm == "exile":  # 715.3d: only for as long as the card remains exiled
        new = replace(new, on_adventure=None)
    if to == "battlefield":
        control = f.get("control")
        new = replace(new, controller=control[1] if isinstance(control, tuple) else o.owner,
                      tapped=bool(f.get("tapped")))
    if to == "battlefield" or frm == "battlefield":  # 614.12a, 607.2d: chosen as it enters; 400.7
        from pyengine.game.entered_choice import chosen

        new = replace(new, chosen=chosen(f.get("choice")) if to == "battlefield" else ())
    objs[o.id] = new
    return GameEvent("zone_change", obj=o.id, player=o.controller, from_zone=frm, to_zone=to,
                     cause=why, rule=rule)


def _create_token(f: dict[str, Any], game: Game, objs: dict[str, GameObject], order: list[str],
                  new_ids: list[str], rule: str) -> list[GameEvent]:
    """CR 111.1, 111.2: a token is created on the battlefield under the control (and in the
    ownership) of the player who creates it; as a copy of an object (707.2: its copiable
    values, the printed ones here) or by a token definition (the state's effects', or written
    inline in an ability or a catalog spell, :func:`pyengine.game.tokens.known_defs`). Its id:
    the next of ``new_ids``, else ``NAME-token-N`` (never reused). The log records it once, as
    ``create_token``: an event that puts a permanent onto the battlefield (603.6a,
    asp/triggers/events.lp)."""
    from pyengine.game.tokens import ambiguous_names, known_defs, new_id

    control = f.get("control")
    pid = control[1] if isinstance(control, tuple) else game.active
    base = f.get("as")
    extra = (*game.delayed, *game.defined)
    defs = known_defs(game.state, extra)
    if isinstance(base, tuple) and base[0] == "o":
        chars = objs[base[1]].printed
    elif isinstance(base, tuple) and base[0] == "tokdef" and base[1] in ambiguous_names(game.state, extra):
        raise PyengineError(f"two different token definitions are named {base[1]!r} (CR 111.4): the game "
                            "knows a token definition by its name and can't tell which one is created; "
                            "give each its own name")
    elif isinstance(base, tuple) and base[0] == "tokdef" and base[1] in defs:
        chars = defs[base[1]]
    else:
        raise IllegalAction(rule, f"the game does not create this token yet ({base!r})")
    taken = set(objs) | {e.obj for e in game.log if e.obj}
    tid = new_ids.pop(0) if new_ids else new_id(chars.name or "token", taken)
    objs[tid] = GameObject(tid, chars, owner=pid, controller=pid, zone=Zone.BATTLEFIELD, token=True,
                           tapped=bool(f.get("tapped")), controlled_since_turn_start=False,
                           upkeeps_controlled=0)
    order.append(tid)
    return [GameEvent("create_token", obj=tid, player=pid, cause="create", rule=rule,
                      types=tuple(objs[tid].printed.types), token=True)]
