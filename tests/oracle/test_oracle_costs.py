"""Activation costs on real cards (CR 602.2b, 601.2h, 118.3; the pyengine[cards] extra, skipped
without it): a cost part is a verb and what it selects: "Sacrifice a Saproling" (a subtype,
205.3; 701.21a), "Sacrifice two artifacts", "Sacrifice another creature or artifact", "Tap two
untapped Humans you control", "Return a land you control to its owner's hand", "Exile this
artifact" (the source, from the battlefield, 406.2), "Exile a creature card from your
graveyard", "Discard a land card", "Return this enchantment to its owner's hand". The objects
move as the cost is paid, before the ability resolves (601.2h, 602.2b); an activation whose cost
can't be paid is refused (118.3); a cost part not followed ("Discard a card at random") leaves
the ability as text."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from pyengine.model.activated import is_kind, parse_cost
from tests.oracle import support

pytestmark = support.BUNDLED


def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any],
          mana: str = "", cr: str = "601.2h") -> tuple[Any, str]:
    players = [{"id": "alice", "library_size": 10, **({"mana": mana} if mana else {})},
               {"id": "bob", "library_size": 10}]
    return support.game(objects, script, expect, cr=cr, players=players)


def _made(oid: str, types: list[str], subtypes: list[str], ctl: str = "alice", ts: int = 5) -> dict[str, Any]:
    made: dict[str, Any] = {"id": oid, "name": "Generated Permanent", "types": types, "subtypes": subtypes,
                            "controller": ctl, "timestamp": ts}
    if "Creature" in types:
        made.update(power=1, toughness=1)
    return made


OGRE = {"id": "ogre", "card": "Gray Ogre", "controller": "bob", "timestamp": 3}
BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 4}


# --- the cost model --------------------------------------------------------------------------

def test_a_cost_part_is_a_verb_and_a_selector() -> None:
    c = parse_cost("Sacrifice a Saproling")
    assert (c.sacrifice, c.sacrifice_count, c.other) == ("Saproling", 1, False)
    c = parse_cost("Sacrifice another creature or artifact")
    assert (c.sacrifice, c.other) == ("creature|artifact", True)
    assert is_kind(c.sacrifice, ("Artifact",), ()) and not is_kind(c.sacrifice, ("Land",), ("Forest",))
    assert parse_cost("Sacrifice two other creatures").sacrifice_count == 2
    assert parse_cost("{T}, Tap two untapped Humans you control").tap_untapped == ("Human", 2, False)
    assert parse_cost("{2}, Return a land you control to its owner's hand").bounce == ("land", 1)
    assert parse_cost("{4}, {T}, Exile SELF").exile_source
    assert parse_cost("Exile SELF from your graveyard").exile_self  # 113.6m: another zone
    assert parse_cost("{2}{B}, Exile a creature card from your graveyard").exile_cards == ("creature", 1)
    assert parse_cost("Exile two cards from your graveyard").exile_cards == ("card", 2)
    assert parse_cost("Discard a land card").discard_kind == "land"
    assert parse_cost("Sacrifice a creature, Return SELF to its owner's hand").return_self


@pytest.mark.parametrize("text", [
    "{1}, Discard a card at random",  # random (701.9c): not chosen by the player
    "Sacrifice a Blarg",  # not a subtype of 205.3
    "Sacrifice two Elves",  # a plural not read
    "Return a land you control to their owners' hands",  # one permanent, "their owners'"
    "Exile a card from your hand",
    "{S}",  # snow mana (107.4h): the pool doesn't track where mana came from
])
def test_cost_parts_not_followed_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_cost(text)


def test_a_card_with_an_unread_cost_stays_text() -> None:
    got = oracle.compiled("Amok")  # "{1}, Discard a card at random: ..."
    assert got is not None and got.status == "text-only"
    assert [c.template for c in got.clauses] == ["activated (text)"]


def test_compiled_cards_keep_the_cost_text() -> None:
    for name, cost in (("Deathspore Thallid", "Sacrifice a Saproling"),
                       ("Floodbringer", "{2}, Return a land you control to its owner's hand"),
                       ("Brittle Effigy", "{4}, {T}, Exile SELF")):
        abilities = [a["activated"]["cost"] for a in support.full(name).card["abilities"]
                     if isinstance(a, dict) and "activated" in a]
        assert cost in abilities, (name, abilities)


# --- games -----------------------------------------------------------------------------------

THALLID = {"id": "thallid", "card": "Deathspore Thallid", "controller": "alice", "timestamp": 2}
SAP = _made("sap", ["Creature"], ["Saproling"])


def test_sacrifice_a_saproling_is_paid_before_it_resolves() -> None:
    # 601.2h: the Saproling is in the graveyard while the ability is on the stack; 613.4c: the
    # target gets -1/-1 as it resolves (Gray Ogre 2/2 -> 1/1)
    act = {"activate": {"player": "alice", "source": "thallid", "ability": 2, "sacrifice": ["sap"],
                        "targets": ["ogre"]}}
    ok, why = _game([THALLID, SAP, OGRE], [act, {"checkpoint": "paid"}, "resolve", {"checkpoint": "after"}],
                    {"checkpoints": {"paid": {"objects": {"sap": {"zone": "graveyard"}}},
                                     "after": {"objects": {"ogre": {"power": 1, "toughness": 1}}}}})
    assert ok is not None, why


@pytest.mark.parametrize("sacrifice", [["bears"], []])
def test_no_saproling_no_activation(sacrifice: list[str]) -> None:
    # 601.2h, 118.3: Grizzly Bears is not a Saproling, and nothing named pays nothing
    act = {"activate": {"player": "alice", "source": "thallid", "ability": 2, "sacrifice": sacrifice,
                        "targets": ["ogre"]}}
    ok, why = _game([THALLID, BEARS, OGRE], [act], {"illegal": {"action": 0, "rule": "601.2h"}})
    assert ok is not None, why


FLOOD = {"id": "flood", "card": "Floodbringer", "controller": "alice", "timestamp": 2}
FOREST = {"id": "forest", "card": "Forest", "controller": "alice", "timestamp": 3}
HIS = {"id": "his", "card": "Forest", "controller": "bob", "timestamp": 4}


def test_return_a_land_you_control() -> None:
    # 601.2h: the Forest is in alice's hand before the ability resolves; then bob's land taps
    act = {"activate": {"player": "alice", "source": "flood", "return": ["forest"], "targets": ["his"]}}
    ok, why = _game([FLOOD, FOREST, HIS], [act, {"checkpoint": "paid"}, "resolve", {"checkpoint": "after"}],
                    {"checkpoints": {"paid": {"objects": {"forest": {"zone": "hand"}, "his": {"tapped": False}}},
                                     "after": {"objects": {"his": {"tapped": True}}}}}, mana="{C}{C}")
    assert ok is not None, why


def test_a_land_she_doesnt_control_cant_be_returned() -> None:
    act = {"activate": {"player": "alice", "source": "flood", "return": ["his"], "targets": ["his"]}}
    ok, why = _game([FLOOD, FOREST, HIS], [act], {"illegal": {"action": 0, "rule": "601.2h"}}, mana="{C}{C}")
    assert ok is not None, why


def test_exile_the_source_as_a_cost() -> None:
    # 406.2, 601.2h: Brittle Effigy is exiled as the cost is paid; its ability still resolves
    # (113.7a) and exiles its target
    effigy = {"id": "effigy", "card": "Brittle Effigy", "controller": "alice", "timestamp": 2}
    act = {"activate": {"player": "alice", "source": "effigy", "targets": ["ogre"]}}
    ok, why = _game([effigy, OGRE], [act, {"checkpoint": "paid"}, "resolve", {"checkpoint": "after"}],
                    {"checkpoints": {"paid": {"objects": {"effigy": {"zone": "exile"}, "ogre": {"zone": "battlefield"}}},
                                     "after": {"objects": {"ogre": {"zone": "exile"}}}}}, mana="{C}{C}{C}{C}")
    assert ok is not None, why


PATRIARCH = {"id": "pat", "card": "Cabal Patriarch", "controller": "alice", "timestamp": 2}


@pytest.mark.parametrize(("card", "legal"), [("Grizzly Bears", True), ("Forest", False)])
def test_exile_a_creature_card_from_your_graveyard(card: str, legal: bool) -> None:
    # 601.2h: a creature card of alice's graveyard is exiled for the cost; a land card isn't one
    dead = {"id": "dead", "card": card, "owner": "alice", "zone": "graveyard"}
    act = {"activate": {"player": "alice", "source": "pat", "ability": 2, "exile": ["dead"],
                        "targets": ["ogre"]}}
    expect: dict[str, Any] = {"checkpoints": {"paid": {"objects": {"dead": {"zone": "exile"}}},
                                              "after": {"objects": {"ogre": {"power": 0}}}}} if legal \
        else {"illegal": {"action": 0, "rule": "601.2h"}}
    ok, why = _game([PATRIARCH, dead, OGRE], [act, {"checkpoint": "paid"}, "resolve", {"checkpoint": "after"}],
                    expect, mana="{C}{C}{B}")
    assert ok is not None, why


CHAPLAIN = {"id": "chap", "card": "Devout Chaplain", "controller": "alice", "timestamp": 2}
ANTHEM = {"id": "anthem", "card": "Glorious Anthem", "controller": "bob", "timestamp": 6}


@pytest.mark.parametrize(("second", "legal"), [(_made("h2", ["Creature"], ["Human"], ts=4), True),
                                               (_made("h2", ["Creature"], ["Elf"], ts=4), False)])
def test_tap_two_untapped_humans(second: dict[str, Any], legal: bool) -> None:
    # 601.2h: two untapped Humans of alice's are tapped for the cost; an Elf isn't a Human
    objs = [CHAPLAIN, _made("h1", ["Creature"], ["Human"], ts=3), second, ANTHEM]
    act = {"activate": {"player": "alice", "source": "chap", "tap_untapped": ["h1", "h2"],
                        "targets": ["anthem"]}}
    expect: dict[str, Any] = {"checkpoints": {"after": {"objects": {
        "h1": {"tapped": True}, "h2": {"tapped": True}, "chap": {"tapped": True},
        "anthem": {"zone": "exile"}}}}} if legal else {"illegal": {"action": 0, "rule": "601.2h"}}
    ok, why = _game(objs, [act, "resolve", {"checkpoint": "after"}], expect)
    assert ok is not None, why
