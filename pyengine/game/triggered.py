"""Triggered abilities in a game (CR 603): each time a player would receive priority, the
abilities that triggered since the last time go on the stack (603.3), in APNAP order, each
player's in the order they chose (603.3b): those of objects (the trigger engine's
:func:`pyengine.triggers.match`), delayed triggered abilities (603.7) and state triggers
(603.8, :mod:`pyengine.triggers.special`).

Targets are chosen as an ability is put on the stack (603.3d, following 601.2c): the script
gives them ahead (:class:`TargetTriggers`), checked against the legal ones
(:func:`pyengine.triggers.targets.legal_targets`); an ability with no legal choice for a target
is removed from the stack (603.3d); one whose targets the script didn't give stops the game
with the choices listed. A delayed triggered ability an effect creates is made as that effect
resolves (:func:`create_delayed`), its references bound then (603.7c).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyengine.budget import Budget
from pyengine.events import GameEvent
from pyengine.game import library
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.lang.yamlread import Cursor
from pyengine.model.enums import Zone
from pyengine.model.triggers import Instruction, TriggerDef
from pyengine.replacement.event import Event, EventReader
from pyengine.triggers.model import Triggered
from pyengine.triggers.special import Delayed


@dataclass(frozen=True)
class TargetTriggers:
    """CR 603.3d: the targets of a triggered ability, chosen ahead. ``key``: the ability's id
    (``SOURCE:N@EVENT``), ``SOURCE:N`` or ``SOURCE`` (the next ability of that source that
    triggers); ``targets``: object or player ids, one per target, in order."""

    key: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class ChooseOptional:
    """CR 603.5: whether the controller of a triggered ability with an optional instruction
    ("you may draw a card") performs it, chosen ahead; ``key`` as :class:`TargetTriggers`'."""

    key: str
    take: bool


def choose_optional(game: Game, action: ChooseOptional) -> Game:
    """The game with the choice kept until an ability it names resolves."""
    kept = dict(game.optional_choices)
    kept[action.key] = action.take
    return game.clone(optional_choices=tuple(sorted(kept.items())))


def optional_choice(game: Game, item: StackItem) -> tuple[Game, bool]:
    """The choice for ``item``'s optional events (603.5), used up; IllegalAction if the script
    gave none (the game never chooses for a player)."""
    t = item.trigger[0] if item.trigger is not None else None
    keys = (item.id,) + ((f"{t.source}:{t.ability}", t.source) if t is not None else ())
    kept = dict(game.optional_choices)
    key = next((k for k in keys if k in kept), None)
    if key is None:
        raise IllegalAction("603.5", f"{item.text!r} ({item.id}): its controller may choose to do what it "
                                     f"says; give {{may: {{{keys[-1]}: true|false}}}} before it resolves")
    return game.clone(optional_choices=tuple((k, v) for k, v in game.optional_choices if k != key)), kept[key]


def choose(game: Game, action: TargetTriggers) -> Game:
    """The game with the choice kept until an ability it names goes on the stack."""
    kept = dict(game.trigger_targets)
    kept[action.key] = action.targets
    return game.clone(trigger_targets=tuple(sorted(kept.items())))


def collect(game: Game, budget: Budget | float) -> Game:
    """The abilities the events since the last look triggered, and the delayed ones they
    trigger, judged in the game immediately after the events (603.2, 603.10: before the
    state-based actions they lead to change it, 704.3; a creature dealt lethal damage has its
    "whenever it is dealt damage" ability trigger although it dies before the ability goes on
    the stack); they wait in ``game.waiting`` until put on the stack (603.3)."""
    from pyengine.triggers.history import of as turn_history
    from pyengine.triggers.service import definition, match
    from pyengine.triggers.special import match_delayed

    events = game.log[game.trigger_mark:]
    before = game.trigger_state or game.state
    game = game.clone(trigger_mark=len(game.log), trigger_state=game.state)
    if not events:
        return game
    b = Budget.of(budget, "the trigger engine")
    waiting: list[tuple[Triggered, Any, Any]] = []
    hist = turn_history(game.log, game.notes, [(t.source, t.text) for t, _d, _dd in game.waiting])
    for t in match(before, game.state, events, budget=b, history=hist):
        d = definition(game.state, t) if any(o.id == t.source for o in game.state.objects) else \
            definition(before, t)
        waiting.append((t, d, None))
    fired = match_delayed(before, game.state, events, game.delayed, budget=b)
    waiting += [(t, None, d) for d, t in fired]
    gone = [d for d, _ in fired]  # 603.7b: a delayed triggered ability triggers once
    return game.clone(waiting=game.waiting + tuple(waiting),
                      delayed=tuple(d for d in game.delayed if d not in gone))


