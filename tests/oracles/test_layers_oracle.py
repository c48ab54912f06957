"""Unit tests of the brute-force layer oracle on hand-written cases whose answers come from the
Comprehensive Rules (the examples of CR 613 and well-known rulings), not from running code."""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from pyengine.model.objects import GameState
from pyengine.scenario.loader import load_text
from tests.oracles.layers_oracle import characteristics
from tests.oracles.layers_oracle_players import players

HUMILITY = """
  - id: humility
    name: Humility
    mana_cost: "{2}{W}{W}"
    types: [Enchantment]
    controller: alice
    timestamp: @TS@
    abilities:
      - text: All creatures lose all abilities and have base power and toughness 1/1.
        static: {affects: {types: [Creature]}, lose_all_abilities: true,
                 set_pt: {power: 1, toughness: 1}}
"""
OPALESCENCE = """
  - id: opalescence
    name: Opalescence
    mana_cost: "{2}{W}{W}"
    types: [Enchantment]
    controller: alice
    timestamp: @TS@
    abilities:
      - text: Each other non-Aura enchantment is a creature in addition to its other types
          and has base power and base toughness each equal to its mana value.
        static:
          affects: {types: [Enchantment], not_subtypes: [Aura], other: true}
          add_types: [Creature]
          set_pt: {power: {mana_value_of: it}, toughness: {mana_value_of: it}}
"""
BLOOD_MOON = """
  - id: moon
    name: Blood Moon
    mana_cost: "{2}{R}"
    types: [Enchantment]
    controller: bob
    timestamp: @TS@
    abilities:
      - text: Nonbasic lands are Mountains.
        static: {affects: {types: [Land], not_supertypes: [Basic]}, set_subtypes: [Mountain]}
"""
URBORG = """
  - id: urborg
    name: Urborg, Tomb of Yawgmoth
    types: [Land]
    supertypes: [Legendary]
    controller: alice
    timestamp: @TS@
    abilities:
      - text: Each land is a Swamp in addition to its other land types.
        static: {affects: {types: [Land]}, add_subtypes: [Swamp]}
"""
PLAINS = """
  - {id: plains, name: Plains, types: [Land], supertypes: [Basic], subtypes: [Plains],
     controller: bob, timestamp: 9}
"""
BEARS = """
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 8}
"""


def at(template: str, ts: int) -> str:
    """A card template with its timestamp filled in."""
    return template.replace("@TS@", str(ts))


def state(*objects: str, effects: str = "") -> GameState:
    """A game state from scenario-style YAML list items: objects, then resolved effects."""
    head = textwrap.dedent("""\
        id: oracle/unit
        title: oracle unit case
        cr: ["613.1"]
        rationale: unit test of the oracle
        players: [alice, bob]
        turn: {active: alice}
        """)
    body = "objects:\n" + "".join(textwrap.dedent(o).strip("\n") + "\n" for o in objects)
    body += (
        ("effects:\n" + textwrap.dedent(effects).strip("\n") + "\n") if effects.strip() else "effects: []\n"
    )
    return load_text(head + body + "query: {kind: characteristics, objects: []}\nexpect: {}\n").state


def pt(chars: dict[str, dict[str, Any]], oid: str) -> tuple[object, object]:
    """(power, toughness) of an object."""
    return chars[oid]["power"], chars[oid]["toughness"]


# --- CR 613.4 / 613.5 examples ------------------------------------------------------------


def test_613_5_gray_ogre_setting_applies_before_modifications() -> None:
    """CR 613.5 example: counter (7c), +4/+4 (7c), +0/+2 anthem (7c), becomes 0/1 (7b,
    latest) -> 5/8."""
    s = state(
        """
      - {id: ogre, name: Gray Ogre, mana_cost: "{2}{R}", types: [Creature], subtypes: [Ogre],
         power: 2, toughness: 2, controller: alice, timestamp: 1, counters: {"+1/+1": 1}}
      - id: ench
        name: Anthem
        types: [Enchantment]
        controller: alice
        timestamp: 3
        abilities:
          - text: Creatures you control get +0/+2.
            static: {affects: {types: [Creature], controller: you}, modify_pt: {power: 0, toughness: 2}}
    """,
        effects="""
      - {id: grow, controller: alice, timestamp: 2, affected: [ogre], modify_pt: {power: 4, toughness: 4}}
      - {id: shrink, controller: alice, timestamp: 4, affected: [ogre], set_pt: {power: 0, toughness: 1}}
    """,
    )
    assert pt(characteristics(s), "ogre") == (5, 8)


@pytest.mark.parametrize(
    "effects, expected",
    [
        ("+0/+1 then switch", (4, 1)),
        ("+0/+1, switch, +5/+0", (4, 6)),
        ("+0/+1, switch, switch", (1, 4)),
    ],
    ids=["one-switch", "modify-after-switch", "two-switches"],
)
def test_613_4d_switch_examples(effects: str, expected: tuple[int, int]) -> None:
    """CR 613.4d examples with a 1/3 creature."""
    lines = [
        "- {id: e1, controller: alice, timestamp: 2, affected: [c], modify_pt: {power: 0, toughness: 1}}",
        "- {id: e2, controller: alice, timestamp: 3, affected: [c], switch_pt: true}",
    ]
    if "+5/+0" in effects:
        lines.append(
            "- {id: e3, controller: alice, timestamp: 4, affected: [c], modify_pt: {power: 5, toughness: 0}}"
        )
    if effects.endswith("switch, switch"):
        lines.append("- {id: e3, controller: alice, timestamp: 4, affected: [c], switch_pt: true}")
    s = state(
        """
      - {id: c, name: C, types: [Creature], power: 1, toughness: 3, controller: alice, timestamp: 1}
    """,
        effects="\n".join(lines) + "\n",
    )
    assert pt(characteristics(s), "c") == expected


