"""Kicker's conditions (pyengine/oracle/kicker.py): "When this creature enters, if it was
kicked, ..." (CR 702.33d, 603.4). The cast engine runs kicker (an optional additional cost,
702.33a, 601.2f); a spell cast with it paid is kicked, and so is the permanent it becomes
(702.33d). Real cards' Oracle text, from a small card-data file."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.scenario import runner


def _face(name: str, cost: str, types: list[str], text: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "manaCost": cost, "type": " ".join(types), "types": types, "subtypes": [],
            "supertypes": [], "colors": [], "text": text, "layout": "normal", **more}


KICKER = "Kicker {4}{G} (You may pay an additional {4}{G} as you cast this spell.)\n"
CARDS = [
    _face("Krosan Druid", "{2}{G}", ["Creature"], KICKER + "When this creature enters, if it was kicked, "
          "you gain 10 life.", power="2", toughness="3", subtypes=["Centaur", "Druid"]),
    _face("Bubble Snare", "{U}", ["Enchantment"], "Kicker {2}{U}\nEnchant creature\nWhen this Aura enters, "
          "if it was kicked, tap enchanted creature.\nEnchanted creature doesn't untap during its "
          "controller's untap step.", subtypes=["Aura"]),
    _face("Sowing Mycospawn", "{3}{G}", ["Creature"], "Kicker {1}{C}\nWhen you cast this spell, if it was "
          "kicked, exile target land.", power="3", toughness="3", subtypes=["Eldrazi"]),
    _face("Blink of an Eye", "{1}{U}", ["Instant"], "Kicker {1}{U}\nReturn target nonland permanent to its "
          "owner's hand. If this spell was kicked, draw a card."),
    _face("Burst Lightning", "{R}", ["Instant"], "Kicker {4}\nBurst Lightning deals 2 damage to any target. "
          "If this spell was kicked, it deals 4 damage instead."),
    _face("Academy Drake", "{2}{U}", ["Creature"], "Kicker {4}\nFlying\nIf this creature was kicked, it "
          "enters with two +1/+1 counters on it.", power="2", toughness="2", subtypes=["Drake"]),
    _face("Whispers of the Muse", "{U}", ["Instant"], "Buyback {5}\nDraw a card."),
    _face("Archangel of Wrath", "{2}{W}{W}", ["Creature"], "Kicker {B} and/or {R}\nFlying, lifelink\n"
          "When this creature enters, if it was kicked, it deals 2 damage to any target.\nWhen this "
          "creature enters, if it was kicked twice, it deals 2 damage to any target.", power="3",
          toughness="4", subtypes=["Angel"]),
]


@pytest.fixture
def kicker_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def _compiled(name: str) -> Any:
    from pyengine import oracle

    got = oracle.compiled(name)
    assert got is not None, name
    return got


def test_if_it_was_kicked_is_a_condition_on_the_object_itself(kicker_data: None) -> None:
    """702.33d, 603.4: the condition is that the ability's own object is kicked, checked in
    whatever zone it is as the ability resolves."""
    druid = _compiled("Krosan Druid")
    assert druid.status == "full"
    trig = next(a for a in druid.card["abilities"] if isinstance(a, dict) and "trigger" in a)
    assert trig["trigger"] == {"when": {"kind": "enters", "obj": "self"},
                               "if": {"exists": {"self": True, "zone": "any", "kicked": True}}}
    assert trig["do"] == [{"kind": "gain_life", "player": "you", "amount": 10}]


def test_wordings_not_read_stay_text(kicker_data: None) -> None:
    """Not read: an Aura (the cast engine doesn't choose an Aura spell's target, 303.4a), "when
    you cast this spell" (no game made for it), "kicked twice" (702.33b, 702.33d: two kicker costs,
    kicked twice when both are paid, which the cast engine doesn't count)."""
    for name, words in (("Bubble Snare", "if it was kicked, tap enchanted creature"),
                        ("Sowing Mycospawn", "if it was kicked, exile target land"),
                        ("Archangel of Wrath", "kicked twice")):
        got = _compiled(name)
        assert got.status != "full", name
        assert any(words in a.get("text", "") and "trigger" not in a
                   for a in got.card["abilities"] if isinstance(a, dict)), name


def _game(kicked: bool, pool: str, script: str, expect: str) -> str:
    kick = "kicked: true, " if kicked else ""
    return ("id: cards/kicker-smoke\ntitle: smoke\ncr: [\"702.33d\"]\nrationale: smoke\n"
            f"players: [{{id: alice, hand_size: 1, library_size: 10, mana: \"{pool}\"}}, "
            "{id: bob, library_size: 10}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n"
            "  - {id: druid, card: Krosan Druid, owner: alice, zone: hand}\n"
            "query:\n  kind: game\n  script:\n"
            f"    - {{cast: {{spell: druid, {kick}payment: {{pool: \"{pool}\"}}}}}}\n{script}"
            f"expect:\n{expect}")


def _run(text: str) -> Any:
    return runner.run_scenario(api.loads(text))