def _order_ids(ids: tuple[str, ...], mine: list[str]) -> tuple[str, ...]:
    """A player's order (603.3b) with each ``SOURCE:N`` read as the one waiting ability of that
    source and index (``SOURCE:N@EVENT``); an id naming none or several is kept as given."""
    out = []
    for given in ids:
        if "@" not in given:
            found = [m for m in mine if m.rsplit("@", 1)[0] == given]
            given = found[0] if len(found) == 1 else given
        out.append(given)
    return tuple(out)


def put_triggers(game: Game, budget: Budget | float) -> tuple[Game, bool]:
    """The abilities triggered by the events since the last check (:func:`collect`), the
    delayed ones they trigger and the state triggers go on the stack (603.3), in APNAP order
    (603.3b)."""
    from pyengine.triggers.service import definition, orders
    from pyengine.triggers.special import state_triggers

    game = collect(game, budget)
    b = Budget.of(budget, "the trigger engine")
    pending = {(s.trigger[0].source, s.trigger[0].text) for s in game.stack
               if s.trigger is not None and s.trigger[1].state is not None}
    waiting = list(game.waiting) + [(t, definition(game.state, t), None)
                                    for t in state_triggers(game.state, pending, budget=b)]
    if not waiting:
        return game, False
    found = [t for t, _, _ in waiting]
    chosen = {p: _order_ids(ids, [t.id for t in found if t.controller == p])
              for p, ids in game.trigger_orders if any(t.controller == p for t in found)}
    for p, ids in chosen.items():  # 603.3b: a player orders the abilities they control, each once
        mine = sorted(t.id for t in found if t.controller == p)
        if sorted(ids) != mine:
            raise IllegalAction("603.3b", f"{p}'s order of their triggered abilities must name each of them "
                                          f"once: {', '.join(mine)} (given: {', '.join(ids) or 'none'})")
    order = orders(found, game.active, game.state.player_ids, chosen)
    if order.fixed is None:
        ask = "; ".join(f"{p}: {', '.join(ids)}" for p, ids in order.per_player)
        raise IllegalAction("603.3b", f"the players choose the order of their triggered abilities "
                                      f"({ask}): give {{order_triggers: {{PLAYER: [IDS]}}}} first")
    by_id = {t.id: (t, d, dd) for t, d, dd in waiting}
    game = game.clone(waiting=())
    for tid in order.fixed:
        t, d, dd = by_id[tid]
        game = game.note(_note("triggers", t, t.rule or "603.2"),
                         after=t.event_index if 0 < t.event_index <= len(game.log) else None)
        if dd is not None:
            game = _put(game, _delayed_item(game, t, dd, b))
            continue
        game, item = _item(game, t, d, b)
        if item is not None:
            game = _put(game, item)
        else:  # 603.3d
            game = game.emit(GameEvent("ability_removed", obj=t.source, player=t.controller, target=t.id,
                                       cause="no_mode" if d.modes else "no_legal_target",
                                       rule="603.3c" if d.modes else "603.3d"))
    return game, True


def _put(game: Game, item: StackItem) -> Game:
    t = item.trigger[0]
    from pyengine.game.ward import targeted

    game = game.clone(stack=game.stack + (item,), passes=0).note(_note("put_on_stack", t, "603.3"))
    return targeted(game, item, "603.3d")  # 702.21a: its targets become its targets


def _note(kind: str, t: Triggered, rule: str) -> GameEvent:
    """A note of the log about triggered ability ``t`` (603.2: it triggers; 603.3: it goes on
    the stack)."""
    return GameEvent(kind, obj=t.source, player=t.controller, target=t.id, detail=t.text, rule=rule)