HONOR = """
  - id: honor
    name: Honor of the Pure
    mana_cost: "{1}{W}"
    types: [Enchantment]
    controller: alice
    timestamp: 5
    abilities:
      - text: White creatures you control get +1/+1.
        static: {affects: {types: [Creature], colors: [white], controller: you},
                 modify_pt: {power: 1, toughness: 1}}
"""


@pytest.mark.parametrize(
    "color, ts, expected",
    [
        ("white", 6, (3, 3)),
        ("white", 2, (3, 3)),
        ("red", 6, (2, 2)),
        (None, 0, (2, 2)),
    ],
    ids=["turned-white-later", "turned-white-earlier", "turned-red", "black"],
)
def test_613_5_and_613_9_honor_of_the_pure_reads_color_after_layer_5(
    color: str | None, ts: int, expected: tuple[int, int]
) -> None:
    """CR 613.5 and 613.9 examples: the color set in layer 5 decides what the layer-7c anthem
    applies to, whatever the timestamps."""
    effects = ""
    if color:
        effects = (
            f"- {{id: paint, controller: alice, timestamp: {ts}, affected: [c], set_colors: [{color}]}}\n"
        )
    s = state(
        """
      - {id: c, name: C, mana_cost: "{1}{B}", types: [Creature], power: 2, toughness: 2,
         controller: alice, timestamp: 1}
    """,
        HONOR,
        effects=effects,
    )
    assert pt(characteristics(s), "c") == expected


def test_613_9_flying_and_loses_flying_apply_in_timestamp_order() -> None:
    """CR 613.9 example: neither depends on the other; the later one wins."""
    for gain_ts, lose_ts, has in ((2, 3, False), (3, 2, True)):
        s = state(
            """
          - {id: c, name: C, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 1}
        """,
            effects=f"""
          - {{id: gain, controller: alice, timestamp: {gain_ts}, affected: [c], add_abilities: [flying]}}
          - {{id: lose, controller: alice, timestamp: {lose_ts}, affected: [c], remove_abilities: [flying]}}
        """,
        )
        assert ("flying" in characteristics(s)["c"]["abilities"]) is has


# --- Blood Moon and Urborg (CR 613.8a existence, 305.7) -------------------------------------


@pytest.mark.parametrize("moon_ts, urborg_ts", [(1, 2), (2, 1)], ids=["moon-first", "urborg-first"])
def test_613_8a_urborg_depends_on_blood_moon(moon_ts: int, urborg_ts: int) -> None:
    """Blood Moon removes Urborg's ability (CR 305.7) so Urborg's effect depends on it
    (613.8a: its existence changes) and never applies, in either timestamp order."""
    s = state(at(BLOOD_MOON, moon_ts), at(URBORG, urborg_ts), PLAINS)
    c = characteristics(s)
    assert c["urborg"]["subtypes"] == ("Mountain",)
    assert c["urborg"]["abilities"] == ("{T}: Add {R}",)
    assert c["urborg"]["supertypes"] == ("Legendary",)
    assert c["urborg"]["types"] == ("Land",)
    assert c["plains"]["subtypes"] == ("Plains",)
    assert c["plains"]["abilities"] == ("{T}: Add {W}",)


def test_305_7_urborg_alone_adds_swamp_and_its_mana_ability() -> None:
    """CR 305.7 last sentence: a land that gains a land type keeps its own and gains the mana
    ability of the new one."""
    c = characteristics(state(at(URBORG, 1), PLAINS))
    assert c["plains"]["subtypes"] == ("Plains", "Swamp")
    assert c["plains"]["abilities"] == ("{T}: Add {B}", "{T}: Add {W}")
    assert c["urborg"]["subtypes"] == ("Swamp",)


def test_305_7_blood_moon_keeps_abilities_granted_by_other_effects() -> None:
    """CR 305.7: setting the land type removes rules-text abilities, not granted ones (the
    grant applies in layer 6, after layer 4)."""
    s = state(
        at(BLOOD_MOON, 1),
        """
      - {id: vault, name: Vault, types: [Land], controller: alice, timestamp: 2,
         abilities: [{text: "{T}: Add {C}{C}."}]}
    """,
        effects="""
      - {id: g, controller: alice, timestamp: 3, affected: [vault], add_abilities: [shroud]}
    """,
    )
    assert characteristics(s)["vault"]["abilities"] == ("shroud", "{T}: Add {R}")


def test_205_1a_set_type_drops_land_types_and_their_mana_ability() -> None:
    """CR 205.1a, 305.6: a Forest that is only an artifact has no Forest subtype nor {T}: Add {G}."""
    s = state(
        """
      - {id: f, name: Forest, types: [Land], supertypes: [Basic], subtypes: [Forest],
         controller: alice, timestamp: 1}
    """,
        effects="""
      - {id: e, controller: alice, timestamp: 2, affected: [f], set_types: [Artifact]}
    """,
    )
    c = characteristics(s)["f"]
    assert (c["types"], c["subtypes"], c["abilities"], c["supertypes"]) == (("Artifact",), (), (), ("Basic",))


