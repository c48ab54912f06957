"""The replacement oracles: the work budget (over it, no answer; within it, the full
answer); their independence from the engine; their answers on cases the rules decide."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.oracles.entering_oracle import Card, EnterCase, Perm, Static
from tests.oracles.entering_oracle import outcomes as entering_outcomes
from tests.oracles.replacement_oracle import Case, OObj, Oracle, OracleBudgetExceeded, outcomes
from tests.properties.strategies_replacement import cases


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(cases(max_effects=3))
def test_the_budget_stops_the_search_or_changes_nothing(case: Case) -> None:
    full = Oracle(case)
    answer = full.run()
    needed = full.work
    assert outcomes(case, budget=needed) == answer
    if needed > 1:
        with pytest.raises(OracleBudgetExceeded):
            outcomes(case, budget=needed - 1)


# --- Independence: the oracles decide nothing through the engine ------------------------------

ORACLES = ("replacement_oracle.py", "entering_oracle.py", "protection_oracle.py")


@pytest.mark.parametrize("name", ORACLES)
def test_the_oracle_imports_nothing_from_the_engine(name: str) -> None:
    """Every import of a replacement oracle is the standard library or another oracle: the
    differential tests compare two independent implementations of CR 614-616."""
    path = Path(__file__).with_name(name)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            mods = [node.module or ""]
        else:
            continue
        for mod in mods:
            top = mod.split(".")[0]
            assert top in sys.stdlib_module_names or mod.startswith("tests.oracles."), \
                f"{name} imports {mod}"
            assert mod.split(".")[-1] in [n[:-3] for n in ORACLES] or top != "tests", mod


# --- The oracles on cases whose answers the rules and rulings give ---------------------------

def _counter_amounts(found: set) -> set[tuple[int, ...]]:
    return {tuple(sorted(e[3] for e in events if e[0] == "counters")) for events, *_ in found}


SCALES = Static("scales", "alice", "scales")
SEASON = Static("season", "alice", "season")
TRISK = Card("Triskelion", ("Artifact", "Creature"), (("counters", 3),))
CLONE = Card("Clone", ("Creature",), (("copy", ("Creature",)),))


def test_scales_and_season_on_an_entering_triskelion() -> None:
    """CR 616.1e, 614.1c: Triskelion's 3 counters; Scales then Season: 8, Season then Scales: 7."""
    case = EnterCase(("alice", "bob"), (), (SCALES, SEASON), "alice", "t", TRISK, "stack")
    assert _counter_amounts(entering_outcomes(case)) == {(7,), (8,)}


def test_counters_from_two_effects_are_one_event() -> None:
    """CR 614.1c, 616.1: Triskelion's 3 and Grumgully's 1 are put as it enters, in one event,
    so Hardened Scales adds one once: 5 counters in one event."""
    case = EnterCase(("alice", "bob"), (), (SCALES, Static("g", "alice", "grumgully")), "alice",
                     "t", TRISK, "stack")
    assert _counter_amounts(entering_outcomes(case)) == {(5,)}


def test_clone_copying_triskelion_under_gather_specimens() -> None:
    """CR 616.1b, 616.1c, 614.12, 707.5: bob's Clone enters under alice's control (Gather
    Specimens first), then may copy alice's Triskelion and enters with its 3 counters, plus
    alice's Scales' one (alice controls it as it enters); bob's Consuls taps it (a creature
    his opponent controls)."""
    case = EnterCase(("alice", "bob"), (Perm("t", "alice", TRISK),),
                     (Static("gs", "alice", "gather"), SCALES, Static("ac", "bob", "consuls")),
                     "bob", "c", CLONE, "stack")
    got = {tuple(e for e in events) for events, *_ in entering_outcomes(case)}
    enter = ("move", ("o", "c"), 1, "stack", "battlefield", "effect", None, ("p", "alice"))
    assert got == {
        (("counters", ("o", "c"), "+1/+1", 4, ("p", "alice"), "enters"),
         enter + (("o", "t"), True, "front", None)),
        (enter + (("o", "c"), True, "front", None),),
    }


def test_divine_visitation_and_anointed_procession() -> None:
    """CR 111.1, 616.1e: one Soldier token, Procession and Visitation in either order: 2 Angels."""
    soldier = Card("Soldier", ("Creature",))
    case = EnterCase(("alice", "bob"), (), (Static("dv", "alice", "visitation"),
                                            Static("ap", "alice", "procession")), "alice",
                     token=soldier)
    found = entering_outcomes(case)
    assert len(found) == 1
    (events, *_), = found
    assert [e[8] for e in events] == [("tokdef", "Angel")] * 2


def test_season_tokens_enter_separately_with_scales() -> None:
    """CR 616.1g: Season makes two Hydras; each enters with 1 counter, ordered on its own with
    Season and Scales: (3, 3), (3, 4) or (4, 4)."""
    hydra = Card("Hydra", ("Creature",), (("counters", 1),))
    case = EnterCase(("alice", "bob"), (), (SEASON, SCALES), "alice", token=hydra)
    assert _counter_amounts(entering_outcomes(case)) == {(3, 3), (3, 4), (4, 4)}


def _damage_case(protection: tuple[str, ...], source: OObj) -> Case:
    knight = OObj("k", "alice", "alice", types=("Creature",), colors=("white",), protection=protection)
    return Case(("alice", "bob"), {"alice": 20, "bob": 20}, {"alice": 5, "bob": 5}, (knight, source),
                (("damage", {"source": ("o", source.id), "target": ("o", "k"), "amount": 3,
                             "combat": False}),), ())


@pytest.mark.parametrize("quality,prevented", [
    ("red", True), ("green", False), ("legendary", True), ("bob", True), ("alice", False),
    ("everything", True), ("creatures", True), ("artifacts", False)])
def test_protection_qualities(quality: str, prevented: bool) -> None:
    """CR 702.16a, 702.16e, 702.16j, 702.16k: bob's legendary red creature deals 3 damage to a
    creature with protection from a quality."""
    src = OObj("s", "bob", "bob", types=("Creature",), colors=("red",), supertypes=("Legendary",))
    found = outcomes(_damage_case((quality,), src))
    dealt = {events for events, *_ in found}
    assert dealt == ({()} if prevented else {(("damage", ("o", "s"), ("o", "k"), 3, False),)})
