"""Invariants of random scripted combats (CR 510, 120.3, 702.15b, 615, 704.5g-h): every life
total after the combat is what the assignments chosen say: life change = damage dealt to the
player - damage prevented + lifelink; a creature's damage = the damage assigned to it (none
under a Fog); no creature with lethal damage (or deathtouch damage) survives the state-based
actions checked before priority, and every creature that died had it.
Cases: PYENGINE_GAME_EXAMPLES (default 6; CI 50)."""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyengine import catalog
from pyengine.damage.service import legal_assignments
from pyengine.game import Advance, AssignDamage, DeclareAttackers, DeclareBlockers, new_game
from pyengine.game.combat import damage_step
from pyengine.model.effects import ResolvedEffect
from pyengine.model.enums import Duration, Step, Zone
from tests.game.helpers import creature, state

EXAMPLES = int(os.environ.get("PYENGINE_GAME_EXAMPLES", "6"))
ATTACK_KW = ("first strike", "double strike", "trample", "lifelink", "deathtouch")
BLOCK_KW = ("first strike", "lifelink", "deathtouch")


@st.composite
def combats(draw: st.DrawFn) -> dict:
    def body(kws: tuple[str, ...]) -> tuple[int, int, tuple[str, ...]]:
        return (draw(st.integers(0, 4)), draw(st.integers(1, 4)),
                tuple(sorted(draw(st.sets(st.sampled_from(kws), max_size=2)))))
    attackers = [body(ATTACK_KW) for _ in range(draw(st.integers(1, 3)))]
    blockers = [body(BLOCK_KW) for _ in range(draw(st.integers(0, 3)))]
    blocks = [draw(st.integers(-1, len(attackers) - 1)) for _ in blockers]
    picks = [draw(st.integers(0, 10_000)) for _ in range(2)]
    return {"attackers": attackers, "blockers": blockers, "blocks": blocks, "picks": picks,
            "fog": draw(st.booleans())}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(combats())
def test_life_and_damage_follow_the_assignments(case: dict) -> None:
    objs = [creature(f"a{i}", "alice", p, t, i + 1, kw) for i, (p, t, kw) in enumerate(case["attackers"])]
    objs += [creature(f"b{i}", "bob", p, t, 10 + i, kw) for i, (p, t, kw) in enumerate(case["blockers"])]
    s = state(*objs, step=Step.DECLARE_ATTACKERS)
    if case["fog"]:
        fog = catalog.lookup("Fog")
        assert fog is not None and fog.resolves is not None
        s = s.clone(effects=(ResolvedEffect("fog", fog.resolves, 50, "bob", Duration.END_OF_TURN),))
    game = new_game(s)
    game = game.apply(DeclareAttackers(tuple((f"a{i}", "bob") for i in range(len(case["attackers"])))))
    game = game.apply(Advance(Step.DECLARE_BLOCKERS))
    pairs = tuple((f"b{i}", f"a{a}") for i, a in enumerate(case["blocks"]) if a >= 0)
    game = game.apply(DeclareBlockers(pairs))
    lifelink = {o.id for o in objs if any(a.name == "lifelink" for a in o.printed.abilities)}
    to_player: Counter[str] = Counter()
    to_creature: Counter[str] = Counter()
    gained: Counter[str] = Counter()
    by_deathtouch: Counter[str] = Counter()
    deathtouch_ids = {o.id for o in objs if any(a.name == "deathtouch" for a in o.printed.abilities)}
    in_combat = [kw for _, _, kw in case["attackers"]] + [
        kw for (_, _, kw), a in zip(case["blockers"], case["blocks"], strict=True) if a >= 0]
    first = any(k in ("first strike", "double strike") for kws in in_combat for k in kws)  # 510.4
    for n, step in enumerate((Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE)):
        if step == Step.FIRST_STRIKE_DAMAGE and not first:
            continue
        game = game.apply(Advance(step))
        listing = legal_assignments(damage_step(game), limit=200)
        shares = listing.assignments[case["picks"][n] % len(listing.assignments)]
        game = game.apply(AssignDamage(shares))
        for sh in shares:
            if case["fog"]:
                continue  # 615.1: all combat damage is prevented
            (to_player if sh.recipient.player else to_creature)[sh.recipient.id] += sh.amount
            if sh.source in deathtouch_ids and sh.amount and not sh.recipient.player:
                by_deathtouch[sh.recipient.id] += sh.amount
            if sh.source in lifelink and sh.amount:
                gained["alice" if sh.source.startswith("a") else "bob"] += sh.amount  # 702.15b
    assert game.state.player("bob").life == 20 - to_player["bob"] + gained["bob"]
    assert game.state.player("alice").life == 20 + gained["alice"]
    touched = {sh for sh, n in by_deathtouch.items() if n > 0}
    for o in game.state.objects:
        toughness = o.printed.toughness or 0
        lethal = to_creature[o.id] >= toughness or o.id in touched  # 704.5g, 704.5h
        if o.zone == Zone.BATTLEFIELD:  # no creature with lethal damage survives the check
            assert not lethal and o.damage == to_creature[o.id], o.id
        else:
            assert lethal and o.zone == Zone.GRAVEYARD, o.id
    dealt = sum(e.amount for e in game.log if e.kind == "damage")
    assert dealt == sum(to_player.values()) + sum(to_creature.values())