def test_205_3d_cannot_gain_a_subtype_of_a_type_it_lacks() -> None:
    """CR 205.3d: a noncreature artifact can't become a Goblin; a Goblin artifact creature can."""
    s = state(
        """
      - {id: a, name: Relic, types: [Artifact], controller: alice, timestamp: 1}
      - {id: b, name: Golem, types: [Artifact, Creature], power: 3, toughness: 3, controller: alice,
         timestamp: 2}
    """,
        effects="""
      - {id: e, controller: alice, timestamp: 3, affected: [a, b], add_subtypes: [Goblin]}
    """,
    )
    c = characteristics(s)
    assert c["a"]["subtypes"] == () and c["b"]["subtypes"] == ("Goblin",)


# --- Humility and Opalescence (CR 613.6 lock-in, timestamps in 7b) ----------------------------


def _humility_opalescence(humility_ts: int, opal_ts: int) -> dict[str, dict[str, Any]]:
    anthem = "  - {id: anthem, card: Glorious Anthem, controller: alice, timestamp: 7}\n"
    flyer = """
  - {id: flyer, name: Flyer, types: [Creature], power: 3, toughness: 3, controller: bob,
     timestamp: 6, abilities: [flying]}
"""
    return characteristics(state(at(HUMILITY, humility_ts), at(OPALESCENCE, opal_ts), anthem, BEARS, flyer))


def test_humility_then_opalescence() -> None:
    """Humility earlier: Opalescence makes Humility a 4/4 creature (layer 4); Humility removes
    every creature's abilities, its own included, but keeps applying (613.6); in 7b Humility's
    1/1 applies first and Opalescence's mana-value P/T later, so enchantment creatures have P/T
    equal to their mana value and other creatures are 1/1."""
    c = _humility_opalescence(1, 2)
    assert pt(c, "humility") == (4, 4) and c["humility"]["abilities"] == ()
    assert c["humility"]["types"] == ("Creature", "Enchantment")
    assert pt(c, "anthem") == (3, 3) and c["anthem"]["abilities"] == ()
    assert pt(c, "bears") == (1, 1) and pt(c, "flyer") == (1, 1) and c["flyer"]["abilities"] == ()
    assert c["opalescence"]["types"] == ("Enchantment",) and pt(c, "opalescence") == (None, None)
    assert len(c["opalescence"]["abilities"]) == 1


def test_opalescence_then_humility() -> None:
    """Opalescence earlier: in 7b its mana-value P/T applies first and Humility's 1/1 last, so
    every creature, Humility included, is 1/1 with no abilities."""
    c = _humility_opalescence(2, 1)
    for oid in ("humility", "anthem", "bears", "flyer"):
        assert pt(c, oid) == (1, 1) and c[oid]["abilities"] == (), oid


# --- Dependency loop (CR 613.8b) and dependency order -------------------------------------------

LOOP = """
  - id: a
    name: Grounding
    types: [Enchantment]
    controller: alice
    timestamp: @A@
    abilities:
      - text: Creatures with flying lose vigilance.
        static: {affects: {types: [Creature], abilities: [flying]}, remove_abilities: [vigilance]}
  - id: b
    name: Lifting
    types: [Enchantment]
    controller: alice
    timestamp: @B@
    abilities:
      - text: Creatures with vigilance have flying.
        static: {affects: {types: [Creature], abilities: [vigilance]}, add_abilities: [flying]}
"""
CREATURE = (
    "- {id: @ID@, name: C, types: [Creature], power: 2, toughness: 2, controller: alice,"
    " timestamp: @TS@, abilities: @AB@}"
)


def creature(oid: str, ts: int, abilities: str) -> str:
    """A vanilla 2/2 with the given abilities list."""
    return CREATURE.replace("@ID@", oid).replace("@TS@", str(ts)).replace("@AB@", abilities)


@pytest.mark.parametrize(
    "a_ts, b_ts, expected",
    [
        (2, 3, ("flying", "vigilance")),
        (3, 2, ("flying",)),
    ],
    ids=["remover-first", "granter-first"],
)
def test_613_8b_dependency_loop_applies_in_timestamp_order(
    a_ts: int, b_ts: int, expected: tuple[str, ...]
) -> None:
    """c3 has flying and vigilance: applying the remover takes c3 out of the granter's set, and
    applying the granter puts c1 into the remover's set, so each depends on the other (613.8a):
    a loop, applied in timestamp order (613.8b). c1 keeps vigilance only if the remover is
    first."""
    s = state(
        LOOP.replace("@A@", str(a_ts)).replace("@B@", str(b_ts)),
        creature("c1", 10, "[vigilance]"),
        creature("c3", 11, "[flying, vigilance]"),
    )
    c = characteristics(s)
    assert c["c1"]["abilities"] == expected
    assert c["c3"]["abilities"] == ("flying",)


@pytest.mark.parametrize("a_ts, b_ts", [(2, 3), (3, 2)], ids=["remover-first", "granter-first"])
def test_613_8a_dependency_is_judged_on_the_current_state(a_ts: int, b_ts: int) -> None:
    """With only a vigilant creature, the remover applies to nothing yet: applying it changes
    nothing for the granter, while applying the granter changes the remover's set. So the
    remover depends on the granter (no loop) and waits: the creature ends with flying only."""
    s = state(LOOP.replace("@A@", str(a_ts)).replace("@B@", str(b_ts)), creature("c1", 10, "[vigilance]"))
    assert characteristics(s)["c1"]["abilities"] == ("flying",)


