"""Mana added by a spell or a triggered ability (CR 106.3, 106.4, 605.5: pyengine/oracle/
effects_mana.py, pyengine/game/add_mana.py) and mana abilities whose source deals damage to
their controller (605.3b: pyengine/oracle/templates.py ``mana``, pyengine/cast/mana.py,
pyengine/game/paying.py). Real cards' Oracle text, from a small card-data file."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.oracle import effects as E
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


CARDS = [
    _face("Dark Ritual", "{B}", ["Instant"], "Add {B}{B}{B}."),
    _face("Liturgy of Blood", "{3}{B}{B}", ["Sorcery"], "Destroy target creature. Add {B}{B}{B}."),
    _face("Priest of Urabrask", "{2}{R}", ["Creature"], "When this creature enters, add {R}{R}{R}.",
          power="2", toughness="1", subtypes=["Human", "Cleric"]),
    _face("Su-Chi", "{4}", ["Artifact", "Creature"], "When Su-Chi dies, add {C}{C}{C}{C}.",
          power="4", toughness="4", subtypes=["Construct"]),
    _face("Radha, Heir to Keld", "{R}{G}", ["Creature"], "Whenever Radha attacks, you may add {R}{R}.\n"
          "{T}: Add {G}.", power="2", toughness="2", subtypes=["Elf", "Warrior"], supertypes=["Legendary"]),
    _face("Ancient Tomb", "", ["Land"], "{T}: Add {C}{C}. Ancient Tomb deals 2 damage to you."),
    _face("Caves of Koilos", "", ["Land"], "{T}: Add {C}.\n{T}: Add {W} or {B}. Caves of Koilos deals 1 "
          "damage to you."),
    _face("Cinder Marsh", "", ["Land"], "{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap "
          "during your next untap step."),
    _face("Blazemire Verge", "", ["Land"], "{T}: Add {B}.\n{T}: Add {R}. Activate only if you control a "
          "Swamp or a Mountain."),
    _face("Mountain", "", ["Land"], "({T}: Add {R}.)", subtypes=["Mountain"], supertypes=["Basic"]),
    _face("Lightning Bolt", "{R}", ["Instant"], "Lightning Bolt deals 3 damage to any target."),
    _face("Dark Fortress", "", ["Land"], "{T}: Add {C}.\n{T}: Add {B} or {R}. Activate only if this land "
          "entered this turn or if you control a basic land."),
    _face("Grizzly Bears", "{1}{G}", ["Creature"], "", power="2", toughness="2", subtypes=["Bear"]),
    _face("Swamp", "", ["Land"], "({T}: Add {B}.)", subtypes=["Swamp"], supertypes=["Basic"]),
    _face("Lotus Cobra", "{1}{G}", ["Creature"], "Landfall — Whenever a land you control enters, add one "
          "mana of any color.", power="2", toughness="1", subtypes=["Snake"]),
    _face("Forest", "", ["Land"], "({T}: Add {G}.)", subtypes=["Forest"], supertypes=["Basic"]),
    # left as text: what each doesn't model
    _face("Cabal Ritual", "{1}{B}", ["Instant"], "Add {B}{B}{B}.\nThreshold — Add {B}{B}{B}{B}{B} instead "
          "if there are seven or more cards in your graveyard."),
    _face("Brazen Collector", "{1}{R}", ["Creature"], "First strike\nWhenever this creature attacks, add "
          "{R}. Until end of turn, you don't lose this mana as steps and phases end.",
          power="2", toughness="1", subtypes=["Human", "Rogue"]),
    _face("Pristine Talisman", "{3}", ["Artifact"], "{T}: Add {C}. You gain 1 life."),
    _face("Rainbow Vale", "", ["Land"], "{T}: Add one mana of any color. An opponent gains control of this "
          "land at the beginning of the next end step."),
    _face("Elvish Spirit Guide", "{2}{G}", ["Creature"], "Exile this card from your hand: Add {G}.",
          power="2", toughness="2", subtypes=["Elf", "Spirit"]),
    _face("Mishra's Workshop", "", ["Land"], "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact "
          "spells."),
    _face("Battle Hymn", "{1}{R}{R}", ["Instant"], "Add {R} for each creature you control."),
]


@pytest.fixture
def mana_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_add_sentence() -> None:
    """106.4: "Add {B}{B}{B}" in a spell or a triggered ability is an instruction; an
    activated ability's "Add" is a mana ability (605.1a), never an instruction on the stack."""
    got = E.effect("Add {B}{B}{B}.", spell=True)
    assert got is not None and got.do == [{"kind": "add_mana", "player": "you", "mana": "{B}{B}{B}"}]
    assert E.effect("Add {B}{B}{B}.", spell=True, ability=True) is None
    # a choice of mana, made as it resolves (106.1a)
    for text, mana in (("Add one mana of any color.", "one mana of any color"),
                       ("Add {R} or {G}.", "{R} or {G}"),
                       ("Add two mana of any one color.", "two mana of any one color"),
                       ("Add two mana in any combination of colors.",
                        "two mana in any combination of colors")):
        got = E.effect(text, spell=True)
        assert got is not None and got.do == [{"kind": "add_mana", "player": "you", "mana": mana}], text
    # an amount, mana for another player, generic mana: not read (608.2h, 106.1)
    for text in ("Add {R} for each creature you control.",
                 "Target player adds {G}.", "Add {2}.", "Add one mana of the chosen color.",
                 "Add X mana of any one color, where X is the number of Shrines you control."):
        assert E.effect(text, spell=True) is None, text


