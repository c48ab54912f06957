"""Combat keywords written out from their rules' words on real cards (the pyengine[cards]
extra; skipped without it): battle cry (702.91a) and myriad (702.116a). The expected answers
come from those rules."""

from __future__ import annotations

import pytest

from pyengine.errors import PyengineError
from tests.oracle import support

pytestmark = support.BUNDLED


def _game(objects: str, script: str, expect: str, cr: tuple[str, ...]) -> None:
    support.passes(support.game_text(objects, support.MAIN, script, expect, cr=cr))


def _kw(name: str, text: str) -> dict:
    got = support.full(name)
    return next(a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == text)


def test_battle_cry_pumps_each_other_attacking_creature() -> None:
    # 702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0 until
    # end of turn": the Bears attacking with Accorder Paladin (3/1) become 3/2; the Paladin
    # itself ("other") and the Squire that stays home (not attacking, 506.4) keep their power
    cry = _kw("Accorder Paladin", "Battle cry")
    assert cry["trigger"] == {"when": {"kind": "attacks", "obj": "self"}}
    assert cry["do"] == [{"kind": "continuous", "duration": "end_of_turn",
                          "affects": {"other": True, "types": ["Creature"], "combat": ["attacking"]},
                          "effect": {"modify_pt": {"power": 1, "toughness": 0}}}]
    _game("  - {id: pal, card: Accorder Paladin, controller: alice, timestamp: 1}\n"
          "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
          "  - {id: squire, card: Squire, controller: alice, timestamp: 3}\n",
          "    - advance: declare_attackers\n    - attack: {pal: bob, bears: bob}\n    - resolve\n"
          "    - checkpoint: done\n",
          "    done: {stack: [], objects: {pal: {power: 3, toughness: 1}, bears: {power: 3, toughness: 2},"
          " squire: {power: 1, toughness: 2}}}\n", ("702.91a", "506.4", "611.2c"))


def test_two_battle_cries_each_pump_the_other() -> None:
    # 611.2c: the creatures attacking as the ability resolves get +1/+0; two battle cries (two
    # Paladins) each pump the other: each 4/1 (3 + the other's +1)
    _game("  - {id: pal, card: Accorder Paladin, controller: alice, timestamp: 1}\n"
          "  - {id: pal2, card: Accorder Paladin, controller: alice, timestamp: 2}\n",
          "    - advance: declare_attackers\n    - order_triggers: {alice: [\"pal:0@6\", \"pal2:0@7\"]}\n"
          "    - attack: {pal: bob, pal2: bob}\n    - resolve\n"
          "    - resolve\n    - checkpoint: done\n",
          "    done: {stack: [], objects: {pal: {power: 4, toughness: 1}, pal2: {power: 4, toughness: 1}}}\n",
          ("702.91a", "611.2c"))


def test_each_attacking_creature_of_a_triggered_ability_reads_combat() -> None:
    # the same group without "other": "each attacking creature" (506.4), the source included
    from pyengine.oracle import templates as T

    s = "Whenever SELF attacks, each attacking creature gets +1/+0 until end of turn."
    kind, [ab] = T.match(s, {}, s)
    assert kind == "triggered ability"
    assert ab["do"][0]["affects"] == {"types": ["Creature"], "combat": ["attacking"]}


def test_myriad_triggers_and_does_nothing_in_a_two_player_game() -> None:
    # 702.116a: "for each opponent other than defending player ..." - in a two-player game the
    # one opponent is the defending player (506.2), so no token is created: the trigger goes
    # on the stack and resolves, and alice's battlefield stays her one attacking creature
    my = _kw("Banshee of the Dread Choir", "Myriad")
    assert my == {"trigger": {"when": {"kind": "attacks", "obj": "self"}}, "do": [{"kind": "myriad"}],
                  "text": "Myriad"}
    _game("  - {id: ban, card: Banshee of the Dread Choir, controller: alice, timestamp: 1}\n",
          "    - advance: declare_attackers\n    - attack: {ban: bob}\n    - checkpoint: trig\n"
          "    - resolve\n    - checkpoint: done\n",
          "    trig: {stack: [\"ban:0@5\"]}\n"
          "    done: {stack: [], objects: {ban: {zone: battlefield, tapped: true}}}\n",
          ("702.116a", "506.2", "603.3"))