def test_613_8a_static_type_change_before_static_subtype_change() -> None:
    """A static "creatures are Golems" depends on the later-timestamped "artifacts are
    creatures" (applying it changes what the first applies to, 613.8a) and waits for it."""
    s = state("""
      - {id: rock, name: Rock, types: [Artifact], controller: alice, timestamp: 1, power: 1, toughness: 1}
      - id: g
        name: Golemize
        types: [Enchantment]
        controller: alice
        timestamp: 2
        abilities:
          - {text: Creatures are Golems., static: {affects: {types: [Creature]}, add_subtypes: [Golem]}}
      - id: m
        name: March
        types: [Enchantment]
        controller: alice
        timestamp: 3
        abilities:
          - {text: Artifacts are creatures., static: {affects: {types: [Artifact]}, add_types: [Creature]}}
    """)
    assert characteristics(s)["rock"]["subtypes"] == ("Golem",)


def test_613_8_layer_2_control_magic_follows_its_controller() -> None:
    """Gaining control of a Control Magic changes what its layer-2 effect does ("you"), so the
    Aura's effect depends on the later control change and the creature goes to the Aura's new
    controller."""
    s = state(
        """
      - {id: x, card: Grizzly Bears, owner: bob, controller: bob, timestamp: 1}
      - id: cm
        name: Control Magic
        types: [Enchantment]
        subtypes: [Aura]
        controller: alice
        timestamp: 2
        attached_to: x
        abilities:
          - {text: You control enchanted creature., static: {affects: enchanted, control: you}}
    """,
        effects="""
      - {id: steal, controller: bob, timestamp: 3, affected: [cm], control: you}
    """,
    )
    c = characteristics(s)
    assert c["cm"]["controller"] == "bob" and c["x"]["controller"] == "bob"


def test_613_8c_anthem_with_power_selector_waits_for_plus_one_counters() -> None:
    """ "Creatures with power 2 or less get +1/+1" depends on a +1/+1 counter in 7c (applying
    the counter changes what it applies to)."""
    s = state("""
      - id: e
        name: Underdog
        types: [Enchantment]
        controller: alice
        timestamp: 1
        abilities:
          - text: Creatures with power 2 or less get +1/+1.
            static: {affects: {types: [Creature], power: {lte: 2}}, modify_pt: {power: 1, toughness: 1}}
      - {id: c, name: C, types: [Creature], power: 2, toughness: 2, controller: alice,
         timestamp: 2, counters: {"+1/+1": 1}}
    """)
    assert pt(characteristics(s), "c") == (3, 3)


# --- CR 613.6 lock-in ------------------------------------------------------------------------

ANIMATOR = """
  - id: animator
    name: Animator
    types: [Creature]
    power: 1
    toughness: 1
    controller: alice
    timestamp: 1
    abilities:
      - text: Noncreature artifacts are 3/3 artifact creatures.
        static: {affects: {types: [Artifact], not_types: [Creature]}, add_types: [Creature],
                 set_pt: {power: 3, toughness: 3}}
      - text: Other creatures get +1/+1.
        static: {affects: {types: [Creature], other: true}, modify_pt: {power: 1, toughness: 1}}
  - {id: rock, name: Rock, types: [Artifact], controller: alice, timestamp: 2}
"""


def test_613_6_effect_keeps_its_set_in_later_layers() -> None:
    """CR 613.6 example: "noncreature artifacts become 3/3 artifact creatures" sets P/T in 7b
    for the artifact although it is a creature after layer 4."""
    c = characteristics(state(ANIMATOR))
    assert c["rock"]["types"] == ("Artifact", "Creature") and pt(c, "rock") == (4, 4)


def test_613_6_started_effect_survives_ability_removal_unstarted_one_does_not() -> None:
    """The Animator loses its abilities in layer 6: the type-and-P/T effect started in layer 4
    and keeps applying in 7b; the +1/+1 effect (7c only) had not started and never applies."""
    c = characteristics(
        state(
            ANIMATOR,
            effects="""
      - {id: frog, controller: bob, timestamp: 3, affected: [animator], lose_all_abilities: true}
    """,
        )
    )
    assert pt(c, "rock") == (3, 3) and c["animator"]["abilities"] == ()


def test_611_2c_resolved_effect_keeps_its_locked_set() -> None:
    """CR 611.2c: a resolved effect applies to the set fixed at resolution even if a later
    effect makes other objects match what its text describes."""
    c = characteristics(
        state(
            """
      - {id: c1, card: Grizzly Bears, controller: alice, timestamp: 1}
      - {id: a, name: Rock, types: [Artifact], controller: alice, timestamp: 2}
    """,
            effects="""
      - {id: pump, controller: alice, timestamp: 3, affected: [c1], modify_pt: {power: 2, toughness: 2}}
      - {id: animate, controller: alice, timestamp: 4, affected: [a], add_types: [Creature],
         set_pt: {power: 1, toughness: 1}}
    """,
        )
    )
    assert pt(c, "c1") == (4, 4) and pt(c, "a") == (1, 1)


# --- CDAs, face-down, copy, can't have -------------------------------------------------------


def test_613_3_cda_applies_before_earlier_timestamped_effects() -> None:
    """CR 613.3: a color-defining CDA applies first in layer 5, so an earlier "becomes blue"
    still wins."""
    c = characteristics(
        state(
            """
      - {id: d, name: Dryad, types: [Creature], power: 1, toughness: 1, controller: alice, timestamp: 2,
         abilities: [{text: Dryad is green., cda: {set_colors: [green]}}]}
    """,
            effects="""
      - {id: blue, controller: alice, timestamp: 1, affected: [d], set_colors: [blue]}
    """,
        )
    )
    assert c["d"]["colors"] == ("blue",)


