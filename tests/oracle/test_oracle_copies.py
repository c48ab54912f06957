"""Copies of spells (CR 707.10) and storm (702.40a): pyengine/lang/copies.py,
pyengine/game/copies.py, pyengine/oracle/keyword_storm.py. Real cards from the bundled card
data; every expected answer is derived from the rules cited."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED


def _hand(oid: str, card: str, owner: str = "alice") -> dict[str, Any]:
    return {"id": oid, "card": card, "owner": owner, "zone": "hand"}


def _cast(oid: str, targets: list[str], who: str = "alice") -> dict[str, Any]:
    return {"stack": {"object": oid, "controller": who, "targets": targets}}


HANDS = [{"id": "alice", "hand_size": 3, "library_size": 10}, {"id": "bob", "hand_size": 1, "library_size": 10}]


def test_grapeshot_after_two_bolts_deals_three_times_one_damage() -> None:
    """702.40a: two spells were cast before Grapeshot this turn, so storm puts two copies on the
    stack (707.10); each copy and the original deal 1 damage to bob (120.3a): 20 - 3 - 3 - 3."""
    full("Grapeshot")
    ok, why = game(
        [_hand("bolt1", "Lightning Bolt"), _hand("bolt2", "Lightning Bolt"), _hand("shot", "Grapeshot")],
        [_cast("bolt1", ["bob"]), "resolve", _cast("bolt2", ["bob"]), "resolve", _cast("shot", ["bob"]),
         {"checkpoint": "cast"}, "resolve", {"checkpoint": "copied"}, "resolve", "resolve", "resolve",
         {"checkpoint": "done"}],
        {"checkpoints": {"cast": {"life": {"bob": 14}},
                         "copied": {"stack": ["shot~copy2", "shot~copy1", "shot"]},
                         "done": {"stack": [], "life": {"bob": 11}}}},
        cr="702.40a", players=HANDS)
    assert ok, why
