"""Casting a spell in a game (CR 601.2): the script's ``cast`` action.

Its fields are the ``cast`` query's (scenarios/casting/README.md), read by that query's own
parser; what the script leaves out is not done (no targets, no mode, nothing paid, not cast
bestowed or face down: without ``as`` the card is cast as itself, and a split card needs one)
rather than chosen freely, except hybrid and Phyrexian payment choices, which the cast engine
completes. The form cast (``as``) is followed on the stack and as it resolves
(:mod:`pyengine.game.cast_forms`).
The game builds the cast's facts from the state it is in (after layers) and the cast engine
(:func:`pyengine.cast.service.check_cast`, asp/cast/) judges 601.2a-h. An illegal cast is an
:class:`IllegalAction` naming the first failing step and its rule, and the game is unchanged
(the game is immutable: an illegal cast is rewound whole, 732). A legal one happens as 601.2
orders it: the card moves to the stack (601.2a), the mana abilities are activated and their
mana added to the caster's pool (601.2g), the total cost is paid (601.2h: permanents tapped for
convoke or improvise, sacrificed, life paid, cards exiled for delve, pool mana spent), the
spell becomes cast (601.2i: a ``cast`` event, which "whenever you cast" abilities trigger on)
and its caster receives priority (117.3c): the triggered abilities go on the stack above it
first (117.5). Nothing is judged again later: prohibitions and cost changes that start after
the spell became cast don't affect it.

The script's ``mana`` action activates mana abilities at priority (605.3a), outside casting:
the same checks (the cast engine's, :mod:`pyengine.cast.activate`), the mana to the pool.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyengine import catalog
from pyengine.budget import Budget
from pyengine.cast.facts import Located
from pyengine.cast.mana import mana_options
from pyengine.cast.model import Payment, Proposal
from pyengine.cast.service import check_cast
from pyengine.cast.spec import CastingSpec
from pyengine.errors import ScenarioError
from pyengine.events import GameEvent
from pyengine.game import cast_forms as forms
from pyengine.game import checks, choice, library
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.paying import activations, mana_ability_costs, pay_mana, produced, tapped_for_mana
from pyengine.game.perform import layers, perform
from pyengine.game.pool import Pool
from pyengine.game.tokens import ScriptIds
from pyengine.lang.effects import Ctx
from pyengine.lang.yamlread import Cursor, LDict
from pyengine.model.enums import Duration, Zone
from pyengine.replacement.event import Event, EventReader

GAME_ONLY = ("from", "effect", "choices")


@dataclass(frozen=True)
class CastSpell:
    """The script's ``cast``: the proposal (every choice made: see the module's
    documentation), the zone it is cast from when the script names it, and what the spell
    does as it resolves when the script says it (else its catalog card's ``does:``)."""

    proposal: Proposal
    zone: Zone | None = None
    effect: tuple[Event, ...] = ()
    choices: tuple[Any, ...] = ()
    where: tuple[tuple[str, tuple[str | None, int | None, str]], ...] = ()


def read_cast(cur: Cursor, reader: Any) -> CastSpell:
    """The ``cast`` item: the cast query's fields (read by its parser) and ``from``, ``effect``
    (events, as ``stack:`` has them) and ``choices`` (replacement choices on resolution)."""
    from pyengine.queries.cast import QUERY_FIELDS, parse_query

    cur.mapping((QUERY_FIELDS - {"kind", "list"}) | set(GAME_ONLY), "a cast {spell, targets, payment, ...}")
    view = LDict({k: v for k, v in cur.value.items() if k not in GAME_ONLY})
    view.line = cur.value.line
    view.key_lines = {k: v for k, v in cur.value.key_lines.items() if k not in GAME_ONLY}
    query = parse_query(Cursor(view, cur.path, cur.line, cur.file), reader.state, Ctx(),
                        ids=ScriptIds(o.id for o in reader.state.objects))
    pr = query.proposal
    spell = reader.state.object(pr.spell)
    if pr.form is None and spell.printed.layout == "split":
        cur.fail("missing 'as': a split card is cast as one of its halves, or fused (CR 709.3, 702.102a)")
    spec = forms.form_spec(spell.printed, pr.form)
    if spec.x_min is not None and pr.x is None:
        cur.fail("missing 'x': the value of X is announced as the spell is cast (CR 601.2b)")
    if pr.divide is None and any(t.divide is not None for t in spec.all_targets()):
        cur.fail("missing 'divide': the division is announced as the spell is cast (CR 601.2d)")
    pr = replace(
        pr,
        alternative=() if pr.alternative is None else pr.alternative,
        kicked=bool(pr.kicked),
        buyback=bool(pr.buyback),
        entwined=bool(pr.entwined),
        modes=() if pr.modes is None and spec.modes else pr.modes,
        targets=() if pr.targets is None else pr.targets,
        sacrifice=() if pr.sacrifice is None else pr.sacrifice,
        discard=() if pr.discard is None else pr.discard,
        payment=Payment() if pr.payment is None else pr.payment,
        # not cast bestowed, face down or as another face unless the script says so (601.2b)
        form="whole" if pr.form is None else pr.form,
    )
    zone = Zone(cur.get("from").choice([z.value for z in Zone], "a zone:")) if cur.has("from") else None
    effect = tuple(reader.event(c) for c in cur.get("effect").seq("a list of events")) \
        if cur.has("effect") else ()
    choices = reader.choices(cur.get("choices")) if cur.has("choices") else ()
    return CastSpell(pr, zone, effect, choices, query.where)


@dataclass(frozen=True)
class ActivateMana:
    """The script's ``mana``: ``player`` activates these permanents' mana abilities while
    holding priority ((id, mana letter or None), as a cast's ``payment.tap``), CR 605.3a."""

    player: str
    tap: tuple[tuple[str, str | None], ...]


def read_mana(cur: Cursor, reader: Any) -> ActivateMana:
    """``{player: P, tap: [ids or {id, mana}]}``; the list is read by the cast query's parser."""
    from pyengine.queries.cast import _payment

    cur.mapping({"player", "tap"}, "{player: P, tap: [PERMANENTS or {id, mana}]}")
    player = reader.player(cur.req("player"))
    view = LDict({"tap": cur.req("tap").value})
    view.line, view.key_lines = cur.value.line, {"tap": cur.value.key_lines["tap"]}
    objects = ScriptIds(o.id for o in reader.state.objects)
    pay = _payment(Cursor(view, cur.path, cur.line, cur.file), objects, {})
    if not pay.tap:
        cur.get("tap").fail("expected at least one permanent whose mana ability is activated")
    return ActivateMana(player, pay.tap)


def activate_mana(game: Game, action: ActivateMana, budget: Budget | float) -> Game:
    """CR 605.3a-b: a player holding priority activates mana abilities; they resolve at once
    (no stack): the permanents tap and the mana enters the player's pool (106.4). The checks
    are the cast engine's (601.2g's, :mod:`pyengine.cast.activate`); the player receives
    priority again (117.3c)."""
    from pyengine.cast.activate import check_activation

    if game.priority != action.player or game.pending is not None:
        raise IllegalAction("605.3a", f"{action.player} does not have priority (it is "
                                      f"{game.priority or 'no one'}'s)")
    _tapped_once([oid for oid, _ in action.tap])
    result = layers(game.state, budget)
    verdict = check_activation(game.state, action.player, action.tap, result, budget)
    if verdict.violations:
        v = verdict.violations[0]
        raise IllegalAction(v.rule, f"the mana ability can't be activated: {v.render()}")
    added = Pool()
    objs = {o.id: o for o in game.state.objects}
    acts = dict(activations(action.tap, result))
    for oid, index in verdict.abilities:
        added = added.plus(Pool.of(list(mana_options(result.objects[oid].abilities)[index].symbols)))
        if acts[oid].tap:
            objs[oid] = replace(objs[oid], tapped=True)
    player = game.state.player(action.player)
    pool = Pool.parse(player.mana).plus(added)
    players = tuple(replace(p, mana=pool.render()) if p.id == player.id else p for p in game.state.players)
    game = game.with_state(objects=tuple(objs[o.id] for o in game.state.objects), players=players)
    game = game.emit(*(GameEvent("tap", obj=oid, player=action.player, cause="mana_ability", rule="605.3a")
                       for oid, _ in action.tap if acts[oid].tap)).clone(passes=0)
    game = mana_ability_costs(game, action.player, Payment(tap=action.tap), result, budget)
    return checks.give_priority(game, action.player, budget)


def cast(game: Game, action: CastSpell, budget: Budget | float, madness: bool = False,
         free: tuple[str, int] | None = None, window: str | None = None) -> Game:
    """The game after the cast, or :class:`IllegalAction` (the game unchanged). ``madness``:
    cast as the card's madness ability resolves (702.35a, 608.2g: no priority, none after);
    ``free``: cast without paying its mana cost as a cascade or discover resolves, the resulting
    spell's mana value ``lt`` / ``lte`` N (702.85a, 701.57a, 608.2g); ``window``: another
    resolving ability that lets it be cast (``rebound``, 702.88a)."""
    pr = action.proposal
    resolving = madness or free is not None or window is not None
    if resolving:
        pass
    elif game.priority is None or game.pending is not None:
        pending = f", {game.pending.replace('_', ' ')} pending" if game.pending else ""
        raise IllegalAction("117.1a", f"no player may cast a spell now ({game.step.value} step{pending})")
    elif game.priority != pr.player:
        raise IllegalAction("117.1a", f"{pr.player} does not have priority; {game.priority} has it")
    spell = game.state.object(pr.spell)
    if pr.alternative == ("free",) and free is None and window is None:  # 118.9: only an effect offers that cost
        raise IllegalAction("118.9", f"{spell.id} can't be cast without paying its mana cost now: no "
                                     "effect allows it (a cascade, discover or rebound resolving does)")
    if action.zone is not None and spell.zone != action.zone:
        raise IllegalAction("601.2a", f"{spell.id} is in the {spell.zone.value}, not the {action.zone.value}")
    if spell.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction("601.3", f"{spell.id} is on the {spell.zone.value}: it is cast from another zone")
    pay = pr.payment or Payment()
    _tapped_once([oid for oid, _ in pay.tap] + list(pay.convoke) + list(pay.improvise))
    for ids, rule, what in ((pr.sacrifice or (), "701.21a", "sacrificed"), (pay.delve, "702.66a", "exiled")):
        if len(set(ids)) != len(ids):
            raise IllegalAction(rule, f"one object can't be {what} twice for one cost")
    result = layers(game.state, budget)
    try:
        from pyengine.game.target_qualities import combat_states
        from pyengine.triggers.history import of as turn_history

        verdict = check_cast(game.state, pr, budget, result=result, stack_busy=bool(game.stack),
                             combat=combat_states(game), history=turn_history(game.log), madness=madness,
                             free=free, window=window)
    except Located as exc:
        file, line, path = dict(action.where).get(exc.field, (None, None, "cast"))
        raise ScenarioError(exc.message, file=file, line=line, path=path) from None
    if not verdict.legal:
        first = verdict.first
        assert first is not None
        raise IllegalAction(first.rule, f"the cast fails at {first.step}: {first.render()}")
    assert verdict.total is not None
    form = verdict.as_cast
    if form is None and pr.form not in (None, "whole"):
        raise IllegalAction("601.2a", f"cast: the cast engine gave no form for {spell.id} as {pr.form}")
    added = produced(pr.payment or Payment(), result)
    # 601.2a: the card moves to the stack, with the characteristics of the form it is cast as
    # (709.3b, 712.8f, 715.3b, 702.103b, 708.4); an exiled adventurer card's permission ends
    casts = spell.commander_casts + (spell.zone == Zone.COMMAND)  # 903.8: counted for the next cast
    # 702.33d: a spell cast with its kicker cost paid is kicked; 118.9: evoke or dash paid
    from pyengine.game.alt_costs import paid

    moved = forms.stack_object(replace(spell, zone=Zone.STACK, controller=pr.player, on_adventure=None,
                                       commander_casts=casts, kicked=bool(pr.kicked),
                                       cast_from=spell.zone.value, alt_cost=paid(pr.alternative)), form)
    item = _item(game, action, spell, moved, form)
    objs = tuple(moved if o.id == spell.id else o for o in game.state.objects)
    from_hand = spell.zone == Zone.HAND
    players = tuple(replace(p, hand_size=max(0, p.hand_size - 1)) if p.id == spell.owner and from_hand
                    else p for p in game.state.players)
    game = game.with_state(objects=objs, players=players).emit(
        GameEvent("zone_change", obj=spell.id, player=pr.player, from_zone=spell.zone.value,
                  to_zone="stack", cause="cast", rule="601.2a"))
    game = _pay(game, pr, verdict.total.life, added, verdict.total, budget, result)
    from pyengine.game.replicate import before_cast  # 702.56a: its cast trigger, when paid

    game = before_cast(game, spell.id, pr.player, pr.replicate)
    game = game.emit(GameEvent("cast", obj=spell.id, player=pr.player, rule="601.2i"))
    zones = tuple(sorted((t, o.zone.value) for t, is_p in item.targets if not is_p
                         for o in game.state.objects if o.id == t))
    game = game.clone(stack=game.stack + (replace(item, zones=zones),), passes=0)
    from pyengine.game.ward import targeted

    game = targeted(game, item, "601.2c")  # its targets become the targets of the spell (702.21a)
    if resolving:  # 608.2g: the resolving ability continues; no player receives priority
        return game
    return checks.give_priority(game, pr.player, budget)  # 117.3c


def _tapped_once(ids: list[str]) -> None:
    """A permanent named twice would be tapped twice; only an untapped one can be (107.5,
    701.26a)."""
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise IllegalAction("701.26a", f"{', '.join(twice)} can't be tapped twice (107.5)")


def _pay(game: Game, pr: Proposal, life: int, added: Pool, total: Any, budget: Budget | float,
         result: Any) -> Game:
    """601.2g-h: the mana abilities' permanents tap (or are sacrificed, or life is paid: their
    costs) and their mana enters the pool; the total cost is paid from the pool and by the
    other means the payment names."""
    pay = pr.payment or Payment()
    tapped = tapped_for_mana(pay, result)
    tapped += [(oid, "convoke", "702.51a") for oid in pay.convoke]
    tapped += [(oid, "improvise", "702.126a") for oid in pay.improvise]
    spent = Pool(tuple(sorted((s.upper(), n) for s, n in pay.pool)))
    units = sum(n for _, n in total.mana)
    game = pay_mana(game, pr.player, tapped, added, spent,
                    len(pay.convoke) + len(pay.delve) + len(pay.improvise), units)
    game = mana_ability_costs(game, pr.player, pay, result, budget)
    events = [_move(s, "battlefield", "graveyard", "sacrifice") for s in pr.sacrifice or ()]
    events += [_move(d, "graveyard", "exile", "delve") for d in pay.delve]
    if life:
        events.append(Event("pay_life", (("player", ("p", pr.player)), ("amount", life))))
    game = perform(game, events, rule="601.2h", cause="cost", budget=budget) if events else game
    discards = [_move(d, "hand", "graveyard", "discard") for d in pr.discard or ()]  # 702.81a, 702.133a
    return perform(game, discards, rule="701.9a", cause="discard", budget=budget) if discards else game


def _move(oid: str, frm: str, to: str, cause: str) -> Event:
    return Event("move", (("object", ("o", oid)), ("count", 1), ("from", frm), ("to", to), ("cause", cause),
                          ("position", None), ("control", None), ("as", None), ("tapped", False),
                          ("face", "front"), ("choice", None)))


def _item(game: Game, action: CastSpell, spell: Any, moved: Any, form: Any) -> StackItem:
    """The spell on the stack with its choices (601.2b-d): targets by instance, in the
    order of the form's ``casting`` targets; what it does (the script's ``effect``, else its
    catalog card's ``does:``, or each half's in order (702.102d), with ``target``,
    ``target2`` ... the instances' targets); ``moved``: the spell as it is on the stack."""
    pr = action.proposal
    spec = forms.form_spec(spell.printed, form)
    chosen = dict(pr.targets or ())
    order = [t.id for t in spec.all_targets()]
    flat: list[tuple[str, bool]] = []
    for inst in sorted(chosen, key=lambda i: order.index(i) if i in order else len(order)):
        for word in chosen[inst]:
            kind, _, tid = word.partition(":")
            if (tid, kind == "p") not in flat:
                flat.append((tid, kind == "p"))
    card = catalog.lookup(spell.card) if spell.card else None
    if card is not None and card.does is not None:  # 702.33d: kicked or not, as it was cast
        from pyengine.game.kicked import chosen as kicked_does

        card = replace(card, does=kicked_does(card.does, bool(pr.kicked)))
    if card is not None and pr.x is not None:  # 107.3a: each X of it is the value announced
        from pyengine.game.activation_x import with_value

        card = replace(card, does=with_value(card.does, pr.x), resolves=with_value(card.resolves, pr.x))
    events = action.effect
    lasting: tuple[Any, ...] = ()
    taps: tuple[tuple[str, bool], ...] = ()
    if not events and forms.faces_cast(spell.printed, form):
        for does, half in forms.half_does(card, spell.printed, form):
            if pr.x is not None:  # 107.3a: each X of the half cast is the value announced
                from pyengine.game.activation_x import with_value

                does = with_value(does, pr.x)
            words = [chosen.get(t.id, ()) for t in half.all_targets()]
            events += _does(game, does, spell.id, pr.player, words)
    elif not events and card is not None and card.does is not None and not moved.face_down:  # 708.2a
        words = [chosen.get(i, ()) for i in order]
        does = card.does
        if does.modes:  # 700.2a: the chosen modes, their continuous effects made as it resolves
            from pyengine.game.modes import spell_lasting

            refs = {("target" if n == 0 else f"target{n + 1}"): w[0].partition(":")[2]
                    for n, w in enumerate(words) if w}
            does, lasting = spell_lasting(does, pr.modes, {"self": spell.id, "you": pr.player, **refs})
        events = _does(game, does, spell.id, pr.player, words)
        taps = _spell_taps(does, words)  # of the chosen modes too (700.2a)
    if not action.effect and "overload" in (pr.alternative or ()) and card is not None \
            and (card.does is not None or card.resolves is not None):
        raise IllegalAction("702.96a", f"cast {spell.id} with overload: its text's \"target\" becoming "
                                       "\"each\" is not followed by the game yet; say what it does "
                                       "(effect: [EVENTS])")
    kinds = set(moved.printed.types)
    permanent = bool(kinds) and not kinds & {"Instant", "Sorcery"}
    continuous = card.resolves if card is not None and not forms.faces_cast(spell.printed, form) else None
    # "up to N target creatures get +1/+1": with no target chosen (601.2c) its continuous effect
    # on its targets affects nothing (611.2c); the spell still resolves (608.2b)
    none_chosen = bool(spec.all_targets()) and not flat and all(t.lo == 0 for t in spec.all_targets())
    if none_chosen and continuous is not None and continuous.affects is None:
        continuous = None
    if not events and not taps and continuous is None and not permanent and not lasting and not none_chosen:
        raise IllegalAction("608.2c", f"{spell.id}: say what it does as it resolves (effect: [EVENTS]); "
                                      "its card has no does: or resolves:")
    text = (card.oracle if card is not None else spell.printed.name or spell.id).lower()
    duration = resolves_duration(text) if continuous is not None else Duration.PERMANENT
    return StackItem(spell.id, pr.player, moved.printed.name or spell.id, obj=spell.id, events=events,
                     continuous=continuous, duration=duration, targets=tuple(flat),
                     target_types=_types(spec, chosen), choices=action.choices, cast=pr, form=form,
                     taps=taps, lasting=lasting)


def _spell_taps(does: Any, targets: list[tuple[str, ...]]) -> tuple[tuple[str, bool], ...]:
    """The permanents the spell's ``tap``/``untap`` instructions name, of its chosen targets."""
    return spell_taps(does, {("target" if i == 0 else f"target{i + 1}"): words[0].partition(":")[2]
                             for i, words in enumerate(targets) if words})


def spell_taps(does: Any, refs: dict[str, str]) -> tuple[tuple[str, bool], ...]:
    """The permanents a spell's ``tap``/``untap`` instructions name (701.26a-b): tapped or
    untapped as it resolves, after its events (the stack item's ``taps``); an instruction
    naming a target the cast didn't choose is not done."""
    return tuple((refs[ins.get("object")[1]], ins.kind == "tap") for ins in does.effects
                 if ins.kind in ("tap", "untap") and ins.get("object")[1] in refs)


def resolves_duration(text: str) -> Duration:
    """How long a spell's ``resolves:`` effect lasts, from its words (611.2a): "until end of
    turn" / "this turn" (514.2); "doesn't untap during its controller's next untap step" until
    that step has happened (502.3); else for the rest of the game."""
    text = text.lower()
    if "until end of turn" in text or "this turn" in text:
        return Duration.END_OF_TURN
    if "doesn't untap during its controller's next untap step" in text:
        return Duration.NEXT_UNTAP_STEP
    return Duration.PERMANENT


def _types(spec: CastingSpec, chosen: dict[str, Any]) -> tuple[str, ...]:
    """The card types every object target must still have on resolution (608.2b): a ``types``
    filter shared by every instance targeted."""
    sets = [dict(t.filters).get("types", ()) for t in spec.all_targets() if t.id in chosen and chosen[t.id]]
    common = set(sets[0]) if sets else set()
    for s in sets[1:]:
        common &= set(s)
    return tuple(sorted(w.capitalize() for w in common))


def _does(game: Game, does: Any, spell: str, controller: str,
          targets: list[tuple[str, ...]]) -> tuple[Event, ...]:
    """The card's ``does:`` with ``self``, ``you``, ``opponent`` and its targets filled in; an
    instruction naming a target instance the cast didn't choose (a kicked spell's extra target,
    unkicked) is not done."""
    other = next(p for p in game.state.player_ids if p != controller)
    refs = {"self": spell, "you": controller, "opponent": other}
    unchosen = set()
    for i, words in enumerate(targets):
        name = "target" if i == 0 else f"target{i + 1}"
        if words:
            refs[name] = words[0].partition(":")[2]
        else:
            unchosen.add(name)
    out: list[Event] = []
    reader = EventReader(game.state)
    for ins in does.effects:
        if any(isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of") and v[1] in unchosen
               for _, v in ins.fields) or ins.kind in ("tap", "untap"):  # taps: see _spell_taps
            continue
        if choice.is_choice(ins) or ins.kind == "may":  # chosen as it resolves (608.2d)
            out += choice.bind(ins, {k: (v,) for k, v in refs.items()},
                               lambda i: [_plain(i, refs, spell, reader, game.state.player_ids)])
            continue
        out.append(_plain(ins, refs, spell, reader, game.state.player_ids))
    return tuple(out)


def _plain(ins: Any, refs: dict[str, str], spell: str, reader: EventReader,
           players: tuple[str, ...]) -> Event:
    """One instruction of a card's ``does:`` as an event, its references filled in."""
    doc: dict[str, Any] = {"kind": ins.kind}
    later: dict[str, Any] = {}  # amounts computed as it resolves (608.2h)
    for k, v in ins.fields:
        if isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of"):
            if v[1] not in refs:
                raise IllegalAction("608.2c", f"{spell}'s effect names {v[1]!r}, which this cast "
                                              "didn't choose")
            doc[k] = refs[v[1]] if v[0] == "ref" else {"top_of": refs[v[1]]}
        elif hasattr(v, "op") and ins.kind not in library.LOOK:
            later[k] = v
            doc[k] = 1  # a placeholder: the amount is computed as it resolves
        elif hasattr(v, "op"):
            raise IllegalAction("608.2h", f"{spell}'s effect computes a number of cards on resolution, "
                                          "not followed yet")
        else:
            doc[k] = v
    at = Cursor(doc, "cast", None, None)
    if ins.kind in library.LOOK:
        return library.read_look(doc, at, players)
    if later:
        from pyengine.game.amounts import deferred

        return deferred(reader.event(at), later, refs)
    return reader.event(at)