def test_604_3_cda_works_in_every_zone_tarmogoyf() -> None:
    """A Tarmogoyf-style CDA counts card types among cards in graveyards, in 7a, in any zone."""
    c = characteristics(
        state("""
      - id: goyf
        name: Goyf
        types: [Creature]
        controller: alice
        zone: graveyard
        abilities:
          - text: Goyf's power is the number of card types among cards in all graveyards,
              toughness that plus 1.
            cda:
              set_pt:
                power: {card_types_among: {zone: graveyard}}
                toughness: {sum: [{card_types_among: {zone: graveyard}}, 1]}
      - {id: bolt, name: Bolt, types: [Instant], controller: alice, zone: graveyard}
      - {id: dude, name: Dude, types: [Artifact, Creature], power: 1, toughness: 1, owner: bob,
         zone: graveyard}
    """)
    )
    assert pt(c, "goyf") == (3, 4)


def test_708_2a_face_down_is_a_nameless_2_2_creature() -> None:
    """CR 708.2a."""
    c = characteristics(
        state("""
      - {id: m, card: Glorious Anthem, controller: alice, timestamp: 1, face_down: true}
      - {id: b, card: Grizzly Bears, controller: alice, timestamp: 2}
    """)
    )
    assert c["m"] == {
        "name": "",
        "mana_value": 0,
        "colors": (),
        "types": ("Creature",),
        "subtypes": (),
        "supertypes": (),
        "abilities": (),
        "power": 2,
        "toughness": 2,
        "loyalty": None,
        "defense": None,
        "controller": "alice",
    }
    assert pt(c, "b") == (2, 2)  # the face-down Anthem has no abilities


def test_707_2_copy_takes_copiable_values_and_keeps_counters() -> None:
    """CR 707.2: a copy gets the original's copiable values (not its counters or other
    effects); the copy's own counters still apply."""
    c = characteristics(
        state(
            """
      - {id: angel, name: Angel, mana_cost: "{3}{W}{W}", types: [Creature], subtypes: [Angel], power: 4,
         toughness: 4, controller: alice, timestamp: 1, abilities: [flying], counters: {"+1/+1": 1}}
      - {id: b, card: Grizzly Bears, controller: bob, timestamp: 2, counters: {"+1/+1": 2}}
    """,
            effects="""
      - {id: pump, controller: bob, timestamp: 3, affected: [b], add_abilities: [trample]}
      - {id: clone, controller: alice, timestamp: 4, affected: [angel], copy: b}
    """,
        )
    )
    assert c["angel"]["name"] == "Grizzly Bears" and c["angel"]["subtypes"] == ("Bear",)
    assert pt(c, "angel") == (3, 3) and c["angel"]["abilities"] == () and c["angel"]["colors"] == ("green",)
    assert c["angel"]["mana_value"] == 2


@pytest.mark.parametrize("cx,cy,x_is", [(4, 5, "Y"), (5, 4, "Z")], ids=["x_first", "y_first"])
def test_707_2b_a_copy_gives_what_the_original_was_when_it_began(cx: int, cy: int, x_is: str) -> None:
    """X copies Y (effect cx) and Y copies Z (cy). X copied first: it keeps Y's values as they
    were then (CR 707.2b), so X is Y while Y is Z (this test said the opposite before
    2026-11-30, when copies were read anew in layer 1). Y copied first: Y's copiable values
    were already Z's, as modified by its copy effect (707.2), so X is Z."""
    c = characteristics(
        state(
            """
      - {id: x, name: X, types: [Creature], power: 1, toughness: 1, controller: alice, timestamp: 1}
      - {id: y, name: Y, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 2}
      - {id: z, name: Z, types: [Artifact], controller: alice, timestamp: 3}
    """,
            effects=f"""
      - {{id: cx, controller: alice, timestamp: {cx}, affected: [x], copy: y}}
      - {{id: cy, controller: alice, timestamp: {cy}, affected: [y], copy: z}}
    """,
        )
    )
    assert c["y"]["name"] == "Z" and c["y"]["types"] == ("Artifact",) and pt(c, "y") == (None, None)
    if x_is == "Y":
        assert c["x"]["name"] == "Y" and c["x"]["types"] == ("Creature",) and pt(c, "x") == (2, 2)
    else:
        assert c["x"]["name"] == "Z" and c["x"]["types"] == ("Artifact",) and pt(c, "x") == (None, None)


def test_613_1f_cant_have_blocks_later_grants() -> None:
    """CR 613.1f: "can't have flying" also stops a later-timestamped grant and a keyword counter."""
    c = characteristics(
        state(
            """
      - {id: c, name: C, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 1,
         counters: {flying: 1}}
    """,
            effects="""
      - {id: deny, controller: alice, timestamp: 2, affected: [c], cant_have: [flying]}
      - {id: grant, controller: alice, timestamp: 3, affected: [c], add_abilities: [flying, haste]}
    """,
        )
    )
    assert c["c"]["abilities"] == ("haste",)


def test_122_1b_keyword_counter_gives_the_keyword() -> None:
    """CR 122.1b, 613.1f."""
    c = characteristics(
        state("""
      - {id: c, name: C, types: [Creature], power: 2, toughness: 2, controller: alice, timestamp: 1,
         counters: {flying: 1, "-1/-1": 1}}
    """)
    )
    assert c["c"]["abilities"] == ("flying",) and pt(c, "c") == (1, 1)


def test_208_3_noncreature_permanent_has_no_power() -> None:
    """CR 208.3: a Vehicle with printed P/T that is not a creature has none."""
    c = characteristics(
        state("""
      - {id: v, name: Cart, types: [Artifact], subtypes: [Vehicle], power: 3, toughness: 2,
         controller: alice, timestamp: 1}
    """)
    )
    assert pt(c, "v") == (None, None)


