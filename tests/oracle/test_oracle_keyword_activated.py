"""Keyword abilities compiled from their CR 702 definitions and run by the game: equip
(702.6a, 702.6c; attaching, 701.3), crew (702.122a), ward (702.21a) and cumulative upkeep
(702.24a). The cards are invented ones in
a card file written here (card data, compiled; no ability written by hand); the expected
answers come from the rules cited in each test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from pyengine import api, oracle
from pyengine.oracle.keyword_activated import definition
from pyengine.scenario import runner

CARDS = {
    # "Equipped creature gets +1/+1. Equip {1}"
    "Test Blade": ("{1}", "Artifact \u2014 Equipment", ["Artifact"], ["Equipment"], [],
                   "Equipped creature gets +1/+1.\nEquip {1}", None),
    "Test Crown": ("{1}", "Artifact \u2014 Equipment", ["Artifact"], ["Equipment"], [],
                   "Equipped creature gets +2/+2.\nEquip legendary creature {1}", None),
    "Test Wagon": ("{2}", "Artifact \u2014 Vehicle", ["Artifact"], ["Vehicle"], [],
                   "Crew 3 (Tap any number of creatures you control with total power 3 or more: This "
                   "Vehicle becomes an artifact creature until end of turn.)", ("4", "4")),
    "Test Hero": ("{1}{W}", "Legendary Creature \u2014 Human", ["Creature"], ["Human"], ["Legendary"],
                  "", ("2", "2")),
    "Test Walker Blade": ("{1}", "Artifact \u2014 Equipment", ["Artifact"], ["Equipment"], [],
                          "Equipped creature gets +1/+1.\nEquip planeswalker {1}", None),
    "Test Choice Blade": ("{1}", "Artifact \u2014 Equipment", ["Artifact"], ["Equipment"], [],
                          "Equipped creature gets +1/+1.\nEquip\u2014Pay {3} or discard a card.", None),
}


@pytest.fixture
def cards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):  # type: ignore[no-untyped-def]
    data: dict[str, Any] = {}
    for name, (cost, line, types, subtypes, supertypes, text, pt) in CARDS.items():
        face = {"name": name, "manaCost": cost, "type": line, "types": types, "subtypes": subtypes,
                "supertypes": supertypes, "colors": ["W"] if "W" in cost else [], "text": text,
                "layout": "normal"}
        if pt:
            face["power"], face["toughness"] = pt
        data[name] = [face]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"meta": {"version": "test", "date": "2026-01-01"}, "data": data}))
    monkeypatch.setenv("PYENGINE_CARDS", str(path))
    monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache"))
    oracle.reset()
    yield
    oracle.reset()


def _run(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any],
         step: str = "precombat_main", active: str = "alice", mana: str = "") -> None:
    alice: dict[str, Any] = {"id": "alice", "library_size": 5, **({"mana": mana} if mana else {})}
    doc = {"id": "cards/keyword-activated", "title": "t", "cr": ["702.6a"], "rationale": "test",
           "players": [alice, {"id": "bob", "library_size": 5}],
           "turn": {"active": active, "number": 3, "step": step},
           "objects": objects, "query": {"kind": "game", "script": script}, "expect": expect}
    out = runner.run_scenario(api.loads(yaml.safe_dump(doc)))
    assert out.passed, (out.message, out.diffs)


EQUIP_1 = {"activated": {"cost": "{1}", "targets": [{"obj": {"types": ["Creature"], "controller": "you"}}],
                         "do": [{"kind": "attach", "object": "self", "to": "target"}], "timing": "sorcery"},
           "text": "Equip {1}"}


def test_equip_is_its_rule(cards: None) -> None:
    # 702.6a: "[Cost]: Attach this permanent to target creature you control. Activate only as
    # a sorcery."; 702.6c: "Equip legendary creature" targets only a legendary creature
    got = oracle.compiled("Test Blade")
    assert got is not None and got.status == "full"
    assert got.card["abilities"][1] == EQUIP_1
    crown = oracle.compiled("Test Crown")
    assert crown is not None and crown.status == "full"
    target = crown.card["abilities"][1]["activated"]["targets"]
    assert target == [{"obj": {"types": ["Creature"], "supertypes": ["Legendary"], "controller": "you"}}]


def test_crew_is_its_rule(cards: None) -> None:
    # 702.122a: "Tap any number of other untapped creatures you control with total power N or
    # greater: This permanent becomes an artifact creature until end of turn."; 205.1b
    got = oracle.compiled("Test Wagon")
    assert got is not None and got.status == "full"
    assert got.card["abilities"] == [{"activated": {
        "cost": "Tap any number of other untapped creatures you control with total power 3 or greater",
        "resolves": {"add_types": ["Artifact", "Creature"]}, "duration": "end_of_turn"}, "text": "Crew 3"}]


def test_what_is_not_followed_stays_held_by_name(cards: None) -> None:
    # 702.6e: "Equip planeswalker" attaches "as though that planeswalker were a creature"; a
    # choice between two costs isn't paid by the game: both stay text-only, the keyword named
    for name in ("Test Walker Blade", "Test Choice Blade"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only", name
        held = [c for c in got.clauses if c.template == "keywords (text)"]
        assert held and "equip" in held[0].why, name
    for text in ("Equip commander {3}", "Equip abilities you activate cost {1} less to activate.",
                 "Crew X"):
        assert definition(text) is None, text


BOARD = [{"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1},
         {"id": "hero", "card": "Test Hero", "controller": "alice", "timestamp": 2},
         {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 3},
         {"id": "blade", "card": "Test Blade", "controller": "alice", "timestamp": 4},
         {"id": "crown", "card": "Test Crown", "controller": "alice", "timestamp": 5}]


def test_equip_attaches_then_moves_at_sorcery_speed(cards: None) -> None:
    # 702.6a, 701.3a: attached to the target as it resolves (+1/+1, 613.4c); a second
    # activation moves it to another creature (701.3c), the first one back to 2/2
    act = {"player": "alice", "source": "blade"}
    _run(BOARD, [{"activate": {**act, "targets": ["bears"]}}, "resolve", {"checkpoint": "one"},
                 {"activate": {**act, "targets": ["hero"]}}, "resolve", {"checkpoint": "two"}],
         {"checkpoints": {"one": {"objects": {"blade": {"attached_to": "bears"}, "bears": {"power": 3}}},
                          "two": {"objects": {"blade": {"attached_to": "hero"}, "bears": {"power": 2},
                                              "hero": {"power": 3, "toughness": 3}}}}},
         mana="{C}{C}")


@pytest.mark.parametrize("script,rule", [
    # 702.6a "target creature you control" (601.2c): not bob's Gray Ogre
    ([{"activate": {"player": "alice", "source": "blade", "targets": ["ogre"]}}], "601.2c"),
    # 702.6c: "Equip legendary creature" can't target the nonlegendary Bears
    ([{"activate": {"player": "alice", "source": "crown", "targets": ["bears"]}}], "601.2c"),
    # 602.5d, 307.1: "Activate only as a sorcery": not with a spell on the stack
    ([{"activate": {"player": "alice", "source": "blade", "targets": ["bears"]}},
      {"activate": {"player": "alice", "source": "crown", "targets": ["hero"]}}], "602.5d"),
])
def test_equip_refused(cards: None, script: list[Any], rule: str) -> None:
    _run(BOARD, script, {"illegal": {"action": len(script) - 1, "rule": rule}}, mana="{C}{C}")


def test_equip_on_the_opponents_turn_is_refused(cards: None) -> None:
    # 602.5d, 307.1: a sorcery's timing is its controller's main phase only (bob's main
    # phase: bob passes priority to alice, 117.3d)
    _run(BOARD, [{"pass": "bob"}, {"activate": {"player": "alice", "source": "blade", "targets": ["bears"]}}],
         {"illegal": {"action": 1, "rule": "602.5d"}}, active="bob", mana="{C}")


def test_equip_does_nothing_once_its_target_is_gone(cards: None) -> None:
    # 608.2b: its only target is illegal as it would resolve (the Bears died): it doesn't
    # resolve, the Blade stays unattached
    _run(BOARD, [{"activate": {"player": "alice", "source": "blade", "targets": ["bears"]}},
                 {"events": [{"kind": "destroy", "object": "bears"}]}, "resolve", {"checkpoint": "done"}],
         {"checkpoints": {"done": {"stack": [], "objects": {"blade": {"attached_to": None}}}}}, mana="{C}")


WAGON = [{"id": "wagon", "card": "Test Wagon", "controller": "alice", "timestamp": 1},
         {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2},
         {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "timestamp": 3,
          "controlled_since_turn_start": False}]


def test_crew_taps_total_power_and_makes_an_artifact_creature(cards: None) -> None:
    # 702.122a: Bears (2) and Elves (1) total 3; the Elves' summoning sickness doesn't matter
    # (302.6: no {T} symbol); the Wagon becomes a 4/4 artifact creature (301.7b) in any step
    # (no timing restriction: alice's beginning of combat)
    _run(WAGON, [{"activate": {"player": "alice", "source": "wagon", "tap_untapped": ["bears", "elves"]}},
                 "resolve", {"checkpoint": "crewed"}],
         {"checkpoints": {"crewed": {"objects": {
             "wagon": {"types": ["Artifact", "Creature"], "subtypes": ["Vehicle"], "power": 4},
             "bears": {"tapped": True}, "elves": {"tapped": True}}}}}, step="beginning_of_combat")


@pytest.mark.parametrize("tapped", [["bears"], ["bears", "bears", "elves"], []])
def test_crew_with_too_little_power_is_refused(cards: None, tapped: list[str]) -> None:
    # 702.122a, 118.3: total power 2 is less than 3; none: 0; a creature named twice can't be
    # tapped twice for the cost (701.26a: tapping turns an untapped permanent sideways)
    rule = "701.26a" if len(set(tapped)) != len(tapped) else "702.122a"
    _run(WAGON, [{"activate": {"player": "alice", "source": "wagon", "tap_untapped": tapped}}],
         {"illegal": {"action": 0, "rule": rule}})


# --- triggered keywords written out from their rules: ward (702.21a), cumulative upkeep (702.24a)

TRIGGERED = {
    "Test Warden": ("{1}{U}", "Creature \u2014 Spirit", ["Creature"], ["Spirit"], [], "Flying\nWard {2}",
                    ("2", "3")),
    "Test Old Wall": ("{1}{W}", "Creature \u2014 Wall", ["Creature"], ["Wall"], [],
                      "Defender\nCumulative upkeep {1}", ("0", "6")),
    "Test Life Warden": ("{1}{U}", "Creature \u2014 Spirit", ["Creature"], ["Spirit"], [],
                         "Ward\u2014Pay 3 life.", ("2", "3")),
    "Test Sacrifice Warden": ("{1}{U}", "Creature \u2014 Spirit", ["Creature"], ["Spirit"], [],
                              "Ward\u2014Sacrifice a creature.", ("2", "3")),
    "Test Red Wall": ("{1}{R}", "Creature \u2014 Wall", ["Creature"], ["Wall"], [],
                      "Cumulative upkeep\u2014Add {R}.", ("0", "6")),
}


def test_ward_and_cumulative_upkeep_are_their_rules(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # 702.21a; 702.24a: upkeep trigger with its intervening if (603.4), an age counter, then
    # "unless you pay [cost] for each age counter on it", else sacrifice it (118.12a)
    _card_file(monkeypatch, tmp_path)
    warden = oracle.compiled("Test Warden")
    assert warden is not None and warden.status == "full"
    assert warden.card["abilities"][1] == {
        "trigger": {"when": {"kind": "becomes_target", "obj": "self", "player": "opponent"}},
        "do": [{"kind": "unless_pays", "player": "that_player", "mana": "{2}",
                "do": [{"kind": "counter", "object": "targeting"}]}], "text": "Ward {2}"}
    wall = oracle.compiled("Test Old Wall")
    assert wall is not None and wall.status == "full"
    assert wall.card["abilities"][1] == {
        "trigger": {"at": {"step": "upkeep", "player": "you"}, "if": {"exists": {"self": True}}},
        "do": [{"kind": "counters", "target": "self", "counter": "age"},
               {"kind": "unless_pays", "player": "you", "mana": "{1}",
                "for_each_counter": {"kind": "age", "on": "self"},
                "do": [{"kind": "sacrifice", "object": "self"}]}], "text": "Cumulative upkeep {1}"}
    # a cost other than mana stays a keyword held by name (text-only, named)
    for name, kw in (("Test Sacrifice Warden", "ward"), ("Test Red Wall", "cumulative upkeep")):
        got = oracle.compiled(name)
        assert got is not None and got.status == "text-only", name
        held = [c for c in got.clauses if c.template == "keywords (text)"]
        assert held and kw in held[0].why, name


def test_the_written_out_definitions_are_the_rules_words() -> None:
    from pyengine.oracle.keyword_upkeep import DEFINITION as UPKEEP
    from pyengine.oracle.keyword_ward import DEFINITION as WARD

    rules = Path(__file__).resolve().parents[2].parent / "shared" / "reference" / \
        "comprehensive-rules-2026-01-16.txt"
    if not rules.exists():
        import os

        if os.environ.get("CI") == "true":
            pytest.fail("the Comprehensive Rules text is missing; CI must provide it", pytrace=False)
        pytest.skip("the Comprehensive Rules text is missing")
    text = rules.read_text(encoding="utf-8").replace("\u2019", "'")
    for words in (UPKEEP, WARD):
        assert words in text, words


def _card_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data: dict[str, Any] = {}
    for name, (cost, line, types, subtypes, supertypes, text, pt) in {**CARDS, **TRIGGERED}.items():
        face = {"name": name, "manaCost": cost, "type": line, "types": types, "subtypes": subtypes,
                "supertypes": supertypes, "colors": [], "text": text, "layout": "normal"}
        if pt:
            face["power"], face["toughness"] = pt
        data[name] = [face]
    path = tmp_path / "cards2.json"
    path.write_text(json.dumps({"meta": {"version": "test", "date": "2026-01-01"}, "data": data}))
    monkeypatch.setenv("PYENGINE_CARDS", str(path))
    monkeypatch.setenv("PYENGINE_CARDS_CACHE", str(tmp_path / "cache2"))
    oracle.reset()


WARDEN = [{"id": "warden", "card": "Test Warden", "controller": "alice", "timestamp": 1},
          {"id": "m1", "card": "Mountain", "controller": "bob", "timestamp": 2},
          {"id": "m2", "card": "Mountain", "controller": "bob", "timestamp": 3},
          {"id": "m3", "card": "Mountain", "controller": "bob", "timestamp": 4},
          {"id": "bolt", "card": "Lightning Bolt", "owner": "bob", "zone": "hand"}]


@pytest.mark.parametrize("pays", [False, True])
def test_ward_counters_unless_paid(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, pays: bool) -> None:
    # 702.21a, 118.12a: bob's Bolt at the 2/3 Warden triggers ward; not paid: countered
    # (701.6a), no damage; paid {2}: the Bolt resolves, 3 damage, the Warden dies (704.5g)
    _card_file(monkeypatch, tmp_path)
    script: list[Any] = [{"cast": {"spell": "bolt", "player": "bob", "targets": {"any": ["warden"]},
                                   "payment": {"tap": ["m1"]}}},
                         {"mana": {"player": "bob", "tap": ["m2", "m3"]}},
                         {"pay_choice": {"warden": pays}}, "resolve", {"checkpoint": "ward"}]
    ward = {"objects": {"bolt": {"zone": "stack" if pays else "graveyard"}, "warden": {"damage": 0}},
            "mana": {"bob": "" if pays else "{R}{R}"}}
    expect: dict[str, Any] = {"ward": ward}
    if pays:
        script += ["resolve", {"checkpoint": "bolt"}]
        gone = {"bolt": {"zone": "graveyard"}, "warden": {"zone": "graveyard"}}
        expect["bolt"] = {"stack": [], "objects": gone}
    _run(WARDEN, script, {"checkpoints": expect}, active="bob")


def test_ward_counters_an_ability(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # 702.21a "spell or ability", 701.6b: bob's Prodigal Pyromancer activates at the Warden;
    # ward counters the ability (removed from the stack): no damage, the Pyromancer stays tapped
    _card_file(monkeypatch, tmp_path)
    objs = [WARDEN[0], {"id": "pyro", "card": "Prodigal Pyromancer", "controller": "bob", "timestamp": 5}]
    _run(objs, [{"activate": {"player": "bob", "source": "pyro", "targets": ["warden"]}},
                {"pay_choice": {"warden": False}}, "resolve", {"checkpoint": "done"}],
         {"checkpoints": {"done": {"stack": [],
                                   "objects": {"warden": {"damage": 0}, "pyro": {"tapped": True}}}}},
         active="bob")


def test_cumulative_upkeep_pays_for_each_age_counter(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    # 702.24a-b: two age counters before, a third put on as it resolves: {1} three times;
    # alice's three Plains pay {W}{W}{W} for it (generic: any type, 107.4b)
    _card_file(monkeypatch, tmp_path)
    objs = [{"id": "wall", "card": "Test Old Wall", "controller": "alice", "timestamp": 1,
             "counters": {"age": 2}}]
    objs += [{"id": f"p{i}", "card": "Plains", "controller": "alice", "timestamp": 2 + i} for i in range(3)]
    _run(objs, [{"pay_choice": {"wall": True}}, {"mana": {"player": "alice", "tap": ["p0", "p1", "p2"]}},
                "resolve", {"checkpoint": "paid"}],
         {"checkpoints": {"paid": {"stack": [], "mana": {"alice": ""},
                                   "objects": {"wall": {"zone": "battlefield", "counters": {"age": 3}}}}}},
         step="untap")


def test_generated_ward_game_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the coverage game of a card whose only triggered ability is its ward: bob's Bolt countered
    from pyengine.oracle.execute_game import game_text, run_game

    _card_file(monkeypatch, tmp_path)
    card = oracle.compiled("Test Warden")
    assert card is not None
    doc = yaml.safe_load(game_text(card) or "")
    assert {"pay_choice": {"card": False}} in doc["query"]["script"]
    assert run_game(card) == (True, "")


def test_ward_paid_with_life_needs_the_life(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # 702.21a "Ward—Pay 3 life."; 119.4: bob with 2 life can't pay 3 life, so choosing to pay
    # is illegal (118.3); declining, his Bolt is countered (701.6a)
    _card_file(monkeypatch, tmp_path)
    got = oracle.compiled("Test Life Warden")
    assert got is not None and got.status == "full"
    assert got.card["abilities"][0]["do"][0]["life"] == 3
    objs = [{"id": "warden", "card": "Test Life Warden", "controller": "alice", "timestamp": 1}, *WARDEN[1:]]
    cast = {"cast": {"spell": "bolt", "player": "bob", "targets": {"any": ["warden"]},
                     "payment": {"tap": ["m1"]}}}
    countered = {"stack": [], "objects": {"bolt": {"zone": "graveyard"}, "warden": {"damage": 0}}}
    for pays, expect in ((True, {"illegal": {"action": 2, "rule": "119.4"}}),
                         (False, {"checkpoints": {"done": countered}})):
        _run_life(objs, [cast, {"pay_choice": {"warden": pays}}, "resolve", {"checkpoint": "done"}], expect)


def _run_life(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any]) -> None:
    doc = {"id": "cards/keyword-activated", "title": "t", "cr": ["702.21a"], "rationale": "test",
           "players": [{"id": "alice", "library_size": 5}, {"id": "bob", "life": 2, "library_size": 5}],
           "turn": {"active": "bob", "number": 3, "step": "precombat_main"},
           "objects": objects, "query": {"kind": "game", "script": script}, "expect": expect}
    out = runner.run_scenario(api.loads(yaml.safe_dump(doc)))
    assert out.passed, (out.message, out.diffs)