def test_kicked_the_ability_triggers_and_resolves(kicker_data: None) -> None:
    """702.33a, 601.2f: {2}{G} plus {4}{G}; kicked (702.33d), the permanent it becomes is too:
    its ability triggers (603.4) and alice gains 10 life (119.1)."""
    pool = "{G}{G}{C}{C}{C}{C}{C}{C}"
    out = _run(_game(True, pool, "    - resolve\n    - resolve\n    - {checkpoint: done}\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 30}, mana: {alice: \"\"}}\n"))
    assert out.passed, (out.message, out.diffs)


def test_not_kicked_no_trigger(kicker_data: None) -> None:
    """603.4: not kicked, the intervening "if" is false as it enters: no trigger; the second
    resolve finds the stack empty (117.4)."""
    out = _run(_game(False, "{G}{C}{C}", "    - resolve\n    - {checkpoint: done}\n    - resolve\n",
                     "  checkpoints:\n    done: {stack: [], life: {alice: 20}}\n"
                     "  illegal: {action: 3, rule: \"117.4\"}\n"))
    assert out.passed, (out.message, out.diffs)


def test_generated_game_casts_it_kicked(kicker_data: None) -> None:
    """The generated game pays the kicker from alice's pool and runs to an empty stack."""
    import yaml

    from pyengine.oracle.execute_triggers import game_text, run_game

    druid = _compiled("Krosan Druid")
    doc = yaml.safe_load(game_text(druid) or "")
    cast = next(a["cast"] for a in doc["query"]["script"] if isinstance(a, dict) and "cast" in a)
    assert cast["kicked"] is True and cast["payment"] == {"pool": "{C}{C}{G}{C}{C}{C}{C}{G}"}
    ran, why = run_game(druid, 60)
    assert ran, why


def test_if_this_spell_was_kicked_is_a_kicked_instruction(kicker_data: None) -> None:
    """702.33e: "If this spell was kicked, draw a card." is done only when kicked; "... instead"
    (which replaces the instruction before it) is not read: the spell stays text."""
    blink = _compiled("Blink of an Eye")
    assert blink.status == "full"
    assert blink.card["does"]["do"][1] == {"kind": "kicked", "do": [{"kind": "draw", "player": "you"}]}
    burst = _compiled("Burst Lightning")
    assert burst.status != "full" and "does" not in burst.card


def test_kicked_spell_and_buyback_generated_games(kicker_data: None) -> None:
    """The generated game casts Blink of an Eye kicked (its draw expected: library 10 to 9) and
    Whispers of the Muse with buyback paid (702.27a), and both run to an empty stack."""
    import yaml

    from pyengine.oracle import execute_game as EG
    from pyengine.oracle.execute_triggers import run_game

    for name, flag in (("Blink of an Eye", "kicked"), ("Whispers of the Muse", "buyback")):
        card = _compiled(name)
        assert card.status == "full", name
        doc = yaml.safe_load(EG.game_text(card) or "")
        cast = doc["query"]["script"][0]["cast"]
        assert cast[flag] is True, (name, cast)
        ran, why = run_game(card, 60)
        assert ran, (name, why)
    whispers = _compiled("Whispers of the Muse")
    assert {"buyback": "{5}"} in whispers.card["abilities"]


def test_kicked_enters_with_counters(kicker_data: None) -> None:
    """702.33d, 614.1c: "If this creature was kicked, it enters with two +1/+1 counters on it." is
    the permanent's own enters-with-counters effect, applied only when the spell was kicked
    (614.12); cast kicked it enters a 4/4, not kicked a 2/2."""
    drake = _compiled("Academy Drake")
    assert drake.status == "full"
    static = next(a["static"] for a in drake.card["abilities"] if isinstance(a, dict) and "static" in a)
    assert static == {"enters_with_counters": {"counter": "+1/+1", "amount": 2, "kicked": True}}
    cases = ((True, "{U}{C}{C}{C}{C}{C}{C}", "{\"+1/+1\": 2}"), (False, "{U}{C}{C}", "{}"))
    for kicked, pool, counters in cases:
        kick = "kicked: true, " if kicked else ""
        text = ("id: cards/drake-smoke\ntitle: smoke\ncr: [\"702.33d\"]\nrationale: smoke\n"
                f"players: [{{id: alice, hand_size: 1, library_size: 10, mana: \"{pool}\"}}, "
                "{id: bob, library_size: 10}]\nturn: {active: alice, number: 3, step: precombat_main}\n"
                "objects:\n  - {id: d, card: Academy Drake, owner: alice, zone: hand}\n"
                "query:\n  kind: game\n  script:\n"
                f"    - {{cast: {{spell: d, {kick}payment: {{pool: \"{pool}\"}}}}}}\n"
                "    - resolve\n    - {checkpoint: done}\n"
                "expect:\n  checkpoints:\n"
                f"    done: {{stack: [], objects: {{d: {{counters: {counters}}}}}}}\n")
        out = _run(text)
        assert out.passed, (kicked, out.message, out.diffs)
