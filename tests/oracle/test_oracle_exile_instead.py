"""A spell's "if ... would die this turn, exile it instead" (CR 614.1a, 611.2a, 700.4, 514.2),
on real cards (the pyengine[cards] extra, skipped without it): Magma Spray, Lava Coil and
Obliterating Bolt on their one target, Ob Nixilis's Cruelty beside its -5/-5, Anger of the Gods
and Pillar of Flame on what their damage was dealt to. Answers come from the rules: the
replacement exiles the permanent instead of putting it into a graveyard, so it doesn't die (no
"dies" trigger, 603.6c); it lasts the turn, then ends (514.2); it affects only what it names
(a creature whose damage was prevented wasn't dealt damage, 615.1, 702.16e; a player isn't a
creature)."""

from __future__ import annotations

from typing import Any

from pyengine import oracle
from tests.oracle import support

pytestmark = support.BUNDLED

EXILE = {"event": {"kind": "dies", "object": "affected"}, "to": "exile"}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1}
GIANT = {"id": "giant", "card": "Hill Giant", "controller": "bob", "timestamp": 2}
MANA = [{"id": "alice", "hand_size": 2, "library_size": 10, "mana": "{3}{R}{R}{R}"},
        {"id": "bob", "library_size": 10}]


def _cast(card: str, oid: str, targets: tuple[str, ...] = ()) -> dict[str, Any]:
    more = {"targets": list(targets)} if targets else {}
    return {"stack": {"card": card, "id": oid, "controller": "alice", **more}}


def _destroy(*ids: str) -> dict[str, Any]:
    return {"events": [{"kind": "destroy", "object": oid} for oid in ids]}


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], cr: str) -> None:
    ok, why = support.game(objects, [*script, {"checkpoint": "x"}], {"checkpoints": {"x": expect}},
                           cr=cr, players=MANA)
    assert ok, why


# --- compiled forms --------------------------------------------------------------------------

def test_that_creature_is_the_spells_one_target() -> None:
    for name in ("Magma Spray", "Lava Coil", "Obliterating Bolt", "Elspeth's Smite"):
        card = support.full(name).card
        assert card["resolves"] == {"replace": EXILE}, name
        assert len(card["casting"]["targets"]) == 1


def test_a_pump_on_the_target_and_the_replacement_are_one_effect() -> None:
    card = support.full("Ob Nixilis's Cruelty").card
    assert card["resolves"] == {"modify_pt": {"power": -5, "toughness": -5}, "replace": EXILE}


def test_dealt_damage_this_way_names_the_damaged_creatures_or_permanents() -> None:
    anger = support.full("Anger of the Gods").card
    assert anger["resolves"] == {"replace": EXILE, "dealt_damage": {"types": ["Creature"]}}
    assert "casting" not in anger
    pillar = support.full("Pillar of Flame").card
    assert pillar["resolves"]["dealt_damage"] == {"types": ["Creature"]}
    assert pillar["casting"]["targets"][0]["what"]["players"] is True  # "any target" (115.4)
    hazard = support.full("Spikefield Hazard").card
    assert hazard["resolves"]["dealt_damage"] == {}  # "a permanent dealt damage this way"


def test_wordings_not_followed_stay_text() -> None:
    # a whole turn's group replacement beside -2/-2 (Flaying Tendrils); "if it's a creature, it
    # can't be regenerated this turn, and ..." (Disintegrate); two targets (Burn the Accursed's
    # "and 2 damage to that creature's controller" names a player too); a fight's second creature
    for name, words in (("Flaying Tendrils", "If a creature would die this turn"),
                        ("Disintegrate", "can't be regenerated this turn"),
                        ("Unnatural Aggression", "the creature an opponent controls")):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full", name
        assert any(words in c.text and "(text)" in (c.template or "") for c in got.clauses), name


# --- games -----------------------------------------------------------------------------------

def test_the_target_killed_is_exiled_and_doesnt_die() -> None:
    # 614.1a: exiled instead of put into the graveyard; 700.4, 603.6c: it didn't die, so Doomed
    # Traveler's "when this creature dies" ability doesn't trigger (the stack stays empty)
    traveler = {"id": "traveler", "card": "Doomed Traveler", "controller": "bob", "timestamp": 1}
    _run([traveler], [_cast("Magma Spray", "spray", ("traveler",)), "resolve"],
         {"stack": [], "objects": {"traveler": {"zone": "exile"}, "spray": {"zone": "graveyard"}}}, "614.1a")


def test_the_replacement_lasts_the_turn_and_names_only_its_target() -> None:
    # Magma Spray's 2 damage leaves Hill Giant (3/3) alive; destroyed later this turn, it is
    # exiled (611.2a: the effect lasts "this turn"); the Bears, not its target, go to the graveyard
    _run([BEARS, GIANT], [_cast("Magma Spray", "spray", ("giant",)), "resolve", _destroy("giant", "bears")],
         {"objects": {"giant": {"zone": "exile"}, "bears": {"zone": "graveyard"}}}, "611.2a")


def test_the_replacement_ends_in_the_cleanup_step() -> None:
    # 514.2: "this turn" ends in the cleanup step; destroyed in bob's turn 4, it dies
    _run([GIANT], [_cast("Magma Spray", "spray", ("giant",)), "resolve",
                   {"advance": {"step": "upkeep", "turn": 4}}, _destroy("giant")],
         {"objects": {"giant": {"zone": "graveyard"}}}, "514.2")


def test_toughness_zero_from_the_same_effect_is_replaced() -> None:
    # 704.5f puts a 0-toughness creature into its owner's graveyard: that is dying, replaced
    _run([GIANT], [_cast("Ob Nixilis's Cruelty", "cruelty", ("giant",)), "resolve"],
         {"objects": {"giant": {"zone": "exile"}}}, "704.5f")


def test_each_creature_dealt_damage_this_way() -> None:
    # Anger of the Gods: 3 damage to each creature; the Bears die and are exiled (614.1a); a
    # creature with protection from red (Paladin en-Vec) is dealt none (702.16e, 615.1): destroyed
    # later this turn, it goes to the graveyard
    paladin = {"id": "paladin", "card": "Paladin en-Vec", "controller": "bob", "timestamp": 3}
    _run([BEARS, paladin], [_cast("Anger of the Gods", "anger"), "resolve", _destroy("paladin")],
         {"objects": {"bears": {"zone": "exile"}, "paladin": {"zone": "graveyard"}}}, "702.16e")


def test_a_survivor_dealt_damage_this_way_is_exiled_later() -> None:
    # Lava Coil-style lock-in (611.2c) with no target: Yamabushi's Storm deals 1 to each creature;
    # Hill Giant survives it and is destroyed later this turn: exiled
    _run([GIANT], [_cast("Yamabushi's Storm", "storm"), "resolve", _destroy("giant")],
         {"objects": {"giant": {"zone": "exile"}}}, "611.2c")


def test_a_player_dealt_damage_leaves_no_creature_affected() -> None:
    # Pillar of Flame at bob: bob is dealt 2 damage; no creature was dealt damage this way, so
    # the Bears destroyed later this turn die (700.4)
    _run([BEARS], [_cast("Pillar of Flame", "pillar", ("bob",)), "resolve", _destroy("bears")],
         {"life": {"bob": 18}, "objects": {"bears": {"zone": "graveyard"}}}, "120.3")
