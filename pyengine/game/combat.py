"""Combat as turn-based actions (CR 506-511): the declarations of attackers and blockers,
judged by the combat engine (pyengine.combat: restrictions, requirements and their costs,
508.1, 509.1), and each combat damage step's assignment, judged or found by the damage engine
(pyengine.damage: 510.1, 510.4), then dealt through the replacement engine (510.2, 615).
"""

from __future__ import annotations

from dataclasses import replace

from pyengine.budget import Budget
from pyengine.combat.build import Setup, build_board
from pyengine.combat.model import Declaration, Kind, Target, Verdict
from pyengine.combat.service import verify
from pyengine.damage import service as damage
from pyengine.damage.model import Attacker, Blocker, Combat, Creature, Keyword, Recipient, Share
from pyengine.damage.model import Step as DamageStep
from pyengine.events import GameEvent
from pyengine.game import checks, combat_history
from pyengine.game.model import Game, IllegalAction
from pyengine.game.perform import layers, perform
from pyengine.layers.result import ObjectChars
from pyengine.model.enums import Step, Zone
from pyengine.replacement.event import Event


def defending(game: Game) -> str:
    """The defending player of a two-player game (CR 506.2)."""
    return next(p for p in game.state.player_ids if p != game.active)


def _target(game: Game, tid: str) -> Target:
    return Target("player", tid) if tid in game.state.player_ids else Target("object", tid)


def _refuse(verdict: Verdict, rule: str) -> IllegalAction:
    violations = verdict.violations
    v = violations[0]
    reasons = "; ".join(f"{x.rule} {x.check}" + (f" ({', '.join(x.objects)})" if x.objects else "")
                        for x in violations)
    return IllegalAction(v.rule or rule, f"the declaration is illegal: {reasons}")


def declare_attackers(game: Game, pairs: tuple[tuple[str, str], ...], budget: Budget | float) -> Game:
    """CR 508.1: the active player declares attackers; the combat engine judges the whole
    declaration (508.1c-d, 508.1g-h); then the attackers tap unless they have vigilance (508.1f)."""
    if game.pending != "declare_attackers":
        raise IllegalAction("508.1", "attackers are declared as the declare attackers step begins")
    res = layers(game.state, budget)
    for a, _ in pairs:
        ch = res.objects.get(a)
        if ch is None or game.state.object(a).zone != Zone.BATTLEFIELD or "Creature" not in ch.types \
                or ch.controller != game.active:
            raise IllegalAction("508.1a", f"{a} is not a creature the active player controls")
    earlier = combat_history.earlier(game.log, "attacks")  # an "each turn" limit's count (500.8)
    board = build_board(game.state, res, Setup(Kind.ATTACK, (defending(game),), game.protectors, (), earlier))
    verdict = verify(board, Declaration.of(pairs), timeout=budget)
    if not verdict.legal:
        raise _refuse(verdict, "508.1")
    objs, events = [], []
    ids = dict(pairs)
    for o in game.state.objects:
        if o.id in ids and not res.objects[o.id].has_keyword("vigilance"):
            events.append(GameEvent("tap", obj=o.id, cause="attack", rule="508.1f"))
            o = replace(o, tapped=True)
        objs.append(o)
    events += [GameEvent("attacks", obj=a, player=game.active, target=t, rule="508.1")
               for a, t in sorted(pairs)]
    combat = replace(game.combat, attackers=tuple(sorted(pairs)), declared_attackers=True)
    game = game.with_state(objects=tuple(objs)).clone(combat=combat, pending=None).emit(*events)
    return checks.give_priority(game, game.active, budget)


def declare_blockers(game: Game, pairs: tuple[tuple[str, str], ...], budget: Budget | float) -> Game:
    """CR 509.1: the defending player declares blockers, judged by the combat engine; 509.1h:
    an attacking creature with blockers becomes blocked."""
    if game.pending != "declare_blockers":
        raise IllegalAction("509.1", "blockers are declared as the declare blockers step begins")
    res = layers(game.state, budget)
    attacks = tuple((a, _target(game, t)) for a, t in game.combat.attackers)
    earlier = combat_history.earlier(game.log, "blocks")  # an "each turn" limit's count (500.8)
    setup = Setup(Kind.BLOCK, (defending(game),), game.protectors, attacks, earlier)
    board = build_board(game.state, res, setup)
    verdict = verify(board, Declaration.of(pairs), timeout=budget)
    if not verdict.legal:
        raise _refuse(verdict, "509.1")
    by: dict[str, list[str]] = {}
    for b, a in pairs:
        by.setdefault(b, []).append(a)
    events = [GameEvent("blocks", obj=b, target=a, rule="509.1") for b, a in sorted(pairs)]
    blocked = frozenset(a for _, a in pairs)
    events += [GameEvent("becomes_blocked", obj=a, rule="509.1h") for a in sorted(blocked)]
    # 509.1h: an attacker with no blockers declared becomes unblocked ("attacks and isn't blocked", 509.3g)
    events += [GameEvent("unblocked", obj=a, rule="509.1h")
               for a in sorted({a for a, _t in game.combat.attackers} - blocked)]
    combat = replace(game.combat, blockers=tuple((b, tuple(sorted(v))) for b, v in sorted(by.items())),
                     blocked=blocked, declared_blockers=True)
    game = game.clone(combat=combat, pending=None).emit(*events)
    return checks.give_priority(game, game.active, budget)