def _item(game: Game, t: Triggered, d: TriggerDef, budget: Budget) -> tuple[Game, StackItem | None]:
    """The ability as a stack object, its targets chosen (603.3d; the script's choice is used
    up); None when a target has no legal choice (it is removed from the stack)."""
    from pyengine.game.target_qualities import combat_states
    from pyengine.triggers.targets import legal_targets

    targets: tuple[tuple[str, bool], ...] = ()
    zones: tuple[tuple[str, str], ...] = ()
    named: dict[str, tuple[str, ...]] | None = None  # target, target2 ... when one is left unchosen
    if d.modes:  # CR 603.3c: the modes first, then their targets (700.2c)
        from pyengine.game import modes

        game, chosen_d = modes.choose(game, t, d, budget)
        if chosen_d is None:
            return game, None
        d = chosen_d
    if d.targets:
        from pyengine.game.source_compare import refuse_gone_source

        refuse_gone_source(game, d.targets, t.source)  # 608.2h: compared with the source's value
        legal = legal_targets(game.state, d.targets, t.source, t.controller, t.it, budget=budget,
                              combat=combat_states(game))  # 506.4
        if any(not options and not spec.optional for options, spec in zip(legal, d.targets, strict=True)):
            return game, None  # 603.3d (an "up to N" target may have none, 601.2c)
        kept = dict(game.trigger_targets)
        key = next((k for k in (t.id, f"{t.source}:{t.ability}", t.source) if k in kept), None)
        if key is None:
            listed = "; ".join(f"target {n}: {', '.join(sorted(i for i, _ in options))}"
                               for n, options in enumerate(legal, 1))
            raise IllegalAction("603.3d", f"{t.text!r} ({t.id}) targets: give {{trigger_targets: "
                                          f"{{{t.source}: [IDS]}}}} before the action that triggers it "
                                          f"({listed})")
        given = dict(game.trigger_targets)[key]
        if len(given) != len(d.targets):
            raise IllegalAction("601.2c", f"{t.text!r} has {len(d.targets)} target(s); {len(given)} given")
        from pyengine.game import optional_targets as opt

        chosen, entries = opt.choose(d.targets, given, legal, t.text,  # 601.2c, 115.3
                                     lambda oid: game.state.object(oid).owner)
        targets = tuple(chosen)
        if len(entries) != len(d.targets):  # "up to N": the entries not chosen name nothing
            named = opt.refs(chosen, entries)
            d = opt.kept(replace(d, effects=opt.done(d.effects, len(d.targets), entries)), entries)
        zones = tuple(sorted({(o.id, o.zone.value) for o in game.state.objects
                              for tid, is_p in targets if not is_p and o.id == tid}))
        game = game.clone(trigger_targets=tuple((k, v) for k, v in game.trigger_targets if k != key))
    refs = _refs(game, t, targets)
    from pyengine.game import that_much  # "that much": the trigger event's amount (603.7c)

    if (much := that_much.amount(game, t.event_index, d.pattern)) is not None:
        refs[that_much.WORD] = (str(much),)
    if named is not None:
        refs = {k: v for k, v in refs.items() if k not in _target_words(len(targets))} | named
    from pyengine.game.event_object import kept  # "destroy that creature": once gone, not done (400.7)

    effects, refers = kept(game, t.it, d.effects)
    b = bind(game, t.text, effects, refs)
    return game, StackItem(t.id, t.controller, t.text, events=b.events, source=t.source, trigger=(t, d),
                           targets=targets, zones=zones, delayed=b.delayed, lasting=b.lasting,
                           optional=b.optional, taps=b.taps, refers=refers)


def _target_words(n: int) -> set[str]:
    return {"target" if i == 0 else f"target{i + 1}" for i in range(n)}


@dataclass(frozen=True)
class Bound:
    """An ability's instructions bound to what its words name, as its stack object keeps them."""

    events: tuple[Event, ...]
    optional: frozenset[int]  # the indices of the events its controller may decline (603.5)
    taps: tuple[tuple[str, bool], ...]  # permanents it taps (True) or untaps (701.26)
    lasting: tuple[tuple[Any, Any, tuple[str, ...] | None], ...]  # continuous effects (611.2a)
    delayed: tuple[Any, ...]  # delayed triggered abilities it creates (603.7a)


def bind(game: Game, text: str, effects: tuple[Instruction, ...], refs: dict[str, tuple[str, ...]]) -> Bound:
    """The instructions of a triggered or activated ability bound as it is put on the stack
    (608.2c: followed in order as it resolves; "you may" events marked optional, 603.5)."""
    later = tuple((ins, tuple(sorted(refs.items()))) for ins in effects if ins.kind == "delayed")
    made: list[Event] = []
    optional: set[int] = set()
    from pyengine.game import choice

    for ins in effects:
        if choice.is_choice(ins):  # chosen as it resolves (608.2d)
            made += choice.bind(ins, refs, lambda i: instantiate(game, text, i, refs))
        elif ins.kind == "may":
            for inner in ins.get("do"):
                got = instantiate(game, text, inner, refs)
                optional |= set(range(len(made), len(made) + len(got)))
                made += got
        elif ins.kind not in ("delayed", "continuous", "tap", "untap"):
            made += instantiate(game, text, ins, refs)
    taps = tuple((oid, ins.kind == "tap") for ins in effects if ins.kind in ("tap", "untap")
                 for oid in (_enchanted(game, refs) if ins.get("object")[1] == "enchanted"
                             else _named(text, ins, refs)))
    lasting = tuple(_lasting(text, ins, refs) for ins in effects if ins.kind == "continuous")
    return Bound(tuple(made), frozenset(optional), taps, lasting, later)


