"""Generated games for cards the corpus sample found without one (pyengine.oracle.execute_order,
execute_alive): abilities triggering on the same event ordered by their controller (603.3b),
"up to N target" groups with different objects (115.3), the game of a triggered ability whose
card also has ward (702.21a) or a targeted "turned face up" ability (708.8), an activated
ability targeting a spell (115.1), a 0-toughness creature kept alive by its own count (704.5f,
613.4c), and a discard after cards returned to hand (701.9b)."""

from __future__ import annotations

import pytest
import yaml

from pyengine.oracle import execute_game as EG
from pyengine.oracle.execute import run_for
from pyengine.oracle.execute_order import spell_first, together
from tests.oracle.support import BUNDLED, full

pytestmark = BUNDLED


def _runs(name: str) -> None:
    # every paragraph recognised (full, or text-only as Strax's and Restless Bloodseeker's
    # activated ability): the corpus step samples such faces (pyengine.oracle.execute)
    from pyengine import oracle

    card = oracle.compiled(name)
    assert card is not None and not card.unrecognised, name
    for t in sorted({c.template for c in card.clauses if c.template}):
        ok, why = run_for(card, t)
        assert ok or why == "not a permanent card", (name, t, why)


def _game(name: str) -> dict:
    text = EG.game_text(full(name))
    assert text is not None, name
    return yaml.safe_load(text)


def test_two_enters_abilities_are_ordered_and_both_resolve() -> None:
    # Prison Realm: "exile target creature or planeswalker ..." and "scry 1" both trigger as it
    # enters (603.2); alice orders them (603.3b), the targeted one first: it resolves last (405.5)
    doc = _game("Prison Realm")
    script = doc["query"]["script"]
    assert {"order_triggers": {"alice": ["card:0", "card:1"]}} in script
    assert script.count("resolve") == 3  # the spell, then each ability
    assert doc["expect"]["checkpoints"]["done"]["objects"]["ogre"] == {"zone": "exile"}
    _runs("Prison Realm")
    _runs("Lassoed by the Law")


def test_up_to_three_targets_are_three_different_objects() -> None:
    # Barrier Breach: one word "target", so three different enchantments (115.3), each exiled
    doc = _game("Barrier Breach")
    targets = next(a["stack"]["targets"] for a in doc["query"]["script"] if isinstance(a, dict) and "stack" in a)
    assert len(set(targets)) == 3
    assert all(doc["expect"]["checkpoints"]["done"]["objects"][t] == {"zone": "exile"} for t in targets)
    _runs("Early Frost")


def test_an_activated_counterspell_targets_an_instant_bob_cast() -> None:
    # Glen Elendra Archmage: "Counter target noncreature spell": bob's Lightning Bolt is on the
    # stack (115.1, 117.1a: he casts it with priority in alice's turn)
    _runs("Glen Elendra Archmage")
    extra: list = []
    got = spell_first({"zone": "stack", "not_types": ["Creature"]}, extra)
    assert got is not None and got[1] == "bolt" and extra[0]["owner"] == "bob"
    # a creature spell of his isn't cast in her turn (307.1, 117.1a): no game
    assert spell_first({"zone": "stack", "types": ["Creature"]}, []) is None


def test_a_zero_toughness_creature_counting_mountains_has_one() -> None:
    # Molten Man: 0/0, +1/+1 for each Mountain alice controls; without one it would be put into
    # the graveyard at once (704.5f)
    doc = _game("Molten Man, Inferno Incarnate")
    kept = [o for o in doc["objects"] if "Mountain" in o.get("subtypes", ())]
    assert kept and kept[0]["controller"] == "alice" and "mana_cost" not in kept[0]
    _runs("Molten Man, Inferno Incarnate")


@pytest.mark.parametrize("name", ["Cackling Prowler", "Horde Ambusher", "Arcbound Condor", "Macabre Waltz",
                                  "Unstable Experiment", "Wort, Boggart Auntie", "Strax, Sontaran Nurse",
                                  "Soratami Savant", "Restless Bloodseeker"])
def test_cards_that_had_no_game_run(name: str) -> None:
    _runs(name)


def test_another_ability_needing_a_choice_makes_no_game() -> None:
    # "you may" in the other ability triggering on the same event: its choice isn't given
    first = {"trigger": {"when": {"kind": "enters", "obj": "self"}}, "do": []}
    other = {"trigger": {"when": {"kind": "enters", "obj": "self"}},
             "do": [{"kind": "may", "do": [{"kind": "draw", "player": "you"}]}]}
    card = full("Prison Realm")
    assert together(card, [first, other]) is None
    assert together(card, [first, {**other, "targets": [{"any": True}], "do": []}]) is None
    assert together(card, [first, {"trigger": {"when": {"kind": "dies", "obj": "self"}}, "do": []}]) == []


def test_one_ability_on_both_faces_is_one_definition_but_two_differing_ones_are_not() -> None:
    # Restless Bloodseeker // Bloodsoaked Reveler print the same end step ability creating a
    # Blood token: the faces' definitions differ only in the token ability's internal key
    from dataclasses import replace

    from pyengine.triggers.facts import _same_but_keys

    @__import__("dataclasses").dataclass(frozen=True)
    class D:
        key: str
        amount: int

    assert _same_but_keys(D("Restless Bloodseekertoken#text1", 1), D("Bloodsoaked Revelertoken#text1", 1))
    assert not _same_but_keys(D("a", 1), replace(D("a", 1), amount=2))


def test_an_x_ability_in_combat_is_paid_by_lands_for_x_too() -> None:
    # Ballista Squad: "{X}{W}, {T}: ... deals X damage to target attacking or blocking
    # creature." Activated in combat, its cost is paid by lands tapped then (106.4: the pool
    # empties between steps); X announced as 2 (107.3a) is paid as 2 generic mana (601.2f-h)
    text = EG.game_text(full("Ballista Squad"), "activated ability")
    assert text is not None and yaml.safe_load(text)["query"]["script"][2]["mana"]["tap"] == \
        ["combatland0", "combatland1", "combatland2"]
    ok, why = EG.run_game(full("Ballista Squad"), template="activated ability")
    assert ok, why


def test_a_sacrificed_creatures_targeted_death_trigger_gets_its_target() -> None:
    # Pus Kami: "{B}, Sacrifice this creature: Destroy target nonblack creature." and soulshift
    # 6 (702.46a: "When this creature dies, you may return target Spirit card with mana value 6
    # or less from your graveyard to your hand"): the sacrifice (701.21a) makes it die (700.4);
    # the trigger's target is chosen as it is put on the stack (603.3d), given ahead
    text = EG.game_text(full("Pus Kami"), "activated ability")
    assert text is not None and {"trigger_targets": {"card": ["grave4"]}} in yaml.safe_load(text)["query"]["script"]
    ok, why = EG.run_game(full("Pus Kami"), template="activated ability")
    assert ok, why
