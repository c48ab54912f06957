"""The activations legal now (CR 602.2): what :func:`pyengine.game.actions.legal_actions` lists
for the player holding priority, so that a script or a random player can activate abilities.

Each candidate is an :class:`~pyengine.game.activation.ActivateAbility` of an ability of a
permanent the player controls (602.2) or of a card in their hand or graveyard whose cost moves
it out of there (cycling, 113.6m), with one choice of targets among the legal ones (601.2c), of a permanent to
sacrifice, of permanents to tap and of cards to discard for the cost, and the mana of the pool,
or of the player's untapped mana sources tapped in order for what the pool lacks (601.2g). A
candidate is listed only if the game accepts it: the activation itself judges the timing
(602.5, 606.3), the costs (118.3, 606.6) and the targets, so the list never disagrees with
:func:`~pyengine.game.activation.activate`. It is a sample, not every way of paying: at most
``PER_ABILITY`` candidates an ability (other target or sacrifice choices are still legal to
name in a script).
"""

from __future__ import annotations

from itertools import combinations, islice, product

from pyengine.budget import Budget
from pyengine.game.activation import ActivateAbility, abilities_of, activate, activated_abilities
from pyengine.game.model import Game, IllegalAction
from pyengine.game.perform import layers
from pyengine.model.activated import is_kind
from pyengine.model.enums import Zone

PER_ABILITY = 4


def activations(game: Game, budget: Budget | float = 30.0) -> tuple[ActivateAbility, ...]:
    """The activations the player holding priority may make now (a sample of each ability's)."""
    from pyengine.cast.facts import mana_abilities
    from pyengine.game.target_qualities import combat_states
    from pyengine.model.mana import parse_cost
    from pyengine.triggers.targets import legal_targets

    pid = game.priority
    if pid is None or game.pending is not None or game.outcome.over:
        return ()
    try:
        defs = activated_abilities(game.state)  # two abilities with one text: none listed (113.2c)
    except IllegalAction:
        return ()
    cycling = any(a.name.startswith("Cycling ") for o in game.state.objects if o.zone == Zone.HAND
                  for a in o.printed.abilities)
    if not defs and not cycling:
        return ()  # nothing to activate: no layers computed
    result = layers(game.state, budget)
    mine = [o for o in game.state.objects if o.zone == Zone.BATTLEFIELD and o.id in result.objects
            and result.objects[o.id].controller == pid]
    sources = [o.id for o in mine if not o.tapped and mana_abilities(result.objects[o.id].abilities)]
    hand = [o.id for o in game.state.objects if o.zone == Zone.HAND and o.owner == pid]
    out: list[ActivateAbility] = []
    in_hand = [o for o in game.state.objects if o.zone in (Zone.HAND, Zone.GRAVEYARD) and o.owner == pid]
    for o in mine + in_hand:
        names = abilities_of(game.state, o.id, result)
        for number, (_name, d) in enumerate(names, 1):
            if d.targets:
                legal = legal_targets(game.state, d.targets, o.id, pid,
                                      budget=Budget.of(budget, "the trigger engine"),
                                      combat=combat_states(game))
                picks = list(islice(product(*[sorted(t for t, _ in opts) for opts in legal]), 16))
            else:
                picks = [()]
            fodder = [x.id for x in mine if d.cost.sacrifice and
                      is_kind(d.cost.sacrifice, result.objects[x.id].types, result.objects[x.id].subtypes)]
            sac = [list(c) for c in islice(combinations(fodder, d.cost.sacrifice_count), 8)] \
                if d.cost.sacrifice else [[]]
            yard = [x.id for x in game.state.objects if x.zone == Zone.GRAVEYARD and x.owner == pid
                    and x.id != o.id]
            exiling = [list(c) for c in islice(combinations(yard, d.cost.exile_cards[1]), 2)] \
                if d.cost.exile_cards else [[]]
            others_in_hand = [h for h in hand if h != o.id]
            discard = [list(c) for c in islice(combinations(others_in_hand, d.cost.discard), 4)]
            kind, n, _other = d.cost.tap_untapped or ("", 0, False)
            fit = [x.id for x in mine if not x.tapped and
                   is_kind(kind, result.objects[x.id].types, result.objects[x.id].subtypes)]
            tapping = [list(c) for c in islice(combinations(fit, n), 4)]
            back, nback = d.cost.bounce or ("", 0)
            backs = [x.id for x in mine
                     if is_kind(back, result.objects[x.id].types, result.objects[x.id].subtypes)]
            returning = [list(c) for c in islice(combinations(backs, nback), 4)]
            need = sum(int(x) if x.isdigit() else 1 for x in parse_cost(d.cost.mana).symbols) \
                if d.cost.mana else 0
            found = 0
            for targets, victim, cards, others, gone, exiled in product(picks, sac, discard, tapping,
                                                                        returning, exiling):
                if found >= PER_ABILITY:
                    break
                tapped = tuple(s for s in sources if s != o.id and s not in victim + others)[:need]
                for taps in dict.fromkeys(((), tapped)):
                    act = ActivateAbility(pid, o.id, number if len(names) > 1 else None, tuple(targets),
                                          tuple((s, None) for s in taps), None, tuple(victim), tuple(cards),
                                          (), tuple(others), tuple(gone), tuple(exiled))
                    try:
                        activate(game, act, budget)
                    except IllegalAction:
                        continue
                    out.append(act)
                    found += 1
                    break
    return tuple(out)
