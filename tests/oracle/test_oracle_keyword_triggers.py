"""Triggered keywords compiled from their rules' words on real cards (the pyengine[cards] extra;
skipped without it): fabricate (702.123a), afterlife (702.135a) and evolve (702.100a); the
expected answers come from those rules."""

from __future__ import annotations

from tests.oracle import support

pytestmark = support.BUNDLED


def _game(objects: str, script: str, expect: str, cr: tuple[str, ...], hands: str = "") -> None:
    support.passes(support.game_text(objects, support.MAIN, script, expect, hands=hands, cr=cr))


HAND = "[{id: alice, library_size: 10, hand_size: 3}, {id: bob, library_size: 10}]"


def test_fabricate_is_a_may_with_its_otherwise() -> None:
    got = support.full("Angel of Invention")
    fab = next(a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Fabricate 2")
    assert fab["trigger"] == {"when": {"kind": "enters", "obj": "self"}}
    [may] = fab["do"]
    assert may["kind"] == "may"
    assert may["do"] == [{"kind": "counters", "target": "self", "counter": "+1/+1", "amount": 2}]
    [made] = may["otherwise"]
    assert made["count"] == 2 and made["token"]["subtypes"] == ["Servo"]
    assert made["token"]["types"] == ["Artifact", "Creature"] and "colors" not in made["token"]


def test_fabricate_1_counters_or_a_servo() -> None:
    # 702.123a: "you may put N +1/+1 counters on it. If you don't, create N 1/1 ... Servo ..."
    # Accomplished Automaton is a 5/7: with the counter a 6/8 and no token; without, a Servo
    objects = ("  - {id: a, card: Accomplished Automaton, owner: alice, zone: hand}\n"
               "  - {id: b, card: Accomplished Automaton, owner: alice, zone: hand}\n")
    _game(objects,
          "    - may: {a: true}\n    - stack: {object: a, controller: alice}\n    - resolve\n    - resolve\n"
          "    - may: {b: false}\n    - stack: {object: b, controller: alice}\n    - resolve\n    - resolve\n"
          "    - checkpoint: done\n",
          "    done: {stack: [], objects: {a: {counters: {'+1/+1': 1}, power: 6, toughness: 8}, "
          "b: {counters: {}, power: 5, toughness: 7}, servo-token-1: {zone: battlefield, power: 1, "
          "toughness: 1, controller: alice}}}\n", ("702.123a", "603.5"), hands=HAND)


def test_afterlife_n_creates_n_flying_spirits() -> None:
    # 702.135a: Orzhov Enforcer (afterlife 1) one Spirit; Ministrant of Obligation (afterlife 2) two
    support.full("Orzhov Enforcer")
    objects = ("  - {id: enforcer, card: Orzhov Enforcer, controller: alice, timestamp: 1}\n"
               "  - {id: ministrant, card: Ministrant of Obligation, controller: alice, timestamp: 2}\n")
    _game(objects,
          "    - events: [{kind: destroy, object: enforcer}]\n    - resolve\n    - checkpoint: one\n"
          "    - events: [{kind: destroy, object: ministrant}]\n    - resolve\n    - checkpoint: three\n",
          "    one: {stack: [], objects: {spirit-token-1: {zone: battlefield, power: 1, toughness: 1}}}\n"
          "    three: {stack: [], objects: {spirit-token-2: {zone: battlefield}, spirit-token-3: "
          "{zone: battlefield, power: 1, toughness: 1, controller: alice}}}\n", ("702.135a",))


def test_evolve_compares_power_and_or_toughness() -> None:
    got = support.full("Cloudfin Raptor")
    evolve = next(a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Evolve")
    assert evolve["trigger"]["when"] == {"kind": "enters", "obj": {"types": ["Creature"], "controller": "you"}}
    assert evolve["trigger"]["if"] == {"any": [
        {"compare": [{"power_of": "it"}, ">", {"power_of": "self"}]},
        {"compare": [{"toughness_of": "it"}, ">", {"toughness_of": "self"}]}]}
    # and/or: Wall of Wood (0/3) has no greater power than the Raptor (0/1) but a greater toughness
    _game("  - {id: raptor, card: Cloudfin Raptor, controller: alice, timestamp: 1}\n"
          "  - {id: wall, card: Wall of Wood, owner: alice, zone: hand}\n",
          "    - events: [{kind: enter, object: wall, from: hand}]\n    - resolve\n    - checkpoint: done\n",
          "    done: {stack: [], objects: {raptor: {counters: {'+1/+1': 1}, power: 1, toughness: 2}}}\n",
          ("702.100a", "603.4"), hands=HAND)


def test_evolve_doesnt_trigger_for_a_smaller_creature() -> None:
    # Grizzly Bears (2/2) entering under Adaptive Snapjaw (6/2): neither is greater (603.4)
    _game("  - {id: snapjaw, card: Adaptive Snapjaw, controller: alice, timestamp: 1}\n"
          "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\n",
          "    - events: [{kind: enter, object: bears, from: hand}]\n    - checkpoint: done\n",
          "    done: {stack: [], objects: {snapjaw: {counters: {}}, bears: {zone: battlefield}}}\n",
          ("702.100a", "603.4"), hands=HAND)


def test_evolves_recheck_of_a_creature_gone_is_refused() -> None:
    # 603.4, 608.2h: the Bears died before evolve resolves; their last known power is not kept
    text = support.game_text(
        "  - {id: raptor, card: Cloudfin Raptor, controller: alice, timestamp: 1}\n"
        "  - {id: bears, card: Grizzly Bears, owner: alice, zone: hand}\n"
        "  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}\n", support.MAIN,
        "    - events: [{kind: enter, object: bears, from: hand}]\n"
        "    - stack: {object: bolt, controller: alice, targets: [bears]}\n    - resolve\n    - resolve\n"
        "    - checkpoint: done\n",
        "    done: {stack: []}\n", hands=HAND, cr=("702.100a",))
    text = text.replace("expect:\n  checkpoints:\n    done: {stack: []}\n", "expect:\n  illegal: {action: 3, rule: 608.2h}\n")
    support.passes(text)


def test_renown_is_its_rule_an_intervening_if_and_the_renown_instruction() -> None:
    got = support.full("Topan Freeblade")
    renown = next(a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Renown 1")
    assert renown["trigger"] == {"when": {"kind": "damage", "source": "self", "to": "player", "combat": True},
                                 "if": {"not": {"renowned": True}}}
    assert renown["do"] == [{"kind": "renown", "object": "self", "amount": 1}]


def test_renowned_lasts_until_it_leaves_the_battlefield() -> None:
    # 702.112b: once it leaves the battlefield the card is a new object, not renowned (400.7)
    _game("  - {id: f, card: Topan Freeblade, controller: alice, timestamp: 1, renowned: true}\n",
          "    - checkpoint: before\n    - events: [{kind: destroy, object: f}]\n    - checkpoint: after\n",
          "    before: {objects: {f: {renowned: true}}}\n    after: {objects: {f: {zone: graveyard, "
          "renowned: false}}}\n", ("702.112b", "400.7"))


def test_only_a_permanent_is_renowned() -> None:
    import pytest

    from pyengine import api
    from pyengine.errors import ScenarioError

    text = support.game_text("  - {id: f, card: Topan Freeblade, owner: alice, zone: hand, renowned: true}\n",
                             support.MAIN, "    - checkpoint: done\n", "    done: {stack: []}\n")
    with pytest.raises(ScenarioError, match="702.112b"):
        api.loads(text)


def test_modular_is_its_two_abilities() -> None:
    # 702.43a: "This permanent enters with N +1/+1 counters on it" and the dies trigger
    got = support.full("Arcbound Bruiser")
    mod = [a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Modular 3"]
    assert mod[0] == {"static": {"enters_with_counters": {"counter": "+1/+1", "amount": 3}}, "text": "Modular 3"}
    assert mod[1]["trigger"] == {"when": {"kind": "dies", "obj": "self"}}
    assert mod[1]["targets"] == [{"obj": {"types": ["Artifact", "Creature"]}}]
    assert mod[1]["do"] == [{"kind": "may", "do": [{"kind": "counters", "target": "target", "counter": "+1/+1",
                                                    "amount": {"counters_on": {"object": "self",
                                                                               "counter": "+1/+1"}}}]}]


def test_modular_enters_with_its_counters_and_may_be_declined() -> None:
    # 614.1c: a 0/0 Arcbound Worker resolves with its +1/+1 counter (a 1/1)
    _game("  - {id: worker, card: Arcbound Worker, owner: alice, zone: hand}\n",
          "    - stack: {object: worker, controller: alice}\n    - resolve\n    - checkpoint: entered\n",
          "    entered: {objects: {worker: {zone: battlefield, counters: {'+1/+1': 1}, power: 1, toughness: 1}}}\n",
          ("702.43a", "614.1c"), hands=HAND)
    # destroyed, alice declines to move its counter (603.5): the Ravager keeps its one counter
    objects = ("  - {id: worker, card: Arcbound Worker, controller: alice, timestamp: 1, counters: {'+1/+1': 1}}\n"
               "  - {id: ravager, card: Arcbound Ravager, controller: alice, timestamp: 2, "
               "counters: {'+1/+1': 1}}\n")
    _game(objects,
          "    - trigger_targets: {worker: [ravager]}\n    - may: {worker: false}\n"
          "    - events: [{kind: destroy, object: worker}]\n    - resolve\n    - checkpoint: declined\n",
          "    declined: {stack: [], objects: {worker: {zone: graveyard}, ravager: {counters: {'+1/+1': 1}}}}\n",
          ("702.43a", "603.5"))


def test_a_counted_amount_reads_only_the_source() -> None:
    import pytest

    from pyengine.errors import ScenarioError
    from pyengine.lang.effects import Ctx, parse_ability
    from pyengine.lang.yamlread import Cursor

    doc = {"trigger": {"when": {"kind": "dies", "obj": "self"}}, "text": "t",
           "do": [{"kind": "gain_life", "amount": {"counters_on": {"object": "it", "counter": "+1/+1"}}}]}
    with pytest.raises(ScenarioError, match="self"):
        parse_ability(Cursor(doc, "ability", None, None), Ctx(key_prefix="t"))


def test_bloodthirst_is_an_enters_with_counters_on_an_opponents_damage() -> None:
    got = support.full("Stormblood Berserker")
    assert {"static": {"enters_with_counters": {"counter": "+1/+1", "amount": 2, "bloodthirst": True}},
            "text": "Bloodthirst 2"} in got.card["abilities"]


def test_bloodthirst_reads_an_opponent_not_its_controller() -> None:
    # 702.54a: alice (its controller) was dealt damage this turn, bob (her opponent) wasn't: it
    # enters with no counters
    players = ("[{id: alice, library_size: 10, hand_size: 1, dealt_damage: true}, "
               "{id: bob, library_size: 10}]")
    _game("  - {id: b, card: Stormblood Berserker, owner: alice, zone: hand}\n"
          "  - {id: c, card: Stormblood Berserker, owner: bob, zone: hand}\n",
          "    - stack: {object: b, controller: alice}\n    - resolve\n    - checkpoint: mine\n",
          "    mine: {objects: {b: {counters: {}, power: 1, toughness: 1}}}\n", ("702.54a",), hands=players)


def test_damage_this_turn_is_forgotten_as_the_next_turn_begins() -> None:
    # 702.54a "this turn": bob was dealt damage in alice's turn 3; in bob's turn 4 a Berserker of
    # alice's put onto the battlefield has no counters
    players = ("[{id: alice, library_size: 10, hand_size: 1}, "
               "{id: bob, library_size: 10, dealt_damage: true}]")
    text = support.game_text(
        "  - {id: b, card: Stormblood Berserker, owner: alice, zone: hand}\n",
        "{active: alice, number: 3, step: end}",
        "    - advance: upkeep\n    - events: [{kind: enter, object: b, from: hand}]\n    - checkpoint: later\n",
        "    later: {objects: {b: {zone: battlefield, counters: {}, power: 1, toughness: 1}}}\n",
        hands=players, cr=("702.54a",))
    support.passes(text)
    same = text.replace("    - advance: upkeep\n", "").replace("{active: alice, number: 3, step: end}",
                                                               support.MAIN)
    support.passes(same.replace("counters: {}, power: 1, toughness: 1", "counters: {'+1/+1': 2}, power: 3, "
                                                                          "toughness: 3"))


def test_fading_is_its_two_abilities_and_sacrifices_with_no_counter() -> None:
    # 702.32a: "enters with N fade counters" and "At the beginning of your upkeep, remove a fade
    # counter from this permanent. If you can't, sacrifice the permanent."
    got = support.full("Blastoderm")
    fading = [a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Fading 3"]
    assert fading[0] == {"static": {"enters_with_counters": {"counter": "fade", "amount": 3}}, "text": "Fading 3"}
    assert fading[1]["trigger"] == {"at": {"step": "upkeep", "player": "you"}}
    assert fading[1]["do"] == [{"kind": "remove_or_sacrifice", "object": "self", "counter": "fade"}]
    text = support.game_text(
        "  - {id: a, card: Blastoderm, controller: alice, timestamp: 1, counters: {fade: 2}}\n",
        "{active: alice, number: 3, step: untap}", "    - resolve\n    - checkpoint: done\n",
        "    done: {stack: [], objects: {a: {zone: battlefield, counters: {fade: 1}}}}\n", cr=("702.32a",))
    support.passes(text)
    support.passes(text.replace("counters: {fade: 2}", "counters: {}").replace(
        "{a: {zone: battlefield, counters: {fade: 1}}}", "{a: {zone: graveyard}}"))
