"""Sacrifices chosen as the effect resolves (pyengine/oracle/effects_sacrifice.py,
pyengine/lang/sacrifice.py, pyengine/game/sacrifice.py, pyengine/oracle/execute_sacrifice.py):
"each player sacrifices a creature of their choice", "target player sacrifices a creature",
"sacrifice a land" (CR 701.21a: a player sacrifices a permanent they control of their choice;
608.2d: chosen as it resolves; 101.4: APNAP order, then at once; 609.3: as many as they can)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.oracle import effects as E
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED


def _read(s: str, spell: bool = True) -> list[dict[str, Any]] | None:
    eff = E.Effect()
    return eff.do if E.sentence(s, eff, spell) else None


def test_sentences_read_as_chosen_sacrifices() -> None:
    assert _read("each player sacrifices a creature of their choice") == [
        {"kind": "sacrifice", "player": ["you", "opponent"], "what": {"types": ["Creature"]}}]
    assert _read("sacrifice two lands") == [
        {"kind": "sacrifice", "player": "you", "what": {"types": ["Land"]}, "count": 2}]
    assert _read("you may sacrifice another creature or artifact", spell=False) == [
        {"kind": "may", "do": [{"kind": "sacrifice", "player": "you",
                                "what": {"other": True, "any_types": ["Creature", "Artifact"]}}]}]


@pytest.mark.parametrize("sentence", [
    "sacrifice a creature with the greatest power",  # a comparison among the player's creatures
    "target player sacrifices an attacking creature of their choice",  # a combat status
    "sacrifice it",  # one object (pyengine.oracle.effects), not a choice
])
def test_wordings_not_read_stay_text(sentence: str) -> None:
    assert _read(sentence) is None


def test_reflexive_trigger_stays_text() -> None:
    from pyengine import oracle

    # "When you do, ..." is a reflexive triggered ability (603.12), not "if you do"
    got = oracle.compiled("Cornered Crook")
    assert got is not None and got.status != "full"
    assert any("When you do" in c.text and c.template.endswith("(text)") for c in got.clauses)


GATEKEEPER = [{"id": "gk", "card": "Abyssal Gatekeeper", "controller": "alice", "timestamp": 1},
              {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2},
              {"id": "elves", "card": "Llanowar Elves", "controller": "alice", "timestamp": 3},
              {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"},
              {"id": "m1", "card": "Mountain", "controller": "alice", "timestamp": 5}]
KILL = [{"cast": {"spell": "bolt", "player": "alice", "targets": {"any": ["gk"]},
                  "payment": {"tap": ["m1"]}}},
        "resolve", "resolve", {"checkpoint": "x"}]


def test_each_player_sacrifices_their_choice_at_once() -> None:
    full("Abyssal Gatekeeper")
    # 701.21a: alice chooses among her two creatures (Llanowar Elves); bob controls one, which
    # is sacrificed without a choice; Grizzly Bears stays
    objs = [*GATEKEEPER, {"id": "ob", "card": "Grizzly Bears", "controller": "bob", "timestamp": 4}]
    ran, why = game(objs, [{"sacrifice_choice": {"gk": ["elves"]}}, *KILL],
                    {"checkpoints": {"x": {"stack": [], "objects": {
                        "gk": {"zone": "graveyard"}, "elves": {"zone": "graveyard"},
                        "bears": {"zone": "battlefield"}, "ob": {"zone": "graveyard"}}}}}, cr="701.21a")
    assert ran is not None, why


def test_missing_choice_stops_the_game_naming_it() -> None:
    objs = [*GATEKEEPER, {"id": "ob", "card": "Grizzly Bears", "controller": "bob", "timestamp": 4}]
    ran, why = game(objs, KILL, {"checkpoints": {"x": {"stack": []}}}, cr="701.21a")
    assert ran is None and "sacrifice_choice" in why and "701.21a" in why


def test_a_player_without_a_creature_sacrifices_nothing() -> None:
    # 609.3: bob controls no creature; alice's one creature besides the dead Gatekeeper goes
    objs = [o for o in GATEKEEPER if o["id"] != "elves"]
    ran, why = game(objs, KILL, {"checkpoints": {"x": {"stack": [], "objects": {
        "bears": {"zone": "graveyard"}}}}}, cr="609.3")
    assert ran is not None, why


def test_a_choice_that_is_not_the_players_is_refused() -> None:
    objs = [*GATEKEEPER, {"id": "ob", "card": "Grizzly Bears", "controller": "bob", "timestamp": 4}]
    ran, why = game(objs, [{"sacrifice_choice": {"gk": ["elves", "m1"]}}, *KILL],
                    {"checkpoints": {"x": {"stack": []}}}, cr="701.21a")
    assert ran is None and "m1" in why


def test_generated_games_run() -> None:
    from pyengine import oracle
    from pyengine.oracle.execute_triggers import run_game

    for name in ("Abyssal Gatekeeper", "Blighted Fen", "Cycle of Renewal", "Innocent Blood"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", name
        ok, why = run_game(got, template="activated ability" if name == "Blighted Fen" else None)
        assert ok, (name, why)
