"""Spell targets with a combat state (CR 506.4: a creature is attacking or blocking from being
declared so, 508.1a / 509.1a, until removed from combat or combat ends, 511.3): "destroy target
attacking creature", "destroy target attacking or blocking creature" on real cards (the
pyengine[cards] extra; skipped without it). The instance of "target" says what can be targeted
(115.1): legal as the spell is cast (601.2c) and again as it resolves (608.2b)."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from pyengine import oracle
from pyengine.cast.qualities import lacks
from tests.oracle import support
from tests.oracle.support import BUNDLED

pytestmark = BUNDLED

OGRE = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 1}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2}
PLAINS = [{"id": f"p{i}", "card": "Plains", "controller": "alice", "timestamp": 10 + i} for i in range(5)]


def _in_hand(card: str) -> dict[str, Any]:
    return {"id": "spell", "card": card, "owner": "alice", "zone": "hand"}


def test_combat_words_compile_into_the_target_quality() -> None:
    # 506.4: "attacking or blocking creature" is either; "attacking creature" only attackers
    verdict = support.full("Divine Verdict").card
    assert verdict["casting"]["targets"] == [{"id": "creature", "what": {
        "types": ["Creature"], "combat": ["attacking", "blocking"]}}]
    assert verdict["does"]["do"] == [{"kind": "destroy", "object": "target"}]
    reprisal = support.full("Bright Reprisal").card
    assert reprisal["casting"]["targets"][0]["what"] == {"types": ["Creature"], "combat": ["attacking"]}


def test_an_ability_with_a_sentence_not_read_stays_text() -> None:
    # Arbalest Elite's "deals 3 damage to target attacking or blocking creature" is read (an
    # ability's combat-state target: test_oracle_ability_combat_targets.py), but not its
    # "doesn't untap during your next untap step": the ability is not compiled
    got = oracle.compiled("Arbalest Elite")
    assert got is not None and got.status != "full"
    assert not any(isinstance(a, dict) and "activated" in a for a in got.card["abilities"])


def test_no_attacking_creature_before_attackers_are_declared() -> None:
    # 506.4, 601.2c: in alice's main phase nothing is attacking: the Ogre is no legal target
    ok, why = support.game([OGRE, BEARS, *PLAINS, _in_hand("Divine Verdict")],
                           [{"cast": {"spell": "spell", "targets": {"creature": ["ogre"]},
                                      "payment": {"tap": ["p0", "p1", "p2", "p3"]}}}],
                           {"illegal": {"action": 0, "rule": "601.2c"}}, cr="506.4")
    assert ok is not None, why


def test_an_attacking_creature_is_destroyed() -> None:
    # 508.1a: the Bears declared as an attacker are an attacking creature (506.4): cast at
    # them (601.2c), Bright Reprisal destroys them (701.8a) and alice draws (121.1)
    script = [{"advance": "declare_attackers"}, {"attack": {"bears": "bob"}},
              {"cast": {"spell": "spell", "targets": {"creature": ["bears"]},
                        "payment": {"tap": ["p0", "p1", "p2", "p3", "p4"]}}}, "resolve",
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {"bears": {"zone": "graveyard"},
                                                                "ogre": {"zone": "battlefield"}}}}}
    ok, why = support.game([OGRE, BEARS, *PLAINS, _in_hand("Bright Reprisal")], script, expect, cr="506.4")
    assert ok is not None, why
    # the Ogre isn't attacking: no legal target for "target attacking creature" (115.1)
    script[2] = {"cast": {"spell": "spell", "targets": {"creature": ["ogre"]},
                          "payment": {"tap": ["p0", "p1", "p2", "p3", "p4"]}}}
    bad, why = support.game([OGRE, BEARS, *PLAINS, _in_hand("Bright Reprisal")], script[:3],
                            {"illegal": {"action": 2, "rule": "601.2c"}}, cr="506.4")
    assert bad is not None, why


@pytest.mark.parametrize("card,legal", [("Divine Verdict", True), ("Bright Reprisal", False)])
def test_a_blocking_creature(card: str, legal: bool) -> None:
    # bob's turn: his Ogre attacks alice, her Bears block it (509.1a). The Bears are a blocking
    # creature (506.4): Divine Verdict's "attacking or blocking" may target them; Bright
    # Reprisal's "attacking" may not (115.1, 601.2c)
    script: list[Any] = [{"advance": "declare_attackers"}, {"attack": {"ogre": "alice"}},
                         {"advance": "declare_blockers"}, {"block": {"bears": "ogre"}}, "pass",
                         {"stack": {"object": "spell", "controller": "alice", "targets": ["bears"]}}]
    objs = [{**OGRE, "controller": "bob"}, BEARS, _in_hand(card)]
    players = [{"id": "alice", "hand_size": 1, "library_size": 10}, {"id": "bob", "library_size": 10}]

    from pyengine.oracle.execute import run_generated

    expect: dict[str, Any]
    if legal:
        script += ["resolve", {"checkpoint": "done"}]
        expect = {"checkpoints": {"done": {"stack": [], "objects": {"bears": {"zone": "graveyard"}}}}}
    else:
        expect = {"illegal": {"action": 5, "rule": "115.1"}}
    doc = {"id": "cards/test", "title": "t", "cr": ["506.4"], "rationale": "test", "players": players,
           "turn": {"active": "bob", "number": 4, "step": "precombat_main"},
           "objects": objs, "query": {"kind": "game", "script": script}, "expect": expect}
    ok, why = run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)
    assert ok is not None, why


def test_a_target_no_longer_in_combat_is_illegal_on_resolution() -> None:
    # 608.2b, 506.4: the quality is read again as the spell resolves; a creature removed from
    # combat (or once combat ended) is no longer attacking
    q = (("combat", ("attacking", "blocking")),)
    assert lacks(q, None, False, frozenset()) == "attacking or blocking"
    assert lacks(q, None, False, frozenset({"blocking"})) is None
    assert lacks((("combat", ("attacking",)),), None, False, frozenset({"blocking"})) == "attacking"


def test_generated_games_declare_the_target_an_attacker() -> None:
    # the coverage's generated game: alice's made creature attacks, then the spell is put on
    # the stack targeting it (508.1a, 601.2c) and resolves
    from pyengine.oracle.execute import run_for

    for name in ("Divine Verdict", "Bright Reprisal"):
        ok, why = run_for(support.full(name), "spell ability")
        assert ok, (name, why)


def test_a_generated_game_declares_the_target_a_blocker() -> None:
    # "destroy target blocking creature" (Vanquish): in bob's turn his Ogre attacks alice and
    # her made creature blocks it (509.1a), then the spell destroys it
    from pyengine.oracle.execute import run_for
    from pyengine.oracle.execute_game import game_text

    got = support.full("Vanquish")
    doc = yaml.safe_load(game_text(got))
    assert doc["turn"]["active"] == "bob"
    assert any(isinstance(a, dict) and "block" in a for a in doc["query"]["script"])
    ok, why = run_for(got, "spell ability")
    assert ok, why


@pytest.mark.parametrize("text", ["Destroy target attacking creature.",
                                  "SELF deals 4 damage to target attacking or blocking creature."])
def test_a_spell_reads_the_combat_word(text: str) -> None:
    from pyengine.oracle import effects as E

    got = E.effect(text, spell=True)
    assert got is not None and "combat" in got.casting[0]["what"]
    # an ability's target: the trigger engine's selector, with the combat key (506.4)
    ability = E.effect(text)
    assert ability is not None and ability.targets[0]["obj"]["combat"] == got.casting[0]["what"]["combat"]
