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
