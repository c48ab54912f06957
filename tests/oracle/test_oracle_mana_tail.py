"""Mana sentences read from real cards' Oracle text (the bundled card data): "N mana in any
combination of colors" (CR 106.1a), a mana ability's other instructions after "Add" (605.1a,
605.3b), "in your commander's color identity" (903.4, 903.4f), "This land enters tapped. As it
enters, choose a color." read with "the chosen color" (614.12a, 616.1, 607.2d), and "Untap up
to N lands" (701.26b, 608.2d). Expected answers come from the rules cited."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED

MAIN = {"active": "alice", "number": 3, "step": "precombat_main"}


def _text_clauses(name: str) -> list[str]:
    got = oracle.compiled(name)
    assert got is not None, name
    return [c.text for c in got.clauses if c.template is None or "(text)" in c.template]


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], cr: str,
         players: list[Any] | None = None) -> None:
    scenario, why = game(objects, script, expect, cr=cr, players=players)
    assert scenario is not None, why


# --- "N mana in any combination of colors" (106.1a) ----------------------------------------

def test_combination_product_options() -> None:
    """106.1a: two mana, each of any of the five colors (105.1), the order no choice: the 15
    multisets of two colors; no colorless mana."""
    from pyengine.cast.mana import product_options

    got = product_options("two mana in any combination of colors")
    assert got is not None and len(got) == 15 and ("U", "B") in got and ("G", "G") in got
    assert all("C" not in way for way in got)
    assert len(product_options("five mana in any combination of colors") or []) == 126  # C(9, 5)


def test_manamorphose_compiled() -> None:
    card = full("Manamorphose")
    assert card.card["does"]["do"][0] == {"kind": "add_mana", "player": "you",
                                          "mana": "two mana in any combination of colors"}


@pytest.mark.parametrize("chosen, ok", [("{U}{B}", True), ("{R}{R}", True), ("{C}{U}", False),
                                        ("{U}{B}{G}", False)])
def test_manamorphose_choice(chosen: str, ok: bool) -> None:
    """106.1a: the player chooses the two mana's colors as it resolves; colorless mana is no
    color (105.1) and three mana is not two: such a choice is illegal."""
    objects = [{"id": "morph", "card": "Manamorphose", "owner": "alice", "zone": "hand"},
               {"id": "mountain", "card": "Mountain", "controller": "alice", "timestamp": 1},
               {"id": "forest", "card": "Forest", "controller": "alice", "timestamp": 2}]
    script = [{"cast": {"spell": "morph", "player": "alice", "payment": {"tap": ["mountain", "forest"]}}},
              {"mana_choice": {"morph": chosen}}, "resolve", {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "mana": {"alice": chosen}}}} if ok \
        else {"illegal": {"action": 2, "rule": "106.1a"}}
    _run(objects, script, expect, "106.1a")


# --- a mana ability's other instructions (605.1a, 605.3b) ----------------------------------

def test_mana_ability_with_other_instructions_compiled() -> None:
    """605.1a: no target, adds mana: a mana ability whatever else it does; its instructions
    in order (608.2c)."""
    talisman = full("Pristine Talisman")
    (ability,) = [a["activated"] for a in talisman.card["abilities"] if "activated" in a]
    assert [ev["kind"] for ev in ability["do"]] == ["add_mana", "gain_life"]
    sphere = full("Chromatic Sphere")
    (ability,) = [a["activated"] for a in sphere.card["abilities"] if "activated" in a]
    assert [ev["kind"] for ev in ability["do"]] == ["add_mana", "draw"]


def test_chromatic_sphere_mana_and_draw_at_once() -> None:
    """605.3b: the mana ability resolves at once: {R} in alice's pool and a card drawn, nothing
    on the stack; its cost ({1}: the Plains' mana; {T}; sacrificed, 701.21a) paid first."""
    objects = [{"id": "sphere", "card": "Chromatic Sphere", "controller": "alice", "timestamp": 1},
               {"id": "plains", "card": "Plains", "controller": "alice", "timestamp": 2}]
    script = [{"mana_choice": {"sphere": "{R}"}},
              {"activate": {"player": "alice", "source": "sphere", "payment": {"tap": ["plains"]}}},
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "mana": {"alice": "{R}"}, "hand": {"alice": 2},
                                       "objects": {"sphere": {"zone": "graveyard"}}}}}
    _run(objects, script, expect, "605.3b")


