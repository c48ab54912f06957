"""Mana abilities with a cost the mana ability template doesn't read (CR 605.1a: a mana cost,
counters removed, a creature tapped, "Activate only once each turn"): compiled as activated
abilities whose instructions add mana (pyengine/oracle/mana_activated.py) that resolve at once,
without the stack (605.3a-b: pyengine/game/mana_activated.py). Real cards' Oracle text, from a
small card-data file."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


CARDS = [
    _face("Azorius Signet", "{2}", ["Artifact"], "{1}, {T}: Add {W}{U}."),
    _face("Chromatic Star", "{1}", ["Artifact"], "{1}, {T}, Sacrifice this artifact: Add one mana of any "
          "color.\nWhen this artifact is put into a graveyard from the battlefield, draw a card."),
    _face("Coal Golem", "{5}", ["Artifact", "Creature"], "{3}, Sacrifice this creature: Add {R}{R}{R}.",
          power="3", toughness="3", subtypes=["Golem"]),
    _face("Loam Dryad", "{G}", ["Creature"], "{T}, Tap an untapped creature you control: Add one mana of "
          "any color.", power="1", toughness="1", subtypes=["Dryad"]),
    _face("Gemstone Array", "{4}", ["Artifact"], "{2}: Put a charge counter on this artifact.\nRemove a "
          "charge counter from this artifact: Add one mana of any color."),
    _face("Salvaged Manaworker", "{1}", ["Artifact", "Creature"], "{1}: Add one mana of any color. Activate "
          "only once each turn.", power="1", toughness="1", subtypes=["Construct"]),
    _face("Plains", "", ["Land"], "({T}: Add {W}.)", subtypes=["Plains"], supertypes=["Basic"]),
    _face("Island", "", ["Land"], "({T}: Add {U}.)", subtypes=["Island"], supertypes=["Basic"]),
    _face("Coral Merfolk", "{1}{U}", ["Creature"], "", power="2", toughness="1", subtypes=["Merfolk"]),
    _face("Grizzly Bears", "{1}{G}", ["Creature"], "", power="2", toughness="2", subtypes=["Bear"]),
    _face("Cabal Coffers", "", ["Land"], "{2}, {T}: Add {B} for each Swamp you control."),
    _face("Swamp", "", ["Land"], "({T}: Add {B}.)", subtypes=["Swamp"], supertypes=["Basic"]),
    _face("Gaea's Cradle", "", ["Land"], "{T}: Add {G} for each creature you control.",
          supertypes=["Legendary"]),
    _face("Marwyn, the Nurturer", "{2}{G}", ["Creature"], "Whenever another Elf you control enters, put "
          "a +1/+1 counter on Marwyn.\n{T}: Add an amount of {G} equal to Marwyn's power.",
          power="1", toughness="1", subtypes=["Elf", "Druid"], supertypes=["Legendary"]),
    _face("Deathbloom Ritualist", "{2}{B}{G}", ["Creature"], "{T}: Add X mana of any one color, where X "
          "is the number of creature cards in your graveyard.", power="2", toughness="4",
          subtypes=["Elf", "Druid"]),
    _face("Coldsteel Heart", "{2}", ["Artifact"], "This artifact enters tapped.\nAs this artifact enters, "
          "choose a color.\n{T}: Add one mana of the chosen color."),
    _face("Manor Gate", "", ["Land"], "This land enters tapped.\nAs this land enters, choose a color other "
          "than green.\n{T}: Add {G} or one mana of the chosen color.", subtypes=["Gate"]),
    # "enters tapped" and the choice in one paragraph: two replacement effects (616.1)
    _face("Thriving Heath", "", ["Land"], "This land enters tapped. As it enters, choose a color other "
          "than white.\n{T}: Add {W} or one mana of the chosen color."),
    # left as text: what each doesn't model
    _face("Karametra's Acolyte", "{3}{G}", ["Creature"], "{T}: Add an amount of {G} equal to your "
          "devotion to green.", power="1", toughness="4", subtypes=["Human", "Druid"]),
    _face("Gemstone Mine", "", ["Land"], "This land enters with three mining counters on it.\n{T}, Remove a "
          "mining counter from this land: Add one mana of any color. If there are no mining counters on "
          "this land, sacrifice it."),
    _face("Eldrazi Temple", "", ["Land"], "{T}: Add {C}.\n{T}: Add {C}{C}. Spend this mana only to cast "
          "colorless Eldrazi spells or activate abilities of colorless Eldrazi."),
    _face("Elvish Spirit Guide", "{2}{G}", ["Creature"], "Exile this card from your hand: Add {G}.",
          power="2", toughness="2", subtypes=["Elf", "Spirit"]),
]


@pytest.fixture
def cards(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def _adds(name: str) -> list[dict[str, Any]]:
    return [a["activated"] for a in _compiled(name).card["abilities"]
            if isinstance(a, dict) and "activated" in a
            and any(ev["kind"] == "add_mana" for ev in a["activated"].get("do", ()))]


@pytest.mark.parametrize("name, cost, mana", [
    ("Azorius Signet", "{1}, {T}", "{W}{U}"),  # a mana cost (605.1a)
    ("Chromatic Star", "{1}, {T}, Sacrifice SELF", "one mana of any color"),
    ("Coal Golem", "{3}, Sacrifice SELF", "{R}{R}{R}"),  # no {T}: a sacrifice of its source
    ("Loam Dryad", "{T}, Tap an untapped creature you control", "one mana of any color"),
    ("Gemstone Array", "Remove a charge counter from SELF", "one mana of any color"),
    ("Salvaged Manaworker", "{1}", "one mana of any color"),
])
def test_compiled_as_mana_abilities(cards: None, name: str, cost: str, mana: str) -> None:
    """605.1a: no target, adds mana, no loyalty cost: a mana ability whatever else its cost is."""
    assert _compiled(name).status == "full", name
    (body,) = _adds(name)
    assert body["cost"] == cost and body["do"] == [{"kind": "add_mana", "player": "you", "mana": mana}]
    assert "targets" not in body


def test_once_each_turn_is_the_abilitys_limit(cards: None) -> None:
    """602.5b: "Activate only once each turn." restricts the mana ability, not its effect."""
    (body,) = _adds("Salvaged Manaworker")
    assert body["limit"] == "once_each_turn"


@pytest.mark.parametrize("name, clause", [
    ("Karametra's Acolyte", "devotion"),  # an amount the selectors don't count (700.5)
    ("Gemstone Mine", "If there are no mining counters"),  # another instruction after "Add"
    ("Eldrazi Temple", "Spend this mana only"),  # a restriction on spending the mana (106.6)
    ("Elvish Spirit Guide", "Exile this card from your hand"),  # a cost the game doesn't pay
])
def test_left_as_text(cards: None, name: str, clause: str) -> None:
    got = _compiled(name)
    assert got.status != "full", name
    texts = [c.text for c in got.clauses if c.template is None or "(text)" in c.template]
    assert any(clause in t for t in texts), (name, texts)


def _run(objects: str, script: str, expect: str, hand: int = 0) -> Any:
    text = ("id: cards/mana-costs-smoke\ntitle: smoke\ncr: [\"605.3b\"]\nrationale: smoke\n"
            f"players: [{{id: alice, library_size: 10, hand_size: {hand}}}, {{id: bob, library_size: 10}}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n" + objects +
            f"query:\n  kind: game\n  script:\n{script}expect:\n{expect}")
    return runner.run_scenario(api.loads(text))


SIGNET = ("  - {id: signet, card: Azorius Signet, controller: alice, timestamp: 1}\n"
          "  - {id: plains, card: Plains, controller: alice, timestamp: 2}\n"
          "  - {id: merfolk, card: Coral Merfolk, owner: alice, zone: hand}\n")


def test_signet_paid_from_a_land_casts_a_spell(cards: None) -> None:
    """605.3a-b, 602.2b, 601.2g-h, 106.4: alice activates Azorius Signet, paying its {1} with
    the Plains' mana ability; it resolves at once (nothing goes on the stack), {W}{U} in her
    pool, both permanents tapped. That mana pays Coral Merfolk's {1}{U} (the {W} the generic
    part); the Merfolk resolves onto the battlefield and her pool is empty."""
    script = ("    - {activate: {player: alice, source: signet, payment: {tap: [plains]}}}\n"
              "    - {checkpoint: activated}\n"
              "    - {cast: {spell: merfolk, player: alice, payment: {pool: \"{W}{U}\"}}}\n"
              "    - resolve\n    - {checkpoint: cast}\n")
    expect = ("  checkpoints:\n"
              "    activated: {stack: [], mana: {alice: \"{W}{U}\"},\n"
              "                objects: {signet: {tapped: true}, plains: {tapped: true}}}\n"
              "    cast: {stack: [], mana: {alice: \"\"}, objects: {merfolk: {zone: battlefield}}}\n")
    out = _run(SIGNET, script, expect, hand=1)
    assert out.passed, (out.message, out.diffs)


def test_signet_needs_its_mana_cost(cards: None) -> None:
    """118.3, 602.2b: without mana to pay its {1} (the Plains tapped already) the Signet's
    ability can't be activated."""
    objects = SIGNET.replace("timestamp: 2}", "timestamp: 2, tapped: true}")
    script = "    - {activate: {player: alice, source: signet}}\n    - {checkpoint: activated}\n"
    out = _run(objects, script, '  illegal: {action: 0, rule: "601.2h"}\n', hand=1)
    assert out.passed, (out.message, out.diffs)


