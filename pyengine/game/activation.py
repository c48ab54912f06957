"""Activating an activated ability in a game (CR 602.2): the script's ``activate`` action.

The player holding priority (117.1b) announces the ability of a permanent they control (602.2)
and the game follows 602.2a-b (601.2b-i): its targets are chosen (601.2c, the legal ones of
:func:`pyengine.triggers.targets.legal_targets`: requirements, hexproof, shroud, protection),
the timing and limits are checked ("Activate only as a sorcery", 602.5d, 307.1; "Activate
only once each turn", 602.5b), the total cost is paid (601.2g-h: mana abilities activated and
mana spent from the pool, {T} and {Q} (107.5, 107.6, 302.6), permanents sacrificed (701.21a),
life paid (119.4), cards discarded, counters removed; 118.3: only with the resources to pay it
fully). An illegal activation is an :class:`IllegalAction` naming the rule, and the game is
unchanged (it is immutable: rewound whole, 732). A legal one puts the ability on the stack
(602.2a) with its instructions bound (``self`` the source, ``you`` its controller, ``target``
... the targets, as a triggered ability's) and its controller receives priority (117.3c). It
resolves like a triggered ability (608.2b: it doesn't resolve when every target is illegal),
independently of its source (113.7a: the source leaving doesn't counter it). A mana ability
(605.1a: no target, adds mana, no loyalty cost) doesn't use the stack: once its cost is paid it
resolves at once (605.3b, :mod:`pyengine.game.mana_activated`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyengine.budget import Budget
from pyengine.cast.mana import mana_abilities
from pyengine.cast.model import Payment
from pyengine.events import GameEvent
from pyengine.game import checks
from pyengine.game.activation_cost import cost_events, mana_spent
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.game.paying import activations, mana_ability_costs
from pyengine.game.perform import layers, perform
from pyengine.game.pool import Pool
from pyengine.lang.yamlread import Cursor, LDict
from pyengine.model.activated import ActivatedDef
from pyengine.model.effects import Ability
from pyengine.model.enums import Step, Zone
from pyengine.model.objects import GameState
from pyengine.model.triggers import Pattern, TriggerDef
from pyengine.triggers.model import Triggered

MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
COMBAT = (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE,
          Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)  # 506.1: the steps of the combat phase
FIELDS = {"player", "source", "ability", "targets", "payment", "sacrifice", "discard", "choices",
          "tap_untapped", "return", "exile", "x"}


@dataclass(frozen=True)
class ActivateAbility:
    """The script's ``activate``: ``player`` activates ``source``'s activated ability number
    ``ability`` (1, 2 ... among those the game follows, in the order printed, then those an
    effect grants, in the order of their texts; None: its only one), with these
    targets (object or player ids, in order), mana abilities activated for the cost (``tap``:
    (id, mana letter or None)), the mana spent from the pool (``pool``: None, spent as the
    cost takes it when only one way is possible), the permanents sacrificed and the cards
    discarded for the cost, and replacement choices on resolution; ``tap_untapped`` the
    permanents tapped for a "Tap an untapped creature you control" cost."""

    player: str
    source: str
    ability: int | None = None
    targets: tuple[str, ...] = ()
    tap: tuple[tuple[str, str | None], ...] = ()
    pool: Pool | None = None
    sacrifice: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    choices: tuple[Any, ...] = ()
    tap_untapped: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()  # "Return a land you control to its owner's hand"
    exile: tuple[str, ...] = ()  # "Exile a creature card from your graveyard": the cards exiled
    x: int | None = None  # 107.3a: the value of X announced for a cost with {X} (601.2b, 602.2b)


def read_activate(cur: Cursor, reader: Any) -> ActivateAbility:
    """``{player, source, ability, x, targets, payment: {tap, pool}, sacrifice, discard,
    tap_untapped, return, exile, choices}`` (``x``: the value of X announced for a cost with
    {X}, 107.3a; ``return``: the permanents returned to their owners'
    hands for the cost; ``exile``: the cards of their graveyard exiled for it)."""
    from pyengine.queries.cast import _payment

    cur.mapping(FIELDS, "an activation {player: P, source: PERMANENT, targets: [...], payment: {...}}")
    player = reader.player(cur.req("player"))
    source = reader.object(cur.req("source"))
    ability = cur.get("ability").integer("an ability number (1: the first)", 1) \
        if cur.has("ability") else None
    ids: dict[str, tuple[str, ...]] = {}
    for key in ("targets", "sacrifice", "discard", "tap_untapped", "return", "exile"):
        if cur.has(key):
            sub = cur.get(key)
            ids[key] = tuple(sub.strings(f"a list of {key} ids"))
            for i in ids[key]:
                if i not in reader.ids and (key != "targets" or i not in reader.players and i != "none"):
                    sub.fail(f"dangling object id {i!r}: no object has this id")
    tap: tuple[tuple[str, str | None], ...] = ()
    pool = None
    if cur.has("payment"):
        pay_cur = cur.get("payment")
        pay_cur.mapping({"tap", "pool"}, "{tap: [PERMANENTS or {id, mana}], pool: MANA SYMBOLS}")
        view = LDict(dict(pay_cur.value))
        view.line, view.key_lines = pay_cur.value.line, pay_cur.value.key_lines
        pay = _payment(Cursor(view, pay_cur.path, pay_cur.line, pay_cur.file),
                       {o.id: o for o in reader.state.objects}, {})
        tap = pay.tap
        if pay_cur.has("pool"):
            pool = Pool(tuple(sorted((s.upper(), n) for s, n in pay.pool)))
    choices = reader.choices(cur.get("choices")) if cur.has("choices") else ()
    x = cur.get("x").integer("the value of X announced (CR 107.3a)", 0) if cur.has("x") else None
    return ActivateAbility(player, source, ability, ids.get("targets", ()), tap, pool,
                           ids.get("sacrifice", ()), ids.get("discard", ()), choices,
                           ids.get("tap_untapped", ()), ids.get("return", ()),
                           ids.get("exile", ()), x)


def activated_abilities(state: GameState) -> dict[str, ActivatedDef]:
    """Every activated ability the game follows that the state's objects and effects could
    give an object, by its text (the display name the layer engine reports)."""
    from pyengine import walk

    found: dict[str, ActivatedDef] = {}
    for x in walk.values([[o.printed for o in state.objects], [e.definition for e in state.effects]]):
        if isinstance(x, Ability) and x.activated is not None:
            if found.setdefault(x.name, x.activated) != x.activated:
                raise IllegalAction("113.2c", f"two different activated abilities have the text {x.name!r}")
    return found


def abilities_of(state: GameState, oid: str, result: Any) -> list[tuple[str, ActivatedDef]]:
    """The activated abilities the game follows of the object, numbered in this order (602.2a):
    on the battlefield, its abilities after layers, in the order printed then those an effect
    grants in the order of their texts, but not those that move it out of another zone
    (113.6m); in a hand, its printed abilities that discard it, cycling (702.29a) among them; in
    a graveyard, those that exile it from there."""
    from pyengine.model.activated import cycling

    src = state.object(oid)
    if src.zone in (Zone.HAND, Zone.GRAVEYARD):
        found = [(a.name, a.activated if a.activated is not None else cycling(a.name))
                 for a in src.printed.abilities]
        return [(n, d) for n, d in found if d is not None and d.functions_in == src.zone.value]
    if src.zone != Zone.BATTLEFIELD or oid not in result.objects:
        return []
    defs = activated_abilities(state)
    printed = [a.name for a in src.printed.abilities]
    return sorted(((name, defs[name]) for name in set(result.objects[oid].abilities)
                   if name in defs and defs[name].functions_in == "battlefield"),
                  key=lambda nd: (printed.index(nd[0]) if nd[0] in printed else len(printed), nd[0]))


def activate(game: Game, action: ActivateAbility, budget: Budget | float) -> Game:
    """The game with the ability on the stack, or :class:`IllegalAction` (the game unchanged)."""
    from pyengine.game import casting
    from pyengine.game.target_qualities import combat_states
    from pyengine.triggers.targets import legal_targets

    if game.priority is None or game.pending is not None:
        raise IllegalAction("117.1b", f"no player may activate an ability now ({game.step.value} step)")
    if game.priority != action.player:
        raise IllegalAction("117.1b", f"{action.player} does not have priority; {game.priority} has it")
    src = game.state.object(action.source)
    if src.zone not in (Zone.BATTLEFIELD, Zone.HAND, Zone.GRAVEYARD):
        raise IllegalAction("113.6", f"{src.id} is in the {src.zone.value}: a permanent's activated "
                                     "abilities are activated on the battlefield")
    result = layers(game.state, budget)
    owner = src.zone != Zone.BATTLEFIELD  # 108.4a: a card in a hand or graveyard: its owner
    ch: Any = src.printed if owner else result.objects[src.id]
    who = src.owner if owner else ch.controller
    if who != action.player:
        raise IllegalAction("602.2", f"only {src.id}'s {'owner' if owner else 'controller'} ({who}) can "
                                     "activate its abilities")
    mine = abilities_of(game.state, src.id, result)
    if not mine:
        raise IllegalAction("602.1", f"{src.id} has no activated ability the game follows")
    if action.ability is None and len(mine) > 1:
        raise IllegalAction("602.2a", f"{src.id} has {len(mine)} activated abilities: say which (ability: N)")
    n = action.ability or 1
    if n > len(mine):
        raise IllegalAction("602.2a", f"{src.id} has {len(mine)} activated abilities, not {n}")
    text, d = mine[n - 1]
    from pyengine.game.activation_x import announced

    d = announced(d, action.x, text)  # 601.2b: X announced first (107.3a)
    key = f"{src.id}:{text}"
    _timing(game, action, d, key)
    # 601.2c: the targets, chosen before the costs are paid
    targets: list[tuple[str, bool]] = []
    if len(action.targets) != len(d.targets):
        raise IllegalAction("601.2c", f"{text!r} has {len(d.targets)} target(s); {len(action.targets)} given")
    entries: list[int] = []
    targeted_ability = bool(d.targets)  # with targets, even none chosen ("up to N"), not its source
    if d.targets:
        from pyengine.game import optional_targets as opt

        legal = legal_targets(game.state, d.targets, src.id, action.player,
                              budget=Budget.of(budget, "the trigger engine"), combat=combat_states(game))
        targets, entries = opt.choose(d.targets, action.targets, legal, text,  # 601.2c, 115.3
                                      lambda oid: game.state.object(oid).owner)
    # 601.2g-h: the total cost
    casting._tapped_once([oid for oid, _ in action.tap] + ([src.id] if d.cost.tap else [])
                         + list(action.tap_untapped))
    produced = Pool()
    if action.tap:
        from pyengine.cast.activate import check_activation

        verdict = check_activation(game.state, action.player, action.tap, result, budget)
        if verdict.violations:
            v = verdict.violations[0]
            raise IllegalAction(v.rule, f"the mana ability can't be activated: {v.render()}")
        for oid, index in verdict.abilities:
            produced = produced.plus(Pool.of(mana_abilities(result.objects[oid].abilities)[index]))
    player = game.state.player(action.player)
    spent = mana_spent(d.cost.mana, Pool.parse(player.mana).plus(produced), action.pool)
    events = cost_events(game.state, result, action, d.cost, ch)
    # 602.2a: the ability goes on the stack; its instructions bound now
    other = next(p for p in game.state.player_ids if p != action.player)
    refs: dict[str, tuple[str, ...]] = {"self": (src.id,), "you": (action.player,), "opponent": (other,)}
    refs.update({("target" if i == 0 else f"target{i + 1}"): (t,) for i, (t, _) in enumerate(targets)})
    if len(entries) != len(d.targets):  # "up to N" (601.2c): the entries not chosen name nothing
        from pyengine.game import optional_targets as opt

        refs = {k: v for k, v in refs.items() if not k.startswith("target")} | opt.refs(targets, entries)
        d = opt.kept(replace(d, effects=opt.done(d.effects, len(d.targets), entries)), entries)
    from pyengine.game.linked import exiled_with, incarnation

    refs["exiled"] = exiled_with(game, src.id, incarnation(game, src.id))  # 607.2a
    from pyengine.game.triggered import bind

    bound = bind(game, text, d.effects, refs)
    if d.cost.exile_self:  # 608.2h: the card's information as it last existed in the graveyard
        from pyengine.game.amounts import known_before_cost

        bound = replace(bound, events=known_before_cost(game, src.id, action.player, bound.events, budget))
    sid = f"{src.id}:{n}@{len(game.log) + 1}"
    game = game.emit(GameEvent("activate", obj=src.id, player=action.player, target=key, rule="602.2a",
                               cause="loyalty" if d.cost.is_loyalty else None))
    trig = Triggered(sid, src.id, n - 1, action.player, len(game.log), text, "602.2")
    zones = tuple(sorted({(o.id, o.zone.value) for o in game.state.objects
                          for tid, is_p in targets if not is_p and o.id == tid}))
    item = StackItem(sid, action.player, text, events=bound.events, source=src.id, targets=tuple(targets),
                     delayed=bound.delayed, lasting=bound.lasting, optional=bound.optional, taps=bound.taps,
                     zones=zones, choices=action.choices, continuous=d.resolves, duration=d.duration,
                     locked=(src.id,) if d.resolves is not None and not targeted_ability else None,
                     trigger=(trig, TriggerDef(Pattern("activate"), effects=d.effects, targets=d.targets)))
    # 601.2g-h: mana abilities' permanents tap, the pool pays; then the other costs
    objs = {o.id: o for o in game.state.objects}
    taps = [GameEvent("tap", obj=oid, player=action.player, cause="mana_ability", rule="601.2g")
            for oid, opt in activations(action.tap, result) if opt.tap]
    if d.cost.tap:
        taps.append(GameEvent("tap", obj=src.id, player=action.player, cause="cost", rule="107.5"))
    taps += [GameEvent("tap", obj=oid, player=action.player, cause="cost", rule="602.2b")
             for oid in action.tap_untapped]
    for e in taps:
        objs[e.obj or ""] = replace(objs[e.obj or ""], tapped=True)
    if d.cost.untap:
        objs[src.id] = replace(objs[src.id], tapped=False)
        taps.append(GameEvent("untap", obj=src.id, player=action.player, cause="cost", rule="107.6"))
    pool = Pool.parse(player.mana).plus(produced).minus(spent)
    players = tuple(replace(p, mana=pool.render()) if p.id == player.id else p for p in game.state.players)
    game = game.with_state(objects=tuple(objs[o.id] for o in game.state.objects), players=players).emit(*taps)
    game = mana_ability_costs(game, action.player, Payment(tap=action.tap), result, budget)
    if events:
        game = perform(game, events, rule="602.2b", cause="cost", budget=budget)
    if d.cost.discard_self and cycling_ability(text):  # 702.29c: the card is cycled
        game = game.emit(GameEvent("cycle", obj=src.id, player=action.player, rule="702.29c"))
    from pyengine.game import mana_activated

    if mana_activated.is_mana_ability(d):  # 605.3b: it resolves at once, without the stack
        game = mana_activated.resolve_now(game.clone(passes=0), item, budget, tapped=d.cost.tap)
        return checks.give_priority(game, action.player, budget)  # 117.3c
    from pyengine.game.stack import note

    game = game.clone(stack=game.stack + (item,), passes=0).note(note("put_on_stack", item, "602.2a"))
    from pyengine.game.ward import targeted

    game = targeted(game, item, "602.2b")  # 702.21a: its targets become its targets
    return checks.give_priority(game, action.player, budget)  # 117.3c


def cycling_ability(text: str) -> bool:
    """Whether an activated ability's text is cycling or typecycling (702.29a, 702.29e-f:
    "Cycling {2}", "Plainscycling {2}", or the definition typecycling is written out as)."""
    first = text.strip().split(" ", 1)[0].lower()
    return first.endswith("cycling")


def _timing(game: Game, action: ActivateAbility, d: ActivatedDef, key: str) -> None:
    """602.5d: "Activate only as a sorcery" (the timing of 307.1); 602.5: "only during your
    turn", "only during combat" (the combat phase's steps, 506.1); 602.5b: "Activate only once
    each turn" (the activations since the turn began, the log's last untap step); 606.3: a
    loyalty ability only as a sorcery and only if none of its source's loyalty abilities has
    been activated this turn."""
    sorcery = not _sorcery_time(game, action.player)
    if d.cost.is_loyalty and sorcery:
        raise IllegalAction("606.3", "a loyalty ability is activated only as a sorcery: in its "
                                     "controller's main phase with an empty stack (307.1)")
    if d.timing == "sorcery" and sorcery:
        raise IllegalAction("602.5d", "this ability is activated only as a sorcery: in its controller's "
                                      "main phase with an empty stack (307.1)")
    if d.timing == "your_turn" and game.active != action.player:
        raise IllegalAction("602.5", f"this ability is activated only during its controller's turn; "
                                     f"it is {game.active}'s")
    if d.timing == "your_upkeep" and (game.active != action.player or game.step != Step.UPKEEP):
        raise IllegalAction("602.5", f"this ability is activated only during its controller's upkeep (503), "
                                     f"not in {game.active}'s {game.step.value} step")
    if d.timing == "combat" and game.step not in COMBAT:
        raise IllegalAction("602.5", f"this ability is activated only during combat (506.1), not in the "
                                     f"{game.step.value} step")
    start = max((i for i, e in enumerate(game.log) if e.kind == "step_begins" and e.step == "untap"),
                default=-1)
    if d.cost.is_loyalty and any(e.kind == "activate" and e.cause == "loyalty" and e.obj == action.source
                                 for e in game.log[start + 1:]):
        raise IllegalAction("606.3", f"a loyalty ability of {action.source} has already been activated "
                                     "this turn")
    if d.limit == "once_each_turn":
        if any(e.kind == "activate" and e.target == key for e in game.log[start + 1:]):
            raise IllegalAction("602.5b", f"{key.split(':', 1)[1]!r} is activated only once each turn")


def _sorcery_time(game: Game, player: str) -> bool:
    """307.1: the player's main phase, with an empty stack (they hold priority)."""
    return game.active == player and game.step in MAIN and not game.stack