@pytest.mark.parametrize("name, clause", [
    ("Rainbow Vale", "An opponent gains control"),  # a delayed triggered ability (603.7)
    ("Gemstone Mine", "If there are no mining counters"),  # a condition read as it resolves
    ("Deathrite Shaman", "Exile target land card"),  # a target: not a mana ability (605.1a)
    ("Chandra, Hope's Beacon", "[+2]: Add two mana"),  # a loyalty ability (605.1a)
    ("Sunken Citadel", "Spend this mana only"),  # a restriction on spending the mana (106.6)
    ("Foraging Wickermaw", "becomes that color"),  # "that color": the mana's, not read
    ("Leafkin Druid", "instead"),  # a replacement of the mana added (614.1a)
])
def test_left_as_text(name: str, clause: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status != "full", name
    assert any(clause in t for t in _text_clauses(name)), (name, _text_clauses(name))


# --- "in your commander's color identity" (903.4) ------------------------------------------

TOWER = {"id": "tower", "card": "Command Tower", "controller": "alice", "timestamp": 1}
JENARA = {"id": "jenara", "card": "Jenara, Asura of War", "owner": "alice", "zone": "command",
          "commander": True}


@pytest.mark.parametrize("chosen, ok", [("{G}", True), ("{W}", True), ("{R}", False), ("{B}", False)])
def test_command_tower_colors_of_the_identity(chosen: str, ok: bool) -> None:
    """903.4, 106.1a: Jenara ({G}{W}{U}) has the color identity green, white and blue: one of
    those may be chosen, red or black may not."""
    script = [{"mana_choice": {"tower": chosen}}, {"activate": {"player": "alice", "source": "tower"}},
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "mana": {"alice": chosen}}}} if ok \
        else {"illegal": {"action": 1, "rule": "106.1a"}}
    _run([TOWER, JENARA], script, expect, "903.4")


def test_command_tower_without_a_commander_adds_nothing() -> None:
    """903.4f: alice has no commander (bob's commander is not hers): the ability adds no mana,
    though its cost is paid (the Tower taps)."""
    bobs = {**JENARA, "owner": "bob"}
    script = [{"activate": {"player": "alice", "source": "tower"}}, {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "mana": {"alice": ""},
                                       "objects": {"tower": {"tapped": True}}}}}
    _run([TOWER, bobs], script, expect, "903.4f")


def test_color_identity_of_printed_characteristics() -> None:
    """903.4: mana cost and rules text symbols (hybrid: both colors, 107.4e), printed colors;
    903.4c: reminder text ignored."""
    from pyengine.game.identity import of_card
    from pyengine.model.objects import Characteristics

    rhys = Characteristics(name="Rhys", mana_cost="{2}{G}", colors=("green",),
                           oracle="{B}, Sacrifice an Elf: Regenerate Rhys.")
    assert of_card(rhys) == {"G", "B"}
    hybrid = Characteristics(name="H", mana_cost="{R/W}",
                             oracle="Flying (This can't be blocked except by {U}.)")
    assert of_card(hybrid) == {"R", "W"}
    assert of_card(Characteristics(name="Golem", mana_cost="{8}")) == set()


# --- "This land enters tapped. As it enters, choose a color." (614.12a, 616.1) -------------

@pytest.mark.parametrize("order", [[{"effect": "v/2", "choice": "blue"}, {"effect": "v/1"}],
                                   [{"effect": "v/1"}, {"effect": "v/2", "choice": "blue"}]])
def test_enters_tapped_and_chosen_color(order: list[dict[str, Any]]) -> None:
    """614.1c, 614.12a, 616.1: two replacement effects, applied in the order alice chooses;
    either way the land enters tapped with blue chosen, and adds {U} (607.2d)."""
    full("Crossroads Village")
    objects = [{"id": "v", "card": "Crossroads Village", "owner": "alice", "zone": "hand"}]
    script = [{"choose": order}, {"play_land": {"player": "alice", "card": "v"}}, {"checkpoint": "played"},
              {"advance": {"step": "precombat_main", "turn": 5}},
              {"activate": {"player": "alice", "source": "v"}}, {"checkpoint": "tapped"}]
    expect = {"checkpoints": {"played": {"objects": {"v": {"tapped": True}}},
                              "tapped": {"stack": [], "mana": {"alice": "{U}"}}}}
    _run(objects, script, expect, "616.1",
         players=[{"id": "alice", "hand_size": 1, "library_size": 10}, {"id": "bob", "library_size": 10}])


# --- "Untap up to N lands" (701.26b, 608.2d) ------------------------------------------------