def test_coal_golem_sacrificed_for_three_red(cards: None) -> None:
    """605.3b, 701.21a: the {3} paid from alice's pool and the Golem sacrificed as the cost is
    paid; {R}{R}{R} in her pool at once. With an empty pool the cost can't be paid (601.2h)."""
    objects = "  - {id: golem, card: Coal Golem, controller: alice, timestamp: 1}\n"
    script = "    - {activate: {player: alice, source: golem}}\n    - {checkpoint: activated}\n"
    out = _run(objects, script, '  illegal: {action: 0, rule: "601.2h"}\n')
    assert out.passed, (out.message, out.diffs)
    alice = "{id: alice, library_size: 10, hand_size: 0, mana: \"{C}{C}{C}\"}"
    text = ("id: cards/mana-costs-smoke\ntitle: smoke\ncr: [\"605.3b\"]\nrationale: smoke\n"
            f"players: [{alice}, {{id: bob, library_size: 10}}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n" + objects +
            f"query:\n  kind: game\n  script:\n{script}expect:\n"
            "  checkpoints:\n    activated: {stack: [], mana: {alice: \"{R}{R}{R}\"},\n"
            "                objects: {golem: {zone: graveyard}}}\n")
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)


def test_chromatic_star_mana_at_once_its_draw_on_the_stack(cards: None) -> None:
    """605.3b, 106.1a: the Star's mana ability resolves at once with the color alice chose
    ({G}); its "put into a graveyard" ability triggered by the sacrifice (a cost, 603.2) goes on
    the stack (603.3) and, once it resolves, she draws a card."""
    objects = ("  - {id: star, card: Chromatic Star, controller: alice, timestamp: 1}\n"
               "  - {id: island, card: Island, controller: alice, timestamp: 2}\n")
    script = ("    - {mana_choice: {star: \"{G}\"}}\n"
              "    - {activate: {player: alice, source: star, payment: {tap: [island]}}}\n"
              "    - {checkpoint: activated}\n    - resolve\n    - {checkpoint: drawn}\n")
    expect = ("  checkpoints:\n"
              "    activated: {mana: {alice: \"{G}\"}, objects: {star: {zone: graveyard}}}\n"
              "    drawn: {stack: [], mana: {alice: \"{G}\"}, hand: {alice: 1}}\n")
    out = _run(objects, script, expect)
    assert out.passed, (out.message, out.diffs)