def test_myriad_copies_for_another_opponent_are_refused() -> None:
    # the instruction names the opponents other than the defending player as it resolves: with
    # one (a game of three players, which the game engine refuses before anything) the copies
    # would have to be made (707.2, 508.4), and they are not: refused, not left out
    from types import SimpleNamespace

    from pyengine.game import myriad

    game = SimpleNamespace(state=SimpleNamespace(player_ids=("alice", "bob", "carol")), active="alice")
    assert myriad.others(game, "alice") == ("carol",)
    with pytest.raises(PyengineError):
        myriad.myriad(game, SimpleNamespace(controller="alice"))
    two = SimpleNamespace(state=SimpleNamespace(player_ids=("alice", "bob")), active="alice")
    assert myriad.others(two, "alice") == ()


_RAMPAGE = ("  - {id: ber, card: Aerathi Berserker, controller: alice, timestamp: 1}\n"
            "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n"
            "  - {id: ogre2, card: Gray Ogre, controller: bob, timestamp: 3}\n"
            "  - {id: ogre3, card: Gray Ogre, controller: bob, timestamp: 4}\n")


def test_rampage_counts_the_blockers_beyond_the_first() -> None:
    # 702.23a: "Rampage 3" - "Whenever this creature becomes blocked, it gets +3/+3 until end of
    # turn for each creature blocking it beyond the first": Aerathi Berserker (2/4) blocked by
    # three Gray Ogres gets +6/+6 (two beyond the first): 8/10
    ram = _kw("Aerathi Berserker", "Rampage 3")
    assert ram["trigger"] == {"when": {"kind": "becomes_blocked", "obj": "self"}}
    each = {"times": [3, {"blockers_of": {"object": "it", "beyond": 1}}]}
    assert ram["do"][0]["effect"] == {"modify_pt": {"power": each, "toughness": each}}
    script = ("    - advance: declare_attackers\n    - attack: {ber: bob}\n    - advance: declare_blockers\n"
              "    - block: {ogre: ber, ogre2: ber, ogre3: ber}\n    - resolve\n    - checkpoint: done\n")
    _game(_RAMPAGE, script, "    done: {stack: [], objects: {ber: {power: 8, toughness: 10}}}\n",
          ("702.23a", "509.1a", "608.2h"))
    # one blocker: none beyond the first, +0/+0 (the ability still triggers, 509.3c)
    _game(_RAMPAGE, script.replace("{ogre: ber, ogre2: ber, ogre3: ber}", "{ogre: ber}"),
          "    done: {stack: [], objects: {ber: {power: 2, toughness: 4}}}\n", ("702.23a", "509.3c"))


def test_rampage_bonus_is_fixed_as_it_resolves() -> None:
    # 702.23b: calculated once, as the ability resolves; a blocker gone before then (Lightning
    # Bolt on one Ogre in response) isn't counted: two blockers, one beyond the first, +3/+3
    objs = _RAMPAGE + "  - {id: bolt, card: Lightning Bolt, owner: bob, zone: hand}\n" \
                      "  - {id: m1, card: Mountain, controller: bob, timestamp: 5}\n"
    script = ("    - advance: declare_attackers\n    - attack: {ber: bob}\n    - advance: declare_blockers\n"
              "    - block: {ogre: ber, ogre2: ber, ogre3: ber}\n"
              "    - pass: alice\n    - stack: {object: bolt, controller: bob, targets: [ogre3]}\n    - resolve\n    - resolve\n"
              "    - checkpoint: done\n")
    _game(objs, script, "    done: {stack: [], objects: {ber: {power: 5, toughness: 7}, ogre3: {zone: graveyard}}}\n",
          ("702.23b", "608.2h", "506.4"))


def test_blocking_it_of_another_subject_stays_text() -> None:
    # "SELF gets ... for each creature blocking it": which object "it" is isn't read
    from pyengine.oracle import templates as T

    s = "Whenever SELF becomes blocked, SELF gets +1/+1 until end of turn for each creature blocking it."
    assert T.match(s, {}, s)[0] == "triggered (text)"