def test_compiled_cards(mana_data: None) -> None:
    ritual = _compiled("Dark Ritual")
    assert ritual.status == "full"
    assert ritual.card["does"]["do"] == [{"kind": "add_mana", "player": "you", "mana": "{B}{B}{B}"}]
    liturgy = _compiled("Liturgy of Blood")  # 608.2c: in order, after the destruction
    assert liturgy.status == "full"
    assert [e["kind"] for e in liturgy.card["does"]["do"]] == ["destroy", "add_mana"]
    for name in ("Priest of Urabrask", "Su-Chi", "Radha, Heir to Keld", "Lotus Cobra"):
        assert _compiled(name).status == "full", name
    tomb = _compiled("Ancient Tomb")
    assert tomb.status == "full" and tomb.card["abilities"] == [{"mana": "{C}{C}", "damage": 2}]
    caves = _compiled("Caves of Koilos")
    assert caves.card["abilities"] == [{"mana": "C"}, {"mana": "{W} or {B}", "damage": 1}]
    marsh = _compiled("Cinder Marsh")
    assert marsh.status == "full"
    assert marsh.card["abilities"] == [{"mana": "C"}, {"mana": "{B} or {R}", "doesnt_untap": True}]


@pytest.mark.parametrize("name, clause", [
    ("Cabal Ritual", "Threshold"),  # a replacement of the mana added ("instead"), 614.1a
    ("Brazen Collector", "don't lose this mana"),  # an exception to 106.4
    ("Rainbow Vale", "An opponent gains control"),  # a mana ability's delayed trigger (603.7)
    ("Elvish Spirit Guide", "Exile this card from your hand"),  # a mana ability's cost not paid (113.6m)
    ("Mishra's Workshop", "Spend this mana only"),  # a restriction on spending (106.6)
    ("Battle Hymn", "for each"),  # an amount counted as it resolves (608.2h)
    ("Dark Fortress", "entered this turn"),  # a restriction other than controlling a subtype (602.5)
])
def test_left_as_text(mana_data: None, name: str, clause: str) -> None:
    got = _compiled(name)
    assert got.status != "full", name
    texts = [c.text for c in got.clauses if c.template is None or "(text)" in c.template]
    assert any(clause in t for t in texts), (name, texts)


def _run(objects: str, script: str, expect: str, hand: int = 0) -> Any:
    text = ("id: cards/add-mana-smoke\ntitle: smoke\ncr: [\"106.4\"]\nrationale: smoke\n"
            f"players: [{{id: alice, library_size: 10, hand_size: {hand}}}, {{id: bob, library_size: 10}}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n" + objects +
            f"query:\n  kind: game\n  script:\n{script}expect:\n{expect}")
    return runner.run_scenario(api.loads(text))


def test_ritual_mana_pays_a_spell_in_the_same_step(mana_data: None) -> None:
    """605.5b, 106.4, 601.2h: the first Dark Ritual (paid with the Swamp) resolves, {B}{B}{B}
    in alice's pool; in the same step one {B} of it pays for the second Ritual, which adds
    {B}{B}{B} more: {B}{B} + {B}{B}{B}."""
    objects = ("  - {id: ritual, card: Dark Ritual, owner: alice, zone: hand}\n"
               "  - {id: ritual2, card: Dark Ritual, owner: alice, zone: hand}\n"
               "  - {id: swamp, card: Swamp, controller: alice, timestamp: 1}\n")
    script = ("    - {cast: {spell: ritual, player: alice, payment: {tap: [swamp]}}}\n    - resolve\n"
              "    - {checkpoint: one}\n"
              "    - {cast: {spell: ritual2, player: alice, payment: {pool: \"{B}\"}}}\n    - resolve\n"
              "    - {checkpoint: two}\n")
    out = _run(objects, script, "  checkpoints:\n    one: {stack: [], mana: {alice: \"{B}{B}{B}\"}}\n"
                                "    two: {stack: [], mana: {alice: \"{B}{B}{B}{B}{B}\"}}\n", hand=2)
    assert out.passed, (out.message, out.diffs)