def _enchanted(game: Game, refs: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The permanent the ability's source (an Aura) is attached to (303.4): none when the
    source is not on the battlefield or is attached to nothing."""
    src = next((o for o in game.state.objects if o.id in refs.get("self", ())), None)
    if src is None or src.zone != Zone.BATTLEFIELD or src.attached_to is None:
        return ()
    return (src.attached_to,)


def _named(text: str, ins: Instruction, refs: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The objects the word of an instruction's ``object`` names."""
    word = ins.get("object")[1]
    if word not in refs:
        raise IllegalAction("603.7c", f"{text!r}: {word} names nothing here")
    return refs[word]


def _lasting(text: str, ins: Instruction,
             refs: dict[str, tuple[str, ...]]) -> tuple[Any, Any, tuple[str, ...]]:
    """A ``continuous`` instruction: its effect, duration and the objects its word names (or
    None: those its effect's ``affects`` selects as it resolves)."""
    if ins.get("object") is None:
        return ins.get("effect"), ins.get("duration"), None
    return ins.get("effect"), ins.get("duration"), _named(text, ins, refs)


def _refs(game: Game, t: Triggered, targets: tuple[tuple[str, bool], ...]) -> dict[str, tuple[str, ...]]:
    """What the ability's words name (603.7c for ``it``): ids, a player's or objects'."""
    ev = next((e for e in game.log if e.index == t.event_index), None)
    other = next(p for p in game.state.player_ids if p != t.controller)
    refs: dict[str, Any] = {"self": t.source, "it": t.it, "you": t.controller, "opponent": other,
                            "that_player": ev.player if ev is not None else None,
                            "defending_player": next(p for p in game.state.player_ids if p != game.active),
                            # the spell or ability that targeted it (702.21a, pyengine.game.ward)
                            "targeting": ev.target if ev is not None and ev.kind == "becomes_target"
                            else None}
    for subject, word in ((t.it, "its_controller"), (t.it, "its_owner")):
        o = next((x for x in game.state.objects if x.id == subject), None)
        if o is not None:
            ctl = word == "its_controller" and o.zone in (Zone.BATTLEFIELD, Zone.STACK)
            refs[word] = o.controller if ctl else o.owner
            if ctl and o.zone == Zone.BATTLEFIELD:  # its controller after control-changing effects (613.1b)
                from pyengine.game.perform import layers

                now = layers(game.state).objects.get(o.id)
                refs[word] = now.controller if now is not None and now.controller else o.controller
    refs.update({("target" if i == 0 else f"target{i + 1}"): tid for i, (tid, _) in enumerate(targets)})
    if game.exile_links:  # 607.2a: "the exiled card", the cards exiled with this object
        from pyengine.game.linked import exiled_with, trigger_born

        refs["exiled"] = exiled_with(game, t.source, trigger_born(game, t.source, t.event_index))
    else:
        refs["exiled"] = ()
    return {k: (v,) if isinstance(v, str) else tuple(v) for k, v in refs.items() if v is not None}


def instantiate(game: Game, text: str, ins: Instruction, refs: dict[str, tuple[str, ...]],
                gone: frozenset[str] = frozenset()) -> list[Event]:
    """An instruction as events, its references filled in: one event per object a word names
    (``created`` may name several tokens); an object in ``gone`` is left alone (603.7c)."""
    if ins.kind == "copy_spell":  # 702.56a: replicate's copies (pyengine.game.replicate)
        from pyengine.game import copies

        return copies.bind(ins, refs)
    if ins.kind == "rebound_cast":  # 702.88a: a choice as it resolves (pyengine.game.rebound)
        from pyengine.game import rebound

        return rebound.bind(ins, lambda ref: tuple(i for i in refs[ref[1]] if i not in gone))
    words = [(k, v[1]) for k, v in ins.fields
             if isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of")]
    for _k, word in words:
        if word not in refs:
            raise IllegalAction("603.7c", f"{text!r}: {word} names nothing here")
    many = next(((k, w) for k, w in words if len(refs[w]) != 1), None)
    out: list[Event] = []
    for value in (refs[many[1]] if many else (None,)):
        doc: dict[str, Any] = {"kind": ins.kind}
        later: dict[str, Any] = {}  # amounts computed as it resolves (608.2h)
        for k, v in ins.fields:
            if isinstance(v, tuple) and len(v) == 2 and v[0] == "top_of":  # mill (701.17a)
                doc[k] = {"top_of": value if many and k == many[0] else refs[v[1]][0]}
            elif isinstance(v, tuple) and len(v) == 2 and v[0] == "ref":
                doc[k] = value if many and k == many[0] else refs[v[1]][0]
            elif isinstance(v, tuple) and v == ("that_much", "event"):  # pyengine.game.that_much
                from pyengine.game.that_much import bound

                doc[k] = bound(refs)
            elif hasattr(v, "op"):
                if ins.kind in library.LOOK:
                    raise IllegalAction("608.2h", f"{text!r}: a number of cards computed on resolution "
                                                  "is not followed yet")
                later[k] = v
                doc[k] = 1  # a placeholder: the amount is computed as it resolves
            else:
                doc[k] = v
        if any(isinstance(doc.get(k), str) and doc[k] in gone for k, _ in words):
            continue
        if ins.kind == "move" and doc.get("to") == "battlefield" and doc.get("as") is None:
            del doc["as"]  # 614.12: it enters as itself, its own replacement effects applying
        at = Cursor(doc, "trigger", None, None)
        made = (library.read_look(doc, at, game.state.player_ids) if ins.kind in library.LOOK
                else EventReader(game.state).event(at))
        if later:
            from pyengine.game.amounts import deferred

            made = deferred(made, later, {w: ids[0] for w, ids in refs.items() if len(ids) == 1})
        out.append(made)
    return out


# --- delayed triggered abilities (603.7) ---------------------------------------------------

def create_delayed(game: Game, item: StackItem, since: int) -> Game:
    """The delayed triggered abilities ``item`` creates as it resolves (603.7a): their
    references bound now, ``created`` naming the tokens created since log event ``since``."""
    created = tuple(e.obj for e in game.log[since:] if e.kind == "create_token" and e.obj)
    made = []
    n = game.next_delayed
    for ins, refs in item.delayed:
        bound = dict(refs)
        bound["created"] = created
        ability = TriggerDef(ins.get("trigger"), effects=tuple(ins.get("do")))
        made.append(Delayed(f"delayed{n}", item.controller, item.source or item.obj, item.text, ability,
                            tuple(sorted(bound.items())), len(game.log)))
        n += 1
    return game.clone(delayed=game.delayed + tuple(made), next_delayed=n)


def _delayed_item(game: Game, t: Triggered, d: Delayed, budget: Budget) -> StackItem:
    """A delayed triggered ability as a stack object; the objects it refers to are followed:
    one that left its zone since it was created is left alone (603.7c)."""
    refs = dict(d.refs)
    if t.it is not None:
        refs.setdefault("it", (t.it,))
    objs = {o.id: o for o in game.state.objects}
    refers = []
    for word, ids in d.refs:
        if word in ("you", "opponent", "that_player", "defending_player", "its_controller", "its_owner"):
            continue
        refers += [(oid, objs[oid].zone.value, d.created) for oid in ids if oid in objs]
    gone = _gone(game, tuple(refers)) | {oid for _, ids in d.refs for oid in ids
                                         if oid not in objs and oid not in game.state.player_ids}
    events = tuple(ev for ins in d.ability.effects for ev in instantiate(game, d.text, ins, refs, gone))
    return StackItem(t.id, d.controller, d.text, events=events, source=d.source, refers=tuple(refers),
                     trigger=(t, d.ability))


def _gone(game: Game, refers: tuple[tuple[str, str, int], ...]) -> frozenset[str]:
    """The objects a delayed ability refers to that are no longer the objects it meant: not
    in the zone they were in, or they changed zones since (a new object, 400.7)."""
    objs = {o.id: o for o in game.state.objects}
    out = set()
    for oid, zone, since in refers:
        moved = any(e.obj == oid and e.kind == "zone_change" for e in game.log[since:])
        if oid not in objs or objs[oid].zone.value != zone or moved:
            out.add(oid)
    return frozenset(out)


def gone_referents(game: Game, item: StackItem) -> frozenset[str]:
    """For a resolving delayed triggered ability: the objects it refers to that it leaves
    alone (603.7c)."""
    return _gone(game, item.refers)