_MENTOR = ("  - {id: sun, card: Sunhome Stalwart, controller: alice, timestamp: 1}\n"
           "  - {id: elves, card: Llanowar Elves, controller: alice, timestamp: 2}\n"
           "  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 3}\n")


def test_mentor_targets_an_attacking_creature_with_less_power() -> None:
    # 702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking creature
    # with power less than this creature's power": Sunhome Stalwart (2/2) attacking with
    # Llanowar Elves (1/1) puts a counter on the Elves
    men = _kw("Sunhome Stalwart", "Mentor")
    assert men["targets"] == [{"obj": {"types": ["Creature"], "power": {"lt": {"power_of": "self"}},
                                       "combat": ["attacking"]}}]
    assert men["do"] == [{"kind": "counters", "target": "target", "counter": "+1/+1"}]
    _game(_MENTOR, "    - advance: declare_attackers\n    - trigger_targets: {sun: [elves]}\n"
                   "    - attack: {sun: bob, elves: bob, bears: bob}\n    - resolve\n    - checkpoint: done\n",
          "    done: {stack: [], objects: {elves: {counters: {\"+1/+1\": 1}, power: 2, toughness: 2}}}\n",
          ("702.134a", "603.3d"))


def test_mentor_cant_target_equal_power_or_a_creature_not_attacking() -> None:
    # the Bears' power 2 isn't less than the Stalwart's 2 (702.134a); the Elves staying home
    # aren't attacking (506.4): with no legal target the ability is removed from the stack
    # (603.3d) - the Bears named as its target is an illegal choice (601.2c)
    text = support.game_text(_MENTOR, support.MAIN,
                             "    - advance: declare_attackers\n    - trigger_targets: {sun: [bears]}\n"
                             "    - attack: {sun: bob, elves: bob, bears: bob}\n", "",
                             cr=("702.134a", "601.2c"))
    support.passes(text.replace("expect:\n  checkpoints:\n", 'expect:\n  illegal: {action: 2, rule: "601.2c"}\n'))
    _game(_MENTOR, "    - advance: declare_attackers\n    - attack: {sun: bob, bears: bob}\n"
                   "    - checkpoint: done\n",
          "    done: {stack: [], objects: {bears: {counters: {}}, elves: {counters: {}}}}\n", ("603.3d",))


def test_mentor_source_gone_before_it_resolves_is_refused() -> None:
    # the Stalwart's power as it resolves, once it has left the battlefield, is its last known
    # information (608.2h, 113.7a), which the game doesn't keep: refused, not read from the card
    objs = _MENTOR + "  - {id: bolt, card: Lightning Bolt, owner: bob, zone: hand}\n" \
                     "  - {id: m1, card: Mountain, controller: bob, timestamp: 5}\n"
    text = support.game_text(objs, support.MAIN,
                             "    - advance: declare_attackers\n    - trigger_targets: {sun: [elves]}\n"
                             "    - attack: {sun: bob, elves: bob}\n    - pass: alice\n"
                             "    - stack: {object: bolt, controller: bob, targets: [sun]}\n    - resolve\n"
                             "    - resolve\n    - checkpoint: done\n", "    done: {stack: []}\n",
                             cr=("608.2h",))
    with pytest.raises(AssertionError, match="608.2h"):
        support.passes(text)


def test_unleash_is_an_optional_counter_and_cant_block_with_a_counter() -> None:
    # 702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" and
    # "This permanent can't block as long as it has a +1/+1 counter on it"
    got = support.full("Bloodfray Giant")
    unl = [a for a in got.card["abilities"] if isinstance(a, dict) and a.get("text") == "Unleash"]
    assert unl[0]["static"] == {"enters_with_counters": {"counter": "+1/+1", "amount": 1, "optional": True}}
    assert unl[1]["static"] == {"affects": "self", "condition": {"has_counters": "+1/+1"},
                                "add_abilities": ["can't block"]}
    cast = ("  - {id: giant, card: Bloodfray Giant, owner: alice, zone: hand}\n",
            "    - cast: {spell: giant, payment: {pool: \"{R}{R}{R}{R}\"}}\n"
            "    - choose: [{effect: giant, choice: main}]\n    - resolve\n    - checkpoint: done\n")
    hands = "[{id: alice, library_size: 5, hand_size: 1, mana: \"{R}{R}{R}{R}\"}, {id: bob, library_size: 5}]"
    # she has it enter with the counter (614.1c, 614.12): a 5/4 with trample
    support.passes(support.game_text(cast[0], support.MAIN, cast[1],
                                     "    done: {stack: [], objects: {giant: {zone: battlefield, "
                                     "counters: {\"+1/+1\": 1}, power: 5, toughness: 4}}}\n",
                                     hands=hands, cr=("702.98a", "614.12")))
    # or declines (it is optional): no counter, a 4/3
    support.passes(support.game_text(cast[0], support.MAIN, cast[1].replace("choice: main", "choice: decline"),
                                     "    done: {stack: [], objects: {giant: {zone: battlefield, "
                                     "counters: {}, power: 4, toughness: 3}}}\n",
                                     hands=hands, cr=("702.98a", "614.12")))