def test_pool_empties_between_steps(mana_data: None) -> None:
    """106.4, 500.5: the mana Su-Chi's death adds is gone once the main phase ends."""
    objects = "  - {id: suchi, card: Su-Chi, controller: alice, timestamp: 1}\n"
    script = ("    - {events: [{kind: destroy, object: suchi}]}\n    - resolve\n    - {checkpoint: died}\n"
              "    - {advance: beginning_of_combat}\n    - {checkpoint: combat}\n")
    out = _run(objects, script, "  checkpoints:\n    died: {mana: {alice: \"{C}{C}{C}{C}\"}}\n"
                                "    combat: {mana: {alice: \"\"}}\n")
    assert out.passed, (out.message, out.diffs)


def test_ancient_tomb_deals_two_damage_to_its_controller(mana_data: None) -> None:
    """605.3b, 120.3a: tapped for {C}{C}, the Tomb deals 2 damage to alice at once: 20 to 18."""
    objects = "  - {id: tomb, card: Ancient Tomb, controller: alice, timestamp: 1}\n"
    script = "    - {mana: {player: alice, tap: [tomb]}}\n    - {checkpoint: tapped}\n"
    out = _run(objects, script,
               "  checkpoints:\n    tapped: {mana: {alice: \"{C}{C}\"}, life: {alice: 18, bob: 20}}\n")
    assert out.passed, (out.message, out.diffs)


def test_painland_colorless_ability_deals_no_damage(mana_data: None) -> None:
    """605.3b: only the ability that says so deals damage: Caves of Koilos tapped for {C}."""
    objects = "  - {id: caves, card: Caves of Koilos, controller: alice, timestamp: 1}\n"
    script = "    - {mana: {player: alice, tap: [{id: caves, mana: C}]}}\n    - {checkpoint: tapped}\n"
    out = _run(objects, script, "  checkpoints:\n    tapped: {mana: {alice: \"{C}\"}, life: {alice: 20}}\n")
    assert out.passed, (out.message, out.diffs)
    script = "    - {mana: {player: alice, tap: [{id: caves, mana: B}]}}\n    - {checkpoint: tapped}\n"
    out = _run(objects, script, "  checkpoints:\n    tapped: {mana: {alice: \"{B}\"}, life: {alice: 19}}\n")
    assert out.passed, (out.message, out.diffs)


def test_language_refuses_what_isnt_mana() -> None:
    """106.1: add_mana adds mana of types, no generic mana; damage: is said of a mana ability."""
    from pyengine.errors import ScenarioError

    def doc(ability: str) -> str:
        return ("id: t/add\ntitle: t\ncr: [\"106.4\"]\nrationale: t\n"
                "players: [{id: alice}, {id: bob}]\nturn: {active: alice, number: 3, step: precombat_main}\n"
                "objects:\n  - {id: x, name: Test Thing, types: [Artifact], controller: alice,\n"
                "     timestamp: 1,\n"
                f"     abilities: [{ability}]}}\n"
                "query: {kind: game, script: [pass]}\nexpect: {checkpoints: {}}\n")

    dies = "{text: t, trigger: {when: {kind: dies, obj: self}}, do: [{kind: add_mana, mana: "
    api.loads(doc(dies + '"{R}{G}"}]}'))
    api.loads(doc('{mana: "{C}{C}", damage: 2}'))
    with pytest.raises(ScenarioError, match="no generic mana"):
        api.loads(doc(dies + '"{2}"}]}'))
    with pytest.raises(ScenarioError, match="damage"):
        api.loads(doc('{static: {affects: self, modify_pt: {power: 1, toughness: 1}}, damage: 2}'))


