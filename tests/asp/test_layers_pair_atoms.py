"""What the layer engine grounds per effect and object outside the matching: the static
test of asp/layers/quiet.lp and layer 6's closed form (asp/layers/l6_ability.lp) keep no
atom per effect and object they need not. The answers are the differential tests' concern
(and tests/asp/test_layers_group.py's, for groups); these count ground atoms by predicate."""

from __future__ import annotations

from collections import Counter

import clingo
import pytest

from pyengine import solver
from pyengine.layers import compute
from pyengine.model.objects import Characteristics, GameObject, GameState
from tests.asp.test_layers_matching_atoms import forest
from tests.asp.test_layers_rounds import creature, enchantment, state

# two instances of one static that changes what it reads (each makes the other's artifacts
# creatures): layer 4 goes one effect at a time, both effects sensitive
ANIMATE = {"static": {"affects": {"types": ["Artifact"], "not_types": ["Creature"]}, "add_types": ["Creature"]}}
WHITE = {"static": {"affects": {"types": ["Creature"]}, "set_colors": ["white"]}}
FLYING = {"static": {"affects": {"types": ["Creature"]}, "add_abilities": ["flying"]}}


def artifact(oid: str, ts: int) -> GameObject:
    return GameObject(oid, Characteristics(name=oid, mana_value=2, types=("Artifact",)), "alice", "alice",
                      timestamp=ts)


def _calls(st: GameState, monkeypatch: pytest.MonkeyPatch) -> list[Counter[str]]:
    """The ground atoms of each clingo call of one computation, by predicate name."""
    calls: list[Counter[str]] = []
    ground = clingo.Control.ground

    def counting(self: clingo.Control, *args: object, **kwargs: object) -> None:
        ground(self, *args, **kwargs)  # type: ignore[arg-type]
        calls.append(Counter(atom.symbol.name for atom in self.symbolic_atoms))

    monkeypatch.setattr(clingo.Control, "ground", counting)
    solver.forget()
    compute(st)
    solver.forget()
    return calls


def _total(calls: list[Counter[str]], name: str) -> int:
    return sum(call[name] for call in calls)


def test_a_sensitive_effect_is_paired_only_with_the_sources_it_may_change(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the two sensitive effects, whose selectors could consider every object of the
    # battlefield, are paired (may_aff/2) with the two enchantments only, the sources whose
    # abilities they might change: not with each of the lands and artifacts (before: a pair
    # per effect and object, 20 and 60 atoms a call)
    def with_lands(lands: int) -> GameState:
        return state(*[artifact(f"a{i}", i + 1) for i in range(3)], *[forest(f"l{i}", 10 + i) for i in range(lands)],
                     enchantment("e0", 50, ANIMATE), enchantment("e1", 51, ANIMATE))

    small, large = (_calls(with_lands(lands), monkeypatch) for lands in (5, 25))
    # (the engine remembers that the layer went one effect at a time: the second board is
    # asked in fewer calls, so the calls are compared one by one)
    assert max(call["may_aff"] for call in small) == max(call["may_aff"] for call in large) <= 2 * 2
    assert _total(small, "sensitive") > 0 and _total(large, "sensitive") > 0


def test_layer_6_in_a_group_chains_only_its_own_effects(monkeypatch: pytest.MonkeyPatch) -> None:
    # layers 5 and 6 in one call: each creature's chain is "white" (layer 5) then "flying"
    # (layer 6); layer 6's closed form pairs the flying step with itself only, not with the
    # color step before it (before: 2 upto/5 atoms a creature)
    st = state(*[creature(f"c{i}", i + 1) for i in range(5)], forest("l", 50),
               enchantment("w", 60, WHITE), enchantment("f", 61, FLYING))
    calls = _calls(st, monkeypatch)
    (group,) = [call for call in calls if call["upto"]]
    assert group["fold"] == 10
    assert group["upto"] == 5