_BLOCK = ("  - {id: giant, card: Bloodfray Giant, controller: alice, timestamp: 1, counters: COUNTERS}\n"
          "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 2}\n")
_BOBS = "{active: bob, number: 3, step: precombat_main}"
_ATTACK = ("    - advance: declare_attackers\n    - attack: {ogre: alice}\n    - advance: declare_blockers\n"
           "    - block: {giant: ogre}\n")


def test_unleashed_creature_with_a_counter_cant_block() -> None:
    # with a +1/+1 counter on it (whatever put it there) it can't block (702.98a, 509.1b)
    text = support.game_text(_BLOCK.replace("COUNTERS", '{"+1/+1": 1}'), _BOBS, _ATTACK, "",
                             cr=("702.98a", "509.1b"))
    support.passes(text.replace("expect:\n  checkpoints:\n", 'expect:\n  illegal: {action: 3, rule: "509.1b"}\n'))
    # without one it blocks (the condition doesn't hold, 611.3a)
    support.passes(support.game_text(_BLOCK.replace("COUNTERS", "{}"), _BOBS, _ATTACK + "    - checkpoint: b\n",
                                     "    b: {stack: []}\n", cr=("702.98a",)))


def test_has_counters_of_another_kind_is_refused_by_the_layer_engine() -> None:
    # the layer engine reads P/T counters only: a condition on time counters is refused, not
    # read as false
    from pyengine.errors import PyengineError

    text = support.game_text(
        "  - id: x\n    name: Test\n    types: [Creature]\n    power: 1\n    toughness: 1\n"
        "    controller: alice\n    timestamp: 1\n    counters: {time: 1}\n    abilities:\n"
        "      - {static: {affects: self, condition: {has_counters: time}, add_abilities: [flying]},"
        " text: t}\n",
        support.MAIN, "    - checkpoint: c\n", "    c: {objects: {x: {power: 1}}}\n", cr=("122.1",))
    with pytest.raises((AssertionError, PyengineError), match="P/T counters"):
        support.passes(text)


def test_blockers_of_the_creature_the_trigger_is_about() -> None:
    # Berserk Murlodont: "Whenever a Beast becomes blocked, it gets +1/+1 until end of turn for
    # each creature blocking it": "it" is the Beast (603.2), counted as the ability resolves
    # (608.2h): a 2/2 Beast blocked by two Gray Ogres becomes 4/4; the Murlodont stays 3/3
    objs = ("  - {id: mur, card: Berserk Murlodont, controller: alice, timestamp: 1}\n"
            "  - {id: beast, name: Test Beast, types: [Creature], subtypes: [Beast], power: 2, toughness: 2,"
            " controller: alice, timestamp: 2}\n"
            "  - {id: ogre, card: Gray Ogre, controller: bob, timestamp: 3}\n"
            "  - {id: ogre2, card: Gray Ogre, controller: bob, timestamp: 4}\n")
    _game(objs, "    - advance: declare_attackers\n    - attack: {beast: bob}\n    - advance: declare_blockers\n"
                "    - block: {ogre: beast, ogre2: beast}\n    - resolve\n    - checkpoint: done\n",
          "    done: {stack: [], objects: {beast: {power: 4, toughness: 4}, mur: {power: 3, toughness: 3}}}\n",
          ("509.1a", "608.2h", "603.2"))