def test_untap_compiled() -> None:
    cloud = full("Cloud of Faeries")
    (trig,) = [a for a in cloud.card["abilities"] if isinstance(a, dict) and "trigger" in a]
    assert trig["do"] == [{"kind": "untap", "player": "you", "what": {"types": ["Land"]}, "count": 2}]
    assert "targets" not in trig  # no target (115.10)


def _frantic(choice: list[str] | None) -> tuple[list[Any], list[Any]]:
    objects = [{"id": "search", "card": "Frantic Search", "owner": "alice", "zone": "hand"},
               {"id": "i1", "card": "Island", "controller": "alice", "timestamp": 1},
               {"id": "i2", "card": "Island", "controller": "alice", "timestamp": 2},
               {"id": "i3", "card": "Island", "controller": "alice", "timestamp": 3},
               {"id": "p", "card": "Plains", "controller": "bob", "timestamp": 4, "tapped": True}]
    paid = {"tap": ["i1", "i2", "i3"]}
    script: list[Any] = [{"cast": {"spell": "search", "player": "alice", "payment": paid}},
                         {"discard_choice": {"search": ["unnamed", "unnamed"]}}]
    if choice is not None:
        script.append({"untap_choice": {"search": choice}})
    return objects, [*script, "resolve", {"checkpoint": "done"}]


def test_untap_up_to_three_any_lands() -> None:
    """608.2d, 701.26b: Frantic Search: up to three lands chosen as it resolves, any lands
    (bob's Plains too: no target, 115.10); those chosen untap, the one not chosen stays tapped."""
    objects, script = _frantic(["i1", "i2", "p"])
    expect = {"checkpoints": {"done": {"stack": [], "objects": {
        "i1": {"tapped": False}, "i2": {"tapped": False}, "i3": {"tapped": True}, "p": {"tapped": False}}}}}
    _run(objects, script, expect, "701.26b",
         players=[{"id": "alice", "hand_size": 3, "library_size": 10}, {"id": "bob", "library_size": 10}])


@pytest.mark.parametrize("choice, rule", [(["i1", "i2", "i3", "p"], "701.26b"), (None, "608.2d")])
def test_untap_choice_illegal(choice: list[str] | None, rule: str) -> None:
    """107.1c: "up to three" allows no fourth land; with tapped lands to choose from, the
    choice is the player's and must be given (608.2d)."""
    objects, script = _frantic(choice)
    expect = {"illegal": {"action": len(script) - 2, "rule": rule}}
    _run(objects, script, expect, "701.26b",
         players=[{"id": "alice", "hand_size": 3, "library_size": 10}, {"id": "bob", "library_size": 10}])


def test_untap_up_to_zero_chosen() -> None:
    """107.1c: "up to" includes none: an empty choice untaps nothing."""
    objects, script = _frantic([])
    objs = {"i1": {"tapped": True}, "p": {"tapped": True}}
    expect = {"checkpoints": {"done": {"stack": [], "objects": objs}}}
    _run(objects, script, expect, "107.1c",
         players=[{"id": "alice", "hand_size": 3, "library_size": 10}, {"id": "bob", "library_size": 10}])


def test_untap_wordings_left_as_text() -> None:
    """Only "untap up to N lands" is read: another group stays unread (the sentence parser
    rejects it)."""
    from pyengine.oracle import effects as E

    assert E.effect("Untap up to two lands.") is not None
    for text in ("Untap up to two creatures.", "Untap all lands you control.", "Untap up to X lands."):
        got = E.effect(text)
        assert got is None or not any(ev.get("kind") == "untap" and "what" in ev for ev in got.do), text


# --- triggered mana abilities (605.1b, 605.4a, 106.12) --------------------------------------

def test_triggered_mana_abilities_compiled() -> None:
    """605.1b: the ability triggers from tapping a land for mana (106.12) and adds mana."""
    growth = full("Wild Growth")
    (trig,) = [a for a in growth.card["abilities"] if isinstance(a, dict) and "trigger" in a]
    assert trig["trigger"]["when"] == {"kind": "tapped_for_mana", "player": "any",
                                       "obj": {"types": ["Land"], "enchanted": True}}
    assert trig["do"] == [{"kind": "add_mana", "player": "you", "mana": "{G}"}]
    flare = full("Mana Flare")
    (trig,) = [a for a in flare.card["abilities"] if isinstance(a, dict) and "trigger" in a]
    assert trig["do"][0]["mana"] == "one mana of any type that land produced"


