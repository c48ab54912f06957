"""'You may pay {N}. If you do, ...' (pyengine/oracle/effects_choice.py, pyengine/game/choice.py):
a cost paid as a triggered ability resolves (CR 118.12, 603.5, 608.2d), from the player's mana
pool (106.4); "if you do" checks that it was paid (118.12), and a player can't choose to pay
what they can't (118.3). Real cards' Oracle text, from a small card-data file."""

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
    _face("Grizzly Bears", "{1}{G}", ["Creature"], "", power="2", toughness="2", subtypes=["Bear"]),
    _face("Gray Ogre", "{2}{R}", ["Creature"], "", power="2", toughness="2", subtypes=["Ogre"]),
    _face("Soul Net", "{1}", ["Artifact"], "Whenever a creature dies, you may pay {1}. If you do, you gain 1 life."),
    _face("Eye of Vecna", "{2}", ["Artifact"], "When Eye of Vecna enters, you draw a card and you lose 2 life.\n"
          "At the beginning of your upkeep, you may pay {2}. If you do, you draw a card and you lose 2 life.",
          supertypes=["Legendary"]),
    _face("Thriving Grubs", "{1}{R}", ["Creature"], "When this creature enters, you get {E}{E} (two energy "
          "counters).\nWhenever this creature attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it.",
          power="2", toughness="1", subtypes=["Gremlin"]),
]


@pytest.fixture
def pay_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_you_may_pay_mana_is_the_optional_action() -> None:
    """118.12, 118.12: the payment is the optional action, what "if you do" says its ``then``."""
    got = E.effect("You may pay {2}{G}. If you do, draw a card.")
    assert got is not None and got.do == [{"kind": "may", "do": [{"kind": "pay_mana", "player": "you",
                                                                   "mana": "{2}{G}"}],
                                           "then": [{"kind": "draw", "player": "you"}]}]
    # 608.2c: both instructions of "if you do, X and Y" (or "X, then Y") depend on the payment
    got = E.effect("You may pay {1}. If you do, scry 1, then draw a card.")
    assert got is not None and len(got.do) == 1 and got.do[0]["then"] == [
        {"kind": "scry"}, {"kind": "draw", "player": "you"}]
    # not paid from the pool here: hybrid, Phyrexian, {X}, energy (107.4e, 107.4f, 107.3, 107.14)
    for text in ("You may pay {W/B}. If you do, draw a card.", "You may pay {G/P}. If you do, draw a card.",
                 "You may pay {X}. If you do, draw X cards.", "You may pay {E}{E}. If you do, draw a card."):
        assert E.effect(text) is None, text


def test_compiled_cards(pay_data: None) -> None:
    soul = _compiled("Soul Net")
    assert soul.status == "full"
    assert soul.card["abilities"][0]["do"] == [
        {"kind": "may", "do": [{"kind": "pay_mana", "player": "you", "mana": "{1}"}],
         "then": [{"kind": "gain_life", "player": "you", "amount": 1}]}]
    eye = _compiled("Eye of Vecna")
    upkeep = eye.card["abilities"][1]["do"]
    assert upkeep == [{"kind": "may", "do": [{"kind": "pay_mana", "player": "you", "mana": "{2}"}],
                       "then": [{"kind": "draw", "player": "you"},
                                {"kind": "lose_life", "player": "you", "amount": 2}]}]
    grubs = _compiled("Thriving Grubs")  # energy is no mana (107.14): the clause stays text
    assert grubs.status != "full"
    assert any("{E}{E}" in a.get("text", "") for a in grubs.card["abilities"] if isinstance(a, dict)
               and "do" not in a)


def _game(pool: str, choices: str, expect: str) -> str:
    """alice's Soul Net; bob's Gray Ogre destroyed (it dies, 700.4): the Net triggers (603.2)
    and resolves with alice's pool ``pool``."""
    mana = f', mana: "{pool}"' if pool else ""
    return ("id: cards/soul-net-smoke\ntitle: smoke\ncr: [\"118.12\"]\nrationale: smoke\n"
            f"players: [{{id: alice, library_size: 10{mana}}}, {{id: bob, library_size: 10}}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n"
            "  - {id: net, card: Soul Net, controller: alice, timestamp: 1}\n"
            "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
            f"query:\n  kind: game\n  script:\n{choices}"
            "    - {events: [{kind: destroy, object: ogre}]}\n    - resolve\n    - {checkpoint: done}\n"
            f"expect:\n{expect}")