def test_613_7a_granted_static_ability_applies_with_the_later_timestamp() -> None:
    """A granted "this creature gets +1/+1" ability's effect exists once granted (layer 6) and
    applies in 7c."""
    c = characteristics(
        state(
            """
      - {id: c, card: Grizzly Bears, controller: alice, timestamp: 1}
    """,
            effects="""
      - id: g
        controller: alice
        timestamp: 2
        affected: [c]
        add_abilities:
          - {text: This creature gets +1/+1., static: {affects: self, modify_pt: {power: 1, toughness: 1}}}
    """,
        )
    )
    assert pt(c, "c") == (3, 3) and c["c"]["abilities"] == ("This creature gets +1/+1.",)


# --- Cases where the engine once disagreed (answers from the rules) -------------------------


def test_208_5_creature_without_power_has_0_and_counters_modify_it() -> None:
    """CR 208.5: a creature with no power/toughness value has 0; a +1/+1 counter (7c) makes it
    1/1 (an enchantment that becomes a creature with no P/T set)."""
    c = characteristics(
        state(
            """
      - {id: e, name: E, types: [Enchantment], controller: alice, timestamp: 1, counters: {"+1/+1": 1}}
      - {id: f, name: F, types: [Enchantment], controller: alice, timestamp: 2}
    """,
            effects="""
      - {id: anim, controller: alice, timestamp: 3, affected: [e, f], set_types: [Creature]}
    """,
        )
    )
    assert pt(c, "e") == (1, 1) and pt(c, "f") == (0, 0)


def test_113_2c_two_instances_of_a_granted_ability_both_work() -> None:
    """CR 113.2c: an object with two instances of "This creature gets +1/+1" (from two
    effects) gets +2/+2."""
    grant = (
        "add_abilities: [{text: This creature gets +1/+1., "
        "static: {affects: self, modify_pt: {power: 1, toughness: 1}}}]"
    )
    c = characteristics(
        state(
            "- {id: c, card: Grizzly Bears, controller: alice, timestamp: 1}",
            effects=f"""
      - {{id: g1, controller: alice, timestamp: 2, affected: [c], {grant}}}
      - {{id: g2, controller: alice, timestamp: 3, affected: [c], {grant}}}
    """,
        )
    )
    assert pt(c, "c") == (4, 4)


def test_613_4d_one_effect_modifies_in_7c_then_switches_in_7d() -> None:
    """CR 613.6, 613.4d: an effect's 7c part applies before its 7d part: a 2/2 given +1/-1
    and switched is 1/3."""
    c = characteristics(
        state(
            "- {id: c, card: Grizzly Bears, controller: alice, timestamp: 1}",
            effects="""
      - {id: e, controller: alice, timestamp: 2, affected: [c], modify_pt: {power: 1, toughness: -1},
         switch_pt: true}
    """,
        )
    )
    assert pt(c, "c") == (1, 3)


def test_205_1a_subtypes_return_with_their_card_type() -> None:
    """CR 205.1a: subtypes of a removed card type are removed "for the entire time the
    object's card type is removed"; when a later effect gives the type back, they count again."""
    c = characteristics(
        state(
            """
      - {id: g, name: Golem, types: [Artifact, Creature], subtypes: [Golem], power: 3, toughness: 3,
         controller: alice, timestamp: 1}
    """,
            effects="""
      - {id: drop, controller: alice, timestamp: 2, affected: [g], remove_types: [Creature]}
      - {id: back, controller: alice, timestamp: 3, affected: [g], add_types: [Creature]}
    """,
        )
    )
    assert c["g"]["subtypes"] == ("Golem",) and c["g"]["types"] == ("Artifact", "Creature")


def test_613_6_started_conditional_effect_keeps_applying() -> None:
    """The oracle's reading of CR 613.6 (see RECHECK_CONDITION_AFTER_START): "as long as a
    white permanent exists, creatures are Goblins and get +4/+1" starts in layer 4 while the
    creature is white and continues in 7c after layer 5 made it black. Disputed: the rules do
    not address conditions that change between the layers of one effect."""
    c = characteristics(
        state(
            """
      - {id: o0, name: A, types: [Creature], colors: [white], power: 1, toughness: 1, controller: bob,
         timestamp: 4}
      - id: o1
        name: B
        types: [Enchantment]
        controller: alice
        timestamp: 5
        abilities:
          - text: As long as a white permanent exists, creatures are Goblins and get +4/+1.
            static: {affects: {types: [Creature]}, condition: {exists: {colors: [white]}},
                     add_subtypes: [Goblin], modify_pt: {power: 4, toughness: 1}}
    """,
            effects="- {id: e1, controller: alice, timestamp: 3, affected: [o0], set_colors: [black]}",
        )
    )
    assert c["o0"]["subtypes"] == ("Goblin",) and pt(c, "o0") == (5, 2)


def test_701_58a_702_168a_cloaked_and_disguised_are_2_2_with_ward_2() -> None:
    """CR 701.58a (cloak), 702.168a (disguise): a face-down 2/2 with ward {2}; 702.37c (morph)
    and 701.40a (manifest) list no abilities (708.2a)."""
    c = characteristics(
        state("""
      - {id: cloaked, card: Serra Angel, controller: alice, timestamp: 1, face_down: cloak}
      - {id: disguised, card: Serra Angel, controller: alice, timestamp: 2, face_down: disguise}
      - {id: morphed, card: Serra Angel, controller: alice, timestamp: 3, face_down: morph}
      - {id: manifested, card: Serra Angel, controller: alice, timestamp: 4, face_down: manifest}
    """)
    )
    for oid in ("cloaked", "disguised"):
        assert c[oid]["abilities"] == ("ward {2}",) and c[oid]["name"] == "" and pt(c, oid) == (2, 2)
    for oid in ("morphed", "manifested"):
        assert c[oid]["abilities"] == () and pt(c, oid) == (2, 2)