def test_once_each_turn(cards: None) -> None:
    """602.5b: Salvaged Manaworker's ability, activated once, can't be again this turn."""
    objects = ("  - {id: worker, card: Salvaged Manaworker, controller: alice, timestamp: 1}\n"
               "  - {id: plains, card: Plains, controller: alice, timestamp: 2}\n"
               "  - {id: island, card: Island, controller: alice, timestamp: 3}\n")
    once = ("    - {mana_choice: {worker: \"{B}\"}}\n"
            "    - {activate: {player: alice, source: worker, payment: {tap: [plains]}}}\n"
            "    - {checkpoint: once}\n")
    out = _run(objects, once, "  checkpoints:\n    once: {stack: [], mana: {alice: \"{B}\"}}\n")
    assert out.passed, (out.message, out.diffs)
    twice = once + ("    - {mana_choice: {worker: \"{R}\"}}\n"
                    "    - {activate: {player: alice, source: worker, payment: {tap: [island]}}}\n")
    out = _run(objects, twice, '  illegal: {action: 4, rule: "602.5b"}\n')
    assert out.passed, (out.message, out.diffs)


def test_loam_dryad_taps_a_creature(cards: None) -> None:
    """602.2b: "Tap an untapped creature you control" is paid by tapping the Bears (summoning
    sickness doesn't matter: it isn't the {T} of the Bears' own ability, 302.6)."""
    objects = ("  - {id: dryad, card: Loam Dryad, controller: alice, timestamp: 1}\n"
               "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n")
    script = ("    - {mana_choice: {dryad: \"{U}\"}}\n"
              "    - {activate: {player: alice, source: dryad, tap_untapped: [bears]}}\n"
              "    - {checkpoint: activated}\n")
    out = _run(objects, script, "  checkpoints:\n    activated: {stack: [], mana: {alice: \"{U}\"},\n"
                                "                objects: {dryad: {tapped: true}, bears: {tapped: true}}}\n")
    assert out.passed, (out.message, out.diffs)