def remove_from_combat(game: Game, budget: Budget | float) -> Game:
    """CR 506.4: an attacking or blocking creature whose controller changed (attackers are the
    active player's, 508.1a, blockers the defending player's, 509.1a) or that stopped being a
    creature is removed from combat; attackers it blocked stay blocked (509.1h). Leaving the
    battlefield and regenerating remove it as they happen (pyengine.game.perform)."""
    if not game.combat.attackers and not game.combat.blockers:
        return game
    res = layers(game.state, budget)
    defender = defending(game)

    def stays(oid: str, controller: str) -> bool:
        ch = res.objects.get(oid)
        return ch is not None and "Creature" in ch.types and ch.controller == controller

    gone = [a for a in game.combat.attacking() if not stays(a, game.active)]
    gone += [b for b in game.combat.blocking() if not stays(b, defender)]
    if not gone:
        return game
    combat = game.combat
    for oid in gone:
        combat = combat.without(oid)
    return game.clone(combat=combat)


_KEYWORDS = {"deathtouch": Keyword.DEATHTOUCH, "trample": Keyword.TRAMPLE,
             "first strike": Keyword.FIRST_STRIKE, "double strike": Keyword.DOUBLE_STRIKE}


def _creature(game: Game, ch: ObjectChars) -> Creature:
    o = game.state.object(ch.id)
    return Creature(ch.id, ch.power or 0, ch.toughness or 0, o.damage,
                    frozenset(k for name, k in _KEYWORDS.items() if ch.has_keyword(name)),
                    had_first_strike=ch.id in game.combat.first_strikers)


def damage_step(game: Game) -> Combat:
    """The damage engine's view of this combat damage step: the creatures still in combat (on
    the battlefield, creatures, CR 506.4) with their characteristics after layers."""
    res = layers(game.state)

    def alive(oid: str) -> bool:
        return (oid in res.objects and game.state.object(oid).zone == Zone.BATTLEFIELD
                and "Creature" in res.objects[oid].types)

    attackers = tuple(Attacker(_creature(game, res.objects[a]), Recipient(t, t in game.state.player_ids),
                               a in game.combat.blocked)
                      for a, t in game.combat.attackers if alive(a))
    ids = {a.creature.id for a in attackers}
    blockers = tuple(Blocker(_creature(game, res.objects[b]), tuple(a for a in ats if a in ids))
                     for b, ats in game.combat.blockers if alive(b))
    step = DamageStep.FIRST_STRIKE if game.step == Step.FIRST_STRIKE_DAMAGE else DamageStep.REGULAR
    return Combat(step, attackers, blockers)


def assign_damage(game: Game, shares: tuple[Share, ...] | None, budget: Budget | float,
                  choices: tuple[object, ...] = ()) -> Game:
    """CR 510.1-510.2: the assignment of this step (the script's, checked by the damage engine;
    without one, the only legal one), then all of it is dealt at once through the replacement
    engine (prevention, lifelink, infect, wither: 510.2, 615, 120.3)."""
    if game.pending != "combat_damage":
        raise IllegalAction("510.1", "combat damage is assigned as a combat damage step begins")
    combat = damage_step(game)
    if shares is not None:
        verdict = damage.check(combat, shares, timeout=budget)
        if not verdict.legal:
            v = verdict.violations[0]
            raise IllegalAction(v.rule, "the combat damage assignment is illegal: " +
                                "; ".join(f"{x.rule} {x.check}" for x in verdict.violations))
        chosen = tuple(shares)
    else:
        listing = damage.legal_assignments(combat, limit=8, timeout=budget)
        if listing.count != 1:
            shown = " | ".join(", ".join(f"{s.source}->{s.recipient.id}:{s.amount}" for s in a) or "none"
                               for a in listing.assignments[:4])
            raise IllegalAction("510.1", f"{listing.count}{'' if listing.exact else '+'} legal combat "
                                         f"damage assignments; the attacking or defending player chooses "
                                         f"one: {shown}{' ...' if listing.count > 4 else ''}")
        chosen = listing.assignments[0]
    events = [Event("damage", (("source", ("o", s.source)),
                               ("target", ("p" if s.recipient.player else "o", s.recipient.id)),
                               ("amount", s.amount), ("combat", True)))
              for s in chosen if s.amount > 0]
    game = game.clone(pending=None)
    game = perform(game, events, rule="510.2", cause="damage", choices=choices, budget=budget)
    game = game.clone(combat=replace(game.combat, dealt=game.combat.dealt | {game.step}))
    return checks.give_priority(game, game.active, budget)