def test_708_2_a_copy_of_a_disguised_permanent_has_ward_2() -> None:
    """CR 702.168b, 708.2: the face-down values, ward {2} included, are the copiable values
    (707.2); layer 6 removes ward like any ability (613.1f)."""
    c = characteristics(
        state(
            """
      - {id: disguised, card: Serra Angel, controller: bob, timestamp: 1, face_down: disguise}
      - {id: clone, card: Clone, controller: alice, timestamp: 2}
      - {id: other, card: Serra Angel, controller: bob, timestamp: 3, face_down: cloak}
    """,
            effects="""
      - {id: copy, copy: disguised, affected: [clone], controller: alice, timestamp: 4}
      - {id: strip, remove_abilities: ["ward {2}"], affected: [other], controller: alice, timestamp: 5}
    """,
        )
    )
    assert c["clone"]["abilities"] == ("ward {2}",) and c["clone"]["types"] == ("Creature",)
    assert c["clone"]["name"] == "" and c["clone"]["mana_value"] == 0 and pt(c, "clone") == (2, 2)
    assert c["other"]["abilities"] == ()


def test_205_3m_every_creature_type_then_none_in_timestamp_order() -> None:
    """CR 205.3m, 613.7: gains all creature types (ts 3) then loses them (ts 4) has none but
    keeps its land types; the other order has every creature type. 205.3d: a noncreature gains
    none."""
    c = characteristics(
        state(
            """
      - {id: a, name: A, types: [Land, Creature], subtypes: [Forest, Dryad], power: 1, toughness: 1,
         controller: alice, timestamp: 1}
      - {id: b, card: Grizzly Bears, controller: alice, timestamp: 2}
      - {id: rock, name: Rock, types: [Artifact], controller: alice, timestamp: 5}
    """,
            effects="""
      - {id: gain-a, add_all_creature_types: true, affected: [a], controller: bob, timestamp: 3}
      - {id: lose-a, remove_all_creature_types: true, affected: [a], controller: bob, timestamp: 4}
      - {id: lose-b, remove_all_creature_types: true, affected: [b], controller: bob, timestamp: 6}
      - {id: gain-b, add_all_creature_types: true, affected: [b, rock], controller: bob, timestamp: 7}
    """,
        )
    )
    assert c["a"]["subtypes"] == ("Forest",)
    assert {"Elf", "Bear", "Time Lord", "Shapeshifter"} <= set(c["b"]["subtypes"])
    assert c["rock"]["subtypes"] == ()


def test_702_73a_changeling_then_a_later_loss_of_all_creature_types() -> None:
    """CR 613.3: the changeling CDA applies first, then the loss (even an older one)."""
    c = characteristics(
        state(
            """
      - {id: colossus, name: Chameleon Colossus, types: [Creature], subtypes: [Shapeshifter], power: 4,
         toughness: 4, abilities: [changeling], controller: alice, timestamp: 5}
    """,
            effects="""
      - {id: lose, remove_all_creature_types: true, affected: [colossus], controller: bob, timestamp: 4}
    """,
        )
    )
    assert c["colossus"]["subtypes"] == () and c["colossus"]["abilities"] == ("changeling",)


# --- Effects on players (CR 613.10, 613.11; 305.2, 402.2) -------------------------------------


def enchantment(oid: str, controller: str, ts: int, static: str, zone: str = "battlefield") -> str:
    """An enchantment with one static ability (YAML flow mapping ``static``)."""
    return f"""
      - id: {oid}
        name: {oid}
        types: [Enchantment]
        controller: {controller}
        zone: {zone}
        timestamp: {ts}
        abilities:
          - text: {oid}.
            static: {static}
    """


NULL_PROFUSION = "{max_hand_size: {players: you, set: 2}}"
RELIQUARY_TOWER = "{max_hand_size: {players: you, no_maximum: true}}"
EXPLORATION = "{land_plays: {players: you, add: 1}}"
LEYLINE = "{players_gain: {players: you, abilities: [hexproof]}}"


@pytest.mark.parametrize(("null_ts", "tower_ts", "expected"), [(3, 5, None), (5, 3, 2)])
def test_613_11_maximum_hand_size_set_and_no_maximum_in_timestamp_order(
    null_ts: int, tower_ts: int, expected: int | None
) -> None:
    """Null Profusion ("your maximum hand size is two") and Reliquary Tower ("you have no
    maximum hand size"): the later one wins (CR 613.11, 613.7)."""
    got = players(state(enchantment("profusion", "alice", null_ts, NULL_PROFUSION),
                        enchantment("tower", "alice", tower_ts, RELIQUARY_TOWER)))
    assert got["alice"]["max_hand_size"] == expected
    assert got["bob"] == {"abilities": (), "max_hand_size": 7, "land_plays": 1}


def test_402_2_reducing_no_maximum_hand_size_leaves_no_maximum() -> None:
    """Jin-Gitaxias, Core Augur ("each opponent's maximum hand size is reduced by seven") after
    alice's Reliquary Tower: no maximum stays no maximum; bob's own hand size is untouched."""
    got = players(state(enchantment("tower", "alice", 2, RELIQUARY_TOWER),
                        enchantment("jin", "bob", 4, "{max_hand_size: {players: opponent, modify: -7}}"),
                        enchantment("more", "bob", 5, "{max_hand_size: {players: each, modify: 2}}")))
    assert got["alice"]["max_hand_size"] is None
    assert got["bob"]["max_hand_size"] == 9