def test_gemstone_array_charges_then_pays(cards: None) -> None:
    """602.2a vs 605.3b: the Array's "{2}: Put a charge counter" uses the stack; its "Remove a
    charge counter: Add one mana of any color" doesn't. Once the counter is removed, the mana
    ability can't be activated again (118.3: no counter to remove)."""
    objects = ("  - {id: array, card: Gemstone Array, controller: alice, timestamp: 1}\n"
               "  - {id: plains, card: Plains, controller: alice, timestamp: 2}\n"
               "  - {id: island, card: Island, controller: alice, timestamp: 3}\n")
    script = ("    - {activate: {player: alice, source: array, ability: 1, payment: {tap: [plains, island]}}}\n"
              "    - {checkpoint: charging}\n    - resolve\n"
              "    - {mana_choice: {array: \"{R}\"}}\n"
              "    - {activate: {player: alice, source: array, ability: 2}}\n"
              "    - {checkpoint: paid}\n")
    expect = ("  checkpoints:\n"
              "    charging: {stack: [\"array:1@2\"]}\n"  # 602.2a: this one on the stack
              "    paid: {stack: [], mana: {alice: \"{R}\"}, objects: {array: {counters: {}}}}\n")
    out = _run(objects, script, expect)
    assert out.passed, (out.message, out.diffs)
    again = script + "    - {mana_choice: {array: \"{G}\"}}\n    - {activate: {player: alice, source: array, ability: 2}}\n"
    out = _run(objects, again, '  illegal: {action: 7, rule: "118.3"}\n')
    assert out.passed, (out.message, out.diffs)


@pytest.mark.parametrize("name, mana, times", [
    ("Cabal Coffers", "{B}", {"count": {"subtypes": ["Swamp"], "controller": "you"}}),
    ("Gaea's Cradle", "{G}", {"count": {"types": ["Creature"], "controller": "you"}}),
    ("Marwyn, the Nurturer", "{G}", {"power_of": "self"}),
])
def test_amounts_counted_as_it_resolves(cards: None, name: str, mana: str, times: Any) -> None:
    """608.2h: "for each", "an amount ... equal to": the mana added that many times."""
    assert _compiled(name).status == "full", name
    (body,) = _adds(name)
    assert body["do"] == [{"kind": "add_mana", "player": "you", "mana": mana, "times": times}]


