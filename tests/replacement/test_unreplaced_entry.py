"""asp/replacement/unreplaced.lp, the entry for events no effect can apply to: on facts without
any effect (no rep_effect/1) its answer sets are exactly those of replacement.lp, rules
transformations included (draws, CR 121.2; tokens, 111.1; results of damage, 120.3; setting a
life total, 119.5; 614.13b), and the engine takes it only then."""

from __future__ import annotations

import clingo
import pytest

from pyengine import encodings, solver
from pyengine.replacement import service, split
from pyengine.replacement.facts import kind_facts
from pyengine.scenario.loader import load_file
from tests.replacement.helpers import BASE, damage, effect, facts

_DRAW_CUT = "rep_defer(draw). rep_cut(draw)."
EVENTS = {
    "damage to a player (120.3a)": damage('p("b")', 3),
    "damage to a creature (120.3e)": damage('o("c2")', 2, combat="true"),
    "two damage events (120.3)": damage('p("a")', 1) + damage('o("c1")', 4, part=2),
    "a draw of 3, whole (121.2)": 'rep_part(ev(1)). rep_field(ev(1), kind, draw). '
                                  'rep_field(ev(1), player, p("a")). rep_field(ev(1), count, 3). ' + _DRAW_CUT,
    "a draw of 3, split (121.2)": 'rep_part(ev(1)). rep_field(ev(1), kind, draw). '
                                  'rep_field(ev(1), player, p("a")). rep_field(ev(1), count, 3).',
    "setting a life total (119.5)": 'rep_part(ev(1)). rep_field(ev(1), kind, set_life). '
                                    'rep_field(ev(1), player, p("b")). rep_field(ev(1), amount, 7).',
    "a move twice (614.13b)": 'rep_part(ev(1)). rep_field(ev(1), kind, move). rep_field(ev(1), object, o("c1")). '
                              'rep_field(ev(1), count, 1). rep_field(ev(1), from, battlefield). '
                              'rep_field(ev(1), to, graveyard). rep_field(ev(1), cause, destroy). '
                              'rep_part(ev(2)). rep_field(ev(2), kind, move). rep_field(ev(2), object, o("c1")). '
                              'rep_field(ev(2), count, 1). rep_field(ev(2), from, battlefield). '
                              'rep_field(ev(2), to, exile). rep_field(ev(2), cause, effect).',
}
# scenarios of CR 120.3, 119.5, 614.12 whose events no effect applies to (the states' facts,
# entering objects and protection included)
SCENARIOS = ["creature-planeswalker-damage-both-results", "infect-planeswalker-loyalty-only",
             "emperion-set-life-lower", "cr-614-12-orb-of-dreams-itself", "worship-without-creature"]


def _answers(entry: str, given: list[clingo.Symbol], horizon: int = 8) -> list[tuple[clingo.Symbol, ...]]:
    res = solver.solve([encodings.path(entry)], given, what="test", args=["--project"], models=0,
                       consts={"horizon": horizon})
    assert res.satisfiable is not None
    return sorted(m.symbols for m in res.models)


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_same_answer_sets_as_the_full_entry(name: str) -> None:
    given = facts(BASE + EVENTS[name]) + kind_facts()
    full = _answers("replacement", given)
    assert _answers("replacement_unreplaced", given) == full


def test_a_move_twice_has_no_answer_set() -> None:
    # 614.13b: the comparison above is not vacuous for this case: both entries forbid it
    given = facts(BASE + EVENTS["a move twice (614.13b)"]) + kind_facts()
    assert _answers("replacement_unreplaced", given) == []


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_facts_give_the_same_answer_sets(name: str) -> None:
    sc = load_file(f"scenarios/replacement/{name}.yaml")
    given = service.input_facts(sc.state, list(sc.query.events), at=sc.query.at)
    assert not any(f.name == "rep_effect" for f in given)
    full = _answers("replacement", given)
    assert full
    assert _answers("replacement_unreplaced", given) == full


def test_the_engine_takes_it_only_without_effects() -> None:
    plain = facts(BASE + damage('p("b")', 3)) + kind_facts()
    with_effect = facts(BASE + damage('p("b")', 3) + effect("e", 1, "damage", mods=("amount(double)",))) + kind_facts()
    budget = service.Budget.of(10.0, "test")
    assert split.Splitter(plain, budget, service.read_outcome).entry == "replacement_unreplaced"
    assert split.Splitter(with_effect, budget, service.read_outcome).entry == "replacement"