def _run(text: str) -> Any:
    return runner.run_scenario(api.loads(text))


def test_paid_the_effect_happens(pay_data: None) -> None:
    """118.12, 118.12: alice pays {1} with her {C}: "if you do" holds, she gains 1 life (119.1);
    her pool is empty."""
    out = _run(_game("{C}", "    - {may: {net: true}}\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 21}, mana: {alice: \"\"},\n"
                     "           objects: {ogre: {zone: graveyard}}}\n"))
    assert out.passed, (out.message, out.diffs)


def test_declined_nothing_happens(pay_data: None) -> None:
    """603.5, 118.12: alice doesn't pay: no life gained, her {C} stays in her pool."""
    out = _run(_game("{C}", "    - {may: {net: false}}\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 20}, mana: {alice: \"{C}\"}}\n"))
    assert out.passed, (out.message, out.diffs)


def test_cant_pay_cant_choose_to(pay_data: None) -> None:
    """118.3: with an empty pool alice can't pay {1}, so she can't choose to (the resolve,
    action 2, is refused naming 118.3); declining is still legal: nothing happens."""
    out = _run(_game("", "    - {may: {net: true}}\n", '  illegal: {action: 2, rule: "118.3"}\n'))
    assert out.passed, (out.message, out.diffs)
    out = _run(_game("", "    - {may: {net: false}}\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 20}}\n"))
    assert out.passed, (out.message, out.diffs)


def test_the_player_chooses_which_mana_pays(pay_data: None) -> None:
    """106.4, 118.3: {1} from a pool of {R}{G} can be paid two ways: alice names {G}; {R}
    stays. Without her choice the game stops rather than choose for her (601.2h's rule for
    costs: the player pays)."""
    out = _run(_game("{R}{G}", "    - {may: {net: true}}\n    - {pay_choice: {net: \"{G}\"}}\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 21}, mana: {alice: \"{R}\"}}\n"))
    assert out.passed, (out.message, out.diffs)
    out = _run(_game("{R}{G}", "    - {may: {net: true}}\n", '  illegal: {action: 2, rule: "106.4"}\n'))
    assert out.passed, (out.message, out.diffs)


def test_pay_mana_is_only_a_mays_optional_action() -> None:
    """118.12: the payment is made only as the optional action "you may pay"; elsewhere in an
    ability's events the language refuses it, naming the field."""
    from pyengine.errors import ScenarioError

    def doc(do: str) -> str:
        return ("id: t/pay\ntitle: t\ncr: [\"118.12\"]\nrationale: t\n"
                "players: [{id: alice}, {id: bob}]\nturn: {active: alice, number: 3, step: precombat_main}\n"
                "objects:\n  - {id: net, name: Test Net, types: [Artifact], controller: alice, timestamp: 1,\n"
                "     abilities: [{text: t, trigger: {when: {kind: dies, obj: {types: [Creature]}}},\n"
                f"                  do: [{do}]}}]}}\n"
                "query: {kind: game, script: [pass]}\nexpect: {checkpoints: {}}\n")

    api.loads(doc('{kind: may, do: [{kind: pay_mana, mana: "{1}"}], then: [{kind: gain_life, amount: 1}]}'))
    with pytest.raises(ScenarioError, match="pay_mana"):
        api.loads(doc('{kind: pay_mana, mana: "{1}"}'))
    with pytest.raises(ScenarioError, match="pay_mana"):
        api.loads(doc('{kind: may, do: [{kind: draw}], then: [{kind: pay_mana, mana: "{1}"}]}'))
    with pytest.raises(ScenarioError, match="mana symbols"):
        api.loads(doc('{kind: may, do: [{kind: pay_mana, mana: "{W/B}"}]}'))