def test_cabal_coffers_counts_the_swamps_that_paid_for_it(cards: None) -> None:
    """608.2h, 605.3b: Cabal Coffers' {2} paid by tapping both Swamps (601.2g); as it resolves
    it counts the Swamps alice controls, tapped or not: two, so {B}{B}."""
    objects = ("  - {id: coffers, card: Cabal Coffers, controller: alice, timestamp: 1}\n"
               "  - {id: swamp, card: Swamp, controller: alice, timestamp: 2}\n"
               "  - {id: swamp2, card: Swamp, controller: alice, timestamp: 3}\n")
    script = ("    - {activate: {player: alice, source: coffers, payment: {tap: [swamp, swamp2]}}}\n"
              "    - {checkpoint: activated}\n")
    out = _run(objects, script, "  checkpoints:\n    activated: {stack: [], mana: {alice: \"{B}{B}\"}}\n")
    assert out.passed, (out.message, out.diffs)


def test_gaeas_cradle_and_marwyn_count_now(cards: None) -> None:
    """608.2h: Gaea's Cradle counts alice's creatures (Marwyn and the Bears: {G}{G}), bob's
    not; Marwyn with two +1/+1 counters has power 3: {G}{G}{G}."""
    objects = ("  - {id: cradle, card: Gaea's Cradle, controller: alice, timestamp: 1}\n"
               "  - {id: marwyn, card: \"Marwyn, the Nurturer\", controller: alice, timestamp: 2,\n"
               "     counters: {+1/+1: 2}}\n"
               "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 3}\n"
               "  - {id: bears2, card: Grizzly Bears, controller: bob, timestamp: 4}\n")
    script = ("    - {activate: {player: alice, source: cradle}}\n    - {checkpoint: cradle}\n"
              "    - {activate: {player: alice, source: marwyn}}\n    - {checkpoint: marwyn}\n")
    out = _run(objects, script, "  checkpoints:\n    cradle: {stack: [], mana: {alice: \"{G}{G}\"}}\n"
                                "    marwyn: {stack: [], mana: {alice: \"{G}{G}{G}{G}{G}\"}}\n")
    assert out.passed, (out.message, out.diffs)


def test_x_mana_of_one_color_is_chosen_once(cards: None) -> None:
    """106.1a, 608.2h: Deathbloom Ritualist with two creature cards in alice's graveyard adds
    two mana of the one color she chose, {R}{R}; with none, nothing (and nothing to choose)."""
    ritualist = "  - {id: ritualist, card: Deathbloom Ritualist, controller: alice, timestamp: 1}\n"
    dead = ("  - {id: dead, card: Grizzly Bears, owner: alice, zone: graveyard}\n"
            "  - {id: dead2, card: Coral Merfolk, owner: alice, zone: graveyard}\n"
            "  - {id: land, card: Swamp, owner: alice, zone: graveyard}\n")
    script = ("    - {mana_choice: {ritualist: \"{R}\"}}\n"
              "    - {activate: {player: alice, source: ritualist}}\n    - {checkpoint: tapped}\n")
    out = _run(ritualist + dead, script, "  checkpoints:\n    tapped: {stack: [], mana: {alice: \"{R}{R}\"}}\n")
    assert out.passed, (out.message, out.diffs)
    script = "    - {activate: {player: alice, source: ritualist}}\n    - {checkpoint: tapped}\n"
    out = _run(ritualist, script, "  checkpoints:\n    tapped: {stack: [], mana: {alice: \"\"}}\n")
    assert out.passed, (out.message, out.diffs)