def test_a_choice_of_mana_is_the_players(mana_data: None) -> None:
    """106.1a, 608.2d: Lotus Cobra's "add one mana of any color": alice's Forest enters, the
    ability resolves with the color she chose ahead; without her choice the game stops naming
    it (the resolve), and mana the ability can't add is refused."""
    objects = ("  - {id: cobra, card: Lotus Cobra, controller: alice, timestamp: 1}\n"
               "  - {id: forest, card: Forest, owner: alice, zone: hand}\n")
    enter = ("    - {events: [{kind: enter, object: forest, from: hand}]}\n    - resolve\n"
             "    - {checkpoint: done}\n")
    out = _run(objects, "    - {mana_choice: {cobra: \"{U}\"}}\n" + enter,
               "  checkpoints:\n    done: {stack: [], mana: {alice: \"{U}\"}}\n", hand=1)
    assert out.passed, (out.message, out.diffs)
    out = _run(objects, enter, '  illegal: {action: 1, rule: "106.1a"}\n', hand=1)
    assert out.passed, (out.message, out.diffs)
    out = _run(objects, "    - {mana_choice: {cobra: \"{C}\"}}\n" + enter,
               '  illegal: {action: 2, rule: "106.1a"}\n', hand=1)
    assert out.passed, (out.message, out.diffs)


@pytest.mark.parametrize("mana, tapped", [("B", True), ("C", False)])
def test_cinder_marsh_stays_tapped_only_after_its_second_ability(mana_data: None, mana: str,
                                                                  tapped: bool) -> None:
    """502.3, 611.2a: the {B}-or-{R} ability's effect keeps the Marsh tapped in alice's next
    untap step; tapped for {C} it untaps then as usual."""
    objects = "  - {id: marsh, card: Cinder Marsh, controller: alice, timestamp: 1}\n"
    script = (f"    - {{mana: {{player: alice, tap: [{{id: marsh, mana: {mana}}}]}}}}\n"
              "    - {advance: {step: upkeep, turn: 5}}\n    - {checkpoint: next}\n")
    marsh = f"{{marsh: {{tapped: {str(tapped).lower()}}}}}"
    out = _run(objects, script, f"  checkpoints:\n    next: {{objects: {marsh}}}\n")
    assert out.passed, (out.message, out.diffs)


def test_verge_restriction_in_a_payment(mana_data: None) -> None:
    """602.5, 601.2g: paying Lightning Bolt's {R} with Blazemire Verge's second ability is
    refused while alice controls no Swamp or Mountain, and allowed once she controls a Mountain."""
    def objects(extra: str) -> str:
        return ("  - {id: verge, card: Blazemire Verge, controller: alice, timestamp: 1}\n"
                "  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}\n" + extra)

    cast = ("    - {cast: {spell: bolt, player: alice, targets: {any: [bob]},\n"
            "              payment: {tap: [{id: verge, mana: R}]}}}\n"
            "    - resolve\n    - {checkpoint: done}\n")
    out = _run(objects(""), cast, '  illegal: {action: 0, rule: "602.5"}\n', hand=1)
    assert out.passed, (out.message, out.diffs)
    out = _run(objects("  - {id: mountain, card: Mountain, controller: alice, timestamp: 2}\n"), cast,
               "  checkpoints:\n    done: {life: {bob: 17},\n"
               "           objects: {verge: {tapped: true}, mountain: {tapped: false}}}\n",
               hand=1)
    assert out.passed, (out.message, out.diffs)


def test_a_triggered_mana_ability_is_not_read_as_one_on_the_stack(monkeypatch: pytest.MonkeyPatch) -> None:
    """605.1b, 605.4a: "Whenever you tap a land for mana, add {G}" triggers from a mana ability
    and resolves at once, without the stack: even when its trigger event is read, it is not
    compiled into a triggered ability that uses the stack (but into a triggered mana ability);
    "When SELF enters, add {G}" is (605.5a)."""
    from pyengine.oracle import abilities as A

    monkeypatch.setattr(A, "_when", lambda head, card: ({"when": {"kind": "tap", "obj": {"types": ["Land"]}}},
                                                         False))
    # read as a triggered mana ability (pyengine/oracle/mana_triggers.py), whose event the trigger
    # engine never sees: the game resolves it right after the land's mana ability (605.4a)
    got = A.triggered("Whenever you tap a land for mana, add {G}.", "t", {"types": ["Creature"]})
    assert got is not None and got[0]["trigger"]["when"]["kind"] == "tapped_for_mana"
    assert A.triggered("Whenever a land's ability causes you to add mana, add {G}.", "t",
                       {"types": ["Creature"]}) is None
    got = A.triggered("Whenever SELF becomes tapped, add {G}.", "t", {"types": ["Creature"]})
    assert got is not None and got[0]["do"] == [{"kind": "add_mana", "player": "you", "mana": "{G}"}]