def test_402_2_modifications_after_a_set_value_add_up_and_may_go_below_zero() -> None:
    """Set 2 (Null Profusion), then reduced by seven: -5, reported as is."""
    got = players(state(enchantment("profusion", "alice", 3, NULL_PROFUSION),
                        enchantment("jin", "bob", 4, "{max_hand_size: {players: opponent, modify: -7}}")))
    assert got["alice"]["max_hand_size"] == -5


def test_305_2_additional_land_plays_add_up() -> None:
    """Exploration (one more), another Exploration and Azusa (two more): 1 + 1 + 1 + 2 = 5
    land plays; a resolved "one additional land" for bob: 2."""
    got = players(state(enchantment("ex1", "alice", 1, EXPLORATION),
                        enchantment("ex2", "alice", 2, EXPLORATION),
                        enchantment("azusa", "alice", 3, "{land_plays: {players: you, add: 2}}"),
                        effects="- {id: e1, controller: bob, timestamp: 4, "
                        "land_plays: {players: you, add: 1}}"))
    assert got["alice"]["land_plays"] == 5 and got["bob"]["land_plays"] == 2


@pytest.mark.parametrize(("fastbond_ts", "explore_ts"), [(1, 2), (2, 1)])
def test_305_2_any_number_of_lands_stays_any(fastbond_ts: int, explore_ts: int) -> None:
    """Fastbond ("any number of lands") with Exploration in either order: any number."""
    fastbond = "{land_plays: {players: you, any_number: true}}"
    got = players(state(enchantment("fastbond", "alice", fastbond_ts, fastbond),
                        enchantment("ex", "alice", explore_ts, EXPLORATION)))
    assert got["alice"]["land_plays"] is None and got["bob"]["land_plays"] == 1


@pytest.mark.parametrize(("gain_ts", "lose_ts", "expected"), [(2, 4, ()), (4, 2, ("hexproof",))])
def test_613_10_gain_and_lose_in_timestamp_order(
    gain_ts: int, lose_ts: int, expected: tuple[str, ...]
) -> None:
    """Leyline of Sanctity ("you have hexproof") and a resolved "each player loses hexproof and
    shroud": the later one wins (CR 613.10, 613.7)."""
    got = players(state(enchantment("leyline", "alice", gain_ts, LEYLINE),
                        effects=f"- {{id: e1, controller: bob, timestamp: {lose_ts}, "
                        "players_lose: {players: each, abilities: [hexproof, shroud]}}"))
    assert got["alice"]["abilities"] == expected and got["bob"]["abilities"] == ()


def test_613_10_source_that_lost_its_abilities_gives_nothing() -> None:
    """The Leyline lost all abilities (layer 6): its effect on players does not exist."""
    got = players(state(enchantment("leyline", "alice", 2, LEYLINE),
                        effects="- {id: e1, controller: bob, timestamp: 3, affected: [leyline], "
                        "lose_all_abilities: true}"))
    assert got["alice"]["abilities"] == ()


def test_613_10_you_is_the_controller_after_layer_2() -> None:
    """Bob gains control of the Leyline: bob has hexproof, alice doesn't."""
    got = players(state(enchantment("leyline", "alice", 2, LEYLINE),
                        effects="- {id: e1, controller: bob, timestamp: 3, affected: [leyline], "
                        "control: you}"))
    assert got["alice"]["abilities"] == () and got["bob"]["abilities"] == ("hexproof",)


def test_113_6_player_effect_only_where_the_ability_functions() -> None:
    """A Leyline in the graveyard gives nothing; an ability that functions in the graveyard
    (CR 113.6b) does."""
    grave = enchantment("leyline", "alice", 2, LEYLINE, zone="graveyard")
    assert players(state(grave))["alice"]["abilities"] == ()
    tomb = grave.replace("static:", "zones: [graveyard]\n            static:")
    assert players(state(tomb))["alice"]["abilities"] == ("hexproof",)


@pytest.mark.parametrize(("ref", "alice", "bob"), [
    ("active", ("shroud",), ()), ("nonactive", (), ("shroud",)), ("bob", (), ("shroud",)),
    ("each", ("shroud",), ("shroud",)), ("opponent", (), ("shroud",)),
])
def test_613_10_player_selectors(ref: str, alice: tuple[str, ...], bob: tuple[str, ...]) -> None:
    """``players:`` names the active player (alice), the others, a player id, every player, or
    each opponent of the effect's controller."""
    got = players(state(BEARS, effects=f"- {{id: e1, controller: alice, timestamp: 3, "
                        f"players_gain: {{players: {ref}, abilities: [shroud]}}}}"))
    assert got["alice"]["abilities"] == alice and got["bob"]["abilities"] == bob


@pytest.mark.parametrize(("creatures", "expected"), [(0, 7), (1, 3)])
def test_611_3_conditional_player_effect(creatures: int, expected: int) -> None:
    """"As long as you control a creature, your maximum hand size is three": the condition is
    read in the final state (the bears are alice's only while the control effect exists)."""
    steal = (
        "- {id: e0, controller: alice, timestamp: 9, affected: [bears], control: you}\n"
        if creatures else ""
    )
    got = players(state(BEARS, enchantment(
        "cond", "alice", 3,
        "{max_hand_size: {players: you, set: 3}, condition: {exists: {types: [Creature], controller: you}}}",
    ), effects=steal))
    assert got["alice"]["max_hand_size"] == expected