def test_the_chosen_color_is_read_from_the_choice_made_as_it_entered(cards: None) -> None:
    """614.12a, 607.2d: Coldsteel Heart cast and resolved, alice chooses red as it enters
    (616.1: she orders the two replacement effects); its mana ability then adds {R}. A Heart
    put on the battlefield with no color chosen adds no mana."""
    assert _adds("Coldsteel Heart")[0]["do"] == [
        {"kind": "add_mana", "player": "you", "mana": "one mana of the chosen color"}]
    hand = "  - {id: heart, card: Coldsteel Heart, owner: alice, zone: hand}\n"
    alice = "{id: alice, library_size: 10, hand_size: 1, mana: \"{C}{C}\"}"
    script = ("    - {cast: {spell: heart, player: alice, payment: {pool: \"{C}{C}\"}}}\n"
              "    - {choose: [{effect: heart/2, choice: red}, {effect: heart/1}]}\n    - resolve\n"
              "    - {advance: {step: precombat_main, turn: 5}}\n"
              "    - {activate: {player: alice, source: heart}}\n    - {checkpoint: tapped}\n")
    text = ("id: cards/mana-costs-smoke\ntitle: smoke\ncr: [\"607.2d\"]\nrationale: smoke\n"
            f"players: [{alice}, {{id: bob, library_size: 10}}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n" + hand +
            f"query:\n  kind: game\n  script:\n{script}expect:\n"
            "  checkpoints:\n    tapped: {stack: [], mana: {alice: \"{R}\"}}\n")
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)
    board = "  - {id: heart, card: Coldsteel Heart, controller: alice, timestamp: 1}\n"
    out = _run(board, "    - {activate: {player: alice, source: heart}}\n    - {checkpoint: tapped}\n",
               "  checkpoints:\n    tapped: {stack: [], mana: {alice: \"\"}, objects: {heart: {tapped: true}}}\n")
    assert out.passed, (out.message, out.diffs)
    chosen = "  - {id: heart, card: Coldsteel Heart, controller: alice, timestamp: 1, chosen: {color: black}}\n"
    out = _run(chosen, "    - {activate: {player: alice, source: heart}}\n    - {checkpoint: tapped}\n",
               "  checkpoints:\n    tapped: {stack: [], mana: {alice: \"{B}\"}}\n")
    assert out.passed, (out.message, out.diffs)



@pytest.mark.parametrize("color, outcome", [("red", "mana"), ("green", "illegal")])
def test_a_color_other_than_green(cards: None, color: str, outcome: str) -> None:
    """614.12a, 616.1e: Manor Gate's choice offers the four colors other than green (green is
    no such choice); chosen red, its mana ability adds {G} or {R}, alice's choice (106.1a)."""
    assert _compiled("Manor Gate").status == "full"
    objects = "  - {id: gate, card: Manor Gate, owner: alice, zone: hand}\n"
    script = (f"    - {{choose: [{{effect: gate/2, choice: {color}}}, {{effect: gate/1}}]}}\n"
              "    - {play_land: {player: alice, card: gate}}\n"
              "    - {advance: {step: precombat_main, turn: 5}}\n"
              "    - {mana_choice: {gate: \"{R}\"}}\n"
              "    - {activate: {player: alice, source: gate}}\n    - {checkpoint: tapped}\n")
    expect = ("  checkpoints:\n    tapped: {stack: [], mana: {alice: \"{R}\"}}\n" if outcome == "mana"
              else '  illegal: {action: 1, rule: "616.1e"}\n')
    out = _run(objects, script, expect, hand=1)
    assert out.passed, (out.message, out.diffs)


def test_enters_tapped_and_a_color_other_than_white_in_one_paragraph(cards: None) -> None:
    """614.1c, 614.12a, 616.1: "This land enters tapped. As it enters, choose a color other than
    white." is two replacement effects, each its own (alice orders them); chosen blue, the land
    enters tapped and its mana ability adds {W} or {U} (607.2d, 106.1a)."""
    assert _compiled("Thriving Heath").status == "full"
    objects = "  - {id: heath, card: Thriving Heath, owner: alice, zone: hand}\n"
    script = ("    - {choose: [{effect: heath/2, choice: blue}, {effect: heath/1}]}\n"
              "    - {play_land: {player: alice, card: heath}}\n    - {checkpoint: played}\n"
              "    - {advance: {step: precombat_main, turn: 5}}\n"
              "    - {mana_choice: {heath: \"{U}\"}}\n"
              "    - {activate: {player: alice, source: heath}}\n    - {checkpoint: tapped}\n")
    expect = ("  checkpoints:\n    played: {objects: {heath: {tapped: true}}}\n"
              "    tapped: {stack: [], mana: {alice: \"{U}\"}}\n")
    out = _run(objects, script, expect, hand=1)
    assert out.passed, (out.message, out.diffs)