GROWTH = [{"id": "forest", "card": "Forest", "controller": "alice", "timestamp": 1},
          {"id": "growth", "card": "Wild Growth", "controller": "alice", "timestamp": 3,
           "attached_to": "forest"}]


def test_wild_growth_in_a_payment() -> None:
    """605.4a: the enchanted Forest tapped for mana in a cast's payment (601.2g): its {G} pays
    Llanowar Elves' {G}, the additional {G} goes into alice's pool at once (106.4)."""
    objects = [*GROWTH, {"id": "elves", "card": "Llanowar Elves", "owner": "alice", "zone": "hand"}]
    script = [{"cast": {"spell": "elves", "player": "alice", "payment": {"tap": ["forest"]}}},
              {"checkpoint": "cast"}]
    expect = {"checkpoints": {"cast": {"stack": ["elves"], "mana": {"alice": "{G}"}}}}
    _run(objects, script, expect, "605.4a",
         players=[{"id": "alice", "hand_size": 1, "library_size": 10}, {"id": "bob", "library_size": 10}])


def test_vernal_bloom_a_forest_of_either_player() -> None:
    """605.1b: "Whenever a Forest is tapped for mana, its controller adds an additional {G}.":
    any player's Forest (bob's with alice's Vernal Bloom), not a Plains."""
    objects = [{"id": "bloom", "card": "Vernal Bloom", "controller": "alice", "timestamp": 1},
               {"id": "forest", "card": "Forest", "controller": "bob", "timestamp": 2},
               {"id": "plains", "card": "Plains", "controller": "bob", "timestamp": 3}]
    script = ["pass", {"mana": {"player": "bob", "tap": ["forest", "plains"]}}, {"checkpoint": "done"}]
    _run(objects, script, {"checkpoints": {"done": {"stack": [], "mana": {"bob": "{W}{G}{G}"}}}}, "605.1b")


def test_wild_growth_not_for_another_land_nor_another_way() -> None:
    """605.1b: only the enchanted land tapped for mana triggers it: an unenchanted Forest adds
    {G} alone; a land tapped otherwise (a cost that isn't a mana ability's) isn't tapped for
    mana (106.12)."""
    objects = [*GROWTH, {"id": "forest2", "card": "Forest", "controller": "alice", "timestamp": 2}]
    script = [{"mana": {"player": "alice", "tap": ["forest2"]}}, {"checkpoint": "done"}]
    _run(objects, script, {"checkpoints": {"done": {"stack": [], "mana": {"alice": "{G}"}}}}, "605.1b")


def test_fertile_ground_choice_and_mana_flare_for_each_player() -> None:
    """106.1a: Fertile Ground's additional mana is one of any color, alice's choice ({U}); Mana
    Flare (alice's) adds for bob too, "that player", with the type his land produced."""
    objects = [{"id": "forest", "card": "Forest", "controller": "alice", "timestamp": 1},
               {"id": "ground", "card": "Fertile Ground", "controller": "alice", "timestamp": 2,
                "attached_to": "forest"}]
    script = [{"mana_choice": {"ground": "{U}"}}, {"mana": {"player": "alice", "tap": ["forest"]}},
              {"checkpoint": "done"}]
    _run(objects, script, {"checkpoints": {"done": {"stack": [], "mana": {"alice": "{G}{U}"}}}}, "106.1a")
    objects = [{"id": "flare", "card": "Mana Flare", "controller": "alice", "timestamp": 1},
               {"id": "swamp", "card": "Swamp", "controller": "bob", "timestamp": 2}]
    script = ["pass", {"mana": {"player": "bob", "tap": ["swamp"]}}, {"checkpoint": "done"}]
    _run(objects, script, {"checkpoints": {"done": {"stack": [], "mana": {"bob": "{B}{B}", "alice": ""}}}},
         "605.4a")


@pytest.mark.parametrize("name, clause", [
    ("Manabarbs", "deals 1 damage"),  # adds no mana: not a mana ability, uses the stack (605.5a)
    ("Overabundance", "deals 1 damage"),  # another instruction with the mana
    ("Elvish Guidance", "for each Elf"),  # an amount counted as it resolves (608.2h)
    ("Extraplanar Lens", "same name as the exiled card"),  # a land this head doesn't read
])
def test_triggered_mana_left_as_text(name: str, clause: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status != "full", name
    assert any(clause in t for t in _text_clauses(name)), (name, _text_clauses(name))
