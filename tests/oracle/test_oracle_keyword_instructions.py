"""Keyword actions written in effect sentences, on real cards (the pyengine[cards] extra;
skipped without it): "bolster N" (CR 701.39a), "populate" (701.36a), "amass [subtype] N"
(701.47a) and "it explores" (701.44a) compile into instructions the game follows as the
spell or ability resolves, their player's choice given ahead (608.2d: ``keyword_choice``);
games with the cards answer as the rules say; wordings not followed ("explores, then it
explores again", "amass Orcs X, where X is ...") stay text."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine.oracle import effects as E
from pyengine.oracle import execute
from tests.oracle import support

pytestmark = support.BUNDLED

BEARS = {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}
BEARS2 = {"id": "bears2", "card": "Grizzly Bears", "controller": "alice", "timestamp": 2}
GIANT = {"id": "giant", "card": "Hill Giant", "controller": "alice", "timestamp": 3}  # 3/3


def _spell(
    card: str,
    objects: list[dict[str, Any]],
    before: list[Any],
    expect: dict[str, Any],
    cr: str,
    targets: list[str] | None = None,
) -> tuple[Any, str]:
    """alice casts ``card`` (put on the stack, 601.2) and it resolves; the checkpoint ``after``."""
    me = {"id": "spell", "card": card, "owner": "alice", "zone": "hand"}
    stack = {"stack": {"object": "spell", "controller": "alice", **({"targets": targets} if targets else {})}}
    script = [*before, stack, "resolve", {"checkpoint": "after"}]
    return support.game([*objects, me], script, {"checkpoints": {"after": expect}}, cr=cr)


# --- compiled forms --------------------------------------------------------------------------


def test_the_sentences_compile_into_instructions() -> None:
    # 701.39a, 701.36a, 701.47a (701.47d: "amass Zombies N")
    assert support.full("Dromoka's Gift").card["does"]["do"] == [{"kind": "bolster", "amount": 4}]
    assert support.full("Abzan Skycaptain").card["abilities"][1]["do"] == [{"kind": "bolster", "amount": 2}]
    accord = support.full("Coursers' Accord").card["does"]["do"]
    assert accord[0]["kind"] == "create_tokens" and accord[1] == {"kind": "populate"}
    dismissal = support.full("Callous Dismissal").card["does"]["do"]
    assert dismissal[-1] == {"kind": "amass", "subtype": "Zombie", "amount": 1}
    muster = support.full("Mordor Muster").card["does"]["do"]
    assert {"kind": "amass", "subtype": "Orc", "amount": 1} in muster
    branch = support.full("Merfolk Branchwalker").card["abilities"][0]["do"]
    assert branch == [{"kind": "explore", "object": "it"}]
    wing = support.full("Miner's Guidewing").card["abilities"][-1]
    assert wing["do"] == [{"kind": "explore", "object": "target"}] and wing["targets"]
    assert support.full("Raffine's Informant").card["abilities"][0]["do"] == [
        {"kind": "connive", "object": "it"}
    ]


def test_wordings_not_followed_stay_text() -> None:
    # "it explores, then it explores again" (two explores, 701.44d's order: not read); "amass
    # Orcs X, where X is ..." counts as it resolves (not read); bolster 0 is not a wording; "it"
    # not the trigger's object
    assert E.effect("it explores, then it explores again", it=True) is None
    assert E.effect("it explores") is None
    assert E.effect("SELF connives 2") is None  # connive N (701.50e)
    assert E.effect("amass Orcs X, where X is the number of cards in your hand") is None
    assert E.effect("amass Foo 2") is None
    assert E.effect("bolster 0") is None


# --- games -----------------------------------------------------------------------------------


def test_bolster_puts_the_counters_on_the_least_toughness() -> None:
    # 701.39a: the Bears (toughness 2) have the least toughness among alice's creatures, not
    # the Giant (3): four +1/+1 counters on them, a 6/6 (613.4c)
    ok, why = _spell(
        "Dromoka's Gift",
        [BEARS, GIANT],
        [],
        {
            "objects": {
                "bears": {"counters": {"+1/+1": 4}, "power": 6, "toughness": 6},
                "giant": {"counters": {}},
            }
        },
        "701.39a",
    )
    assert ok is not None, why


def test_bolster_among_tied_creatures_is_alices_choice() -> None:
    # 701.39a, 608.2d: two Bears tied for least toughness: she chooses as it resolves; without
    # the choice the game stops rather than choose, and the Giant (not tied) can't be chosen
    ok, why = _spell(
        "Dromoka's Gift",
        [BEARS, BEARS2, GIANT],
        [{"keyword_choice": {"spell": "bears2"}}],
        {"objects": {"bears2": {"counters": {"+1/+1": 4}}, "bears": {"counters": {}}}},
        "701.39a",
    )
    assert ok is not None, why
    ok, why = _spell("Dromoka's Gift", [BEARS, BEARS2, GIANT], [], {"stack": []}, "701.39a")
    assert ok is None and "chooses among bears, bears2" in why
    ok, why = _spell(
        "Dromoka's Gift",
        [BEARS, BEARS2, GIANT],
        [{"keyword_choice": {"spell": "giant"}}],
        {"stack": []},
        "701.39a",
    )
    assert ok is None and "giant is not among" in why


def test_populate_copies_the_token_just_created() -> None:
    # 701.36a, 608.2c: "Create a 3/3 green Centaur creature token, then populate": the copy of
    # the only creature token alice controls is a second 3/3 Centaur token (707.2)
    ok, why = _spell(
        "Coursers' Accord",
        [],
        [],
        {
            "objects": {
                "centaur-token-1": {"token": True, "power": 3, "toughness": 3, "subtypes": ["Centaur"]},
                "centaur-token-2": {"token": True, "power": 3, "toughness": 3, "subtypes": ["Centaur"]},
            }
        },
        "701.36a",
    )
    assert ok is not None, why


def test_populate_without_a_creature_token_creates_nothing() -> None:
    # 701.36b: Trostani's Judgment exiles the Giant; alice controls no creature token (the
    # Bears are a card): no token is created
    ok, why = _spell(
        "Trostani's Judgment",
        [BEARS, {**GIANT, "controller": "bob"}],
        [],
        {
            "objects": {"giant": {"zone": "exile"}, "bears": {"zone": "battlefield"}},
            "absent": ["bears-token-1"],
        },
        "701.36a",
        targets=["giant"],
    )
    assert ok is not None, why


def test_amass_creates_the_army_then_puts_the_counter() -> None:
    # 701.47a: no Army: a 0/0 black Zombie Army token, then one +1/+1 counter on it (1/1: it
    # survives the state-based actions, 704.5f); the Giant returns to bob's hand
    ok, why = _spell(
        "Callous Dismissal",
        [{**GIANT, "controller": "bob"}],
        [],
        {
            "objects": {
                "giant": {"zone": "hand"},
                "zombie-army-token-1": {
                    "token": True,
                    "power": 1,
                    "toughness": 1,
                    "counters": {"+1/+1": 1},
                    "subtypes": ["Zombie", "Army"],
                    "colors": ["black"],
                },
            }
        },
        "701.47a",
        targets=["giant"],
    )
    assert ok is not None, why


def test_amass_onto_an_army_of_another_kind_makes_it_a_zombie_too() -> None:
    # 701.47a: alice controls an Orc Army: no token is created; it gets the counter and becomes
    # a Zombie in addition to its other types (it stays an Orc Army)
    orcs = {
        "id": "orcs",
        "name": "Orc Army Token",
        "token": True,
        "types": ["Creature"],
        "subtypes": ["Orc", "Army"],
        "colors": ["black"],
        "power": 0,
        "toughness": 0,
        "controller": "alice",
        "timestamp": 4,
        "counters": {"+1/+1": 2},
    }
    ok, why = _spell(
        "Callous Dismissal",
        [orcs, {**GIANT, "controller": "bob"}],
        [],
        {
            "objects": {
                "orcs": {
                    "counters": {"+1/+1": 3},
                    "power": 3,
                    "toughness": 3,
                    "subtypes": ["Orc", "Army", "Zombie"],
                }
            },
            "absent": ["zombie-army-token-1"],
        },
        "701.47a",
        targets=["giant"],
    )
    assert ok is not None, why


def _branchwalker(
    library: list[dict[str, Any]], before: list[Any], expect: dict[str, Any]
) -> tuple[Any, str]:
    """Merfolk Branchwalker (2/1) is cast and resolves; its "When this creature enters, it
    explores." triggers (603.6a) and resolves; the checkpoint ``after``."""
    me = {"id": "walker", "card": "Merfolk Branchwalker", "owner": "alice", "zone": "hand"}
    script = [
        {"stack": {"object": "walker", "controller": "alice"}},
        "resolve",
        *before,
        "resolve",
        {"checkpoint": "after"},
    ]
    return support.game([me, *library], script, {"checkpoints": {"after": expect}}, cr="701.44a")


def test_explore_reveals_a_land_into_the_hand() -> None:
    # 701.44a: the top card is a Forest, a land card: into alice's hand, no counter
    forest = {"id": "forest", "card": "Forest", "owner": "alice", "zone": "library"}
    ok, why = _branchwalker(
        [forest],
        [],
        {"objects": {"forest": {"zone": "hand"}, "walker": {"counters": {}, "power": 2, "toughness": 1}}},
    )
    assert ok is not None, why


def test_explore_reveals_a_nonland_the_counter_and_the_graveyard_choice() -> None:
    # 701.44a: a nonland card: a +1/+1 counter on the explorer (3/2), and alice may put the card
    # into her graveyard (608.2d: her choice, given ahead); or leave it on top of the library
    bolt = {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "library"}
    gone = [{"keyword_choice": {"walker": True}}]
    ok, why = _branchwalker(
        [bolt],
        gone,
        {
            "objects": {
                "bolt": {"zone": "graveyard"},
                "walker": {"counters": {"+1/+1": 1}, "power": 3, "toughness": 2},
            }
        },
    )
    assert ok is not None, why
    kept = [{"keyword_choice": {"walker": False}}]
    ok, why = _branchwalker(
        [bolt], kept, {"objects": {"bolt": {"zone": "library"}, "walker": {"counters": {"+1/+1": 1}}}}
    )
    assert ok is not None, why
    ok, why = _branchwalker([bolt], [], {"stack": []})  # the choice not given: the game stops
    assert ok is None and "may put bolt (nonland) into their graveyard" in why


def test_explore_with_an_unnamed_top_card_stops() -> None:
    # the game can't tell whether an unnamed card is a land: it stops rather than guess
    ok, why = _branchwalker([], [], {"stack": []})
    assert ok is None and "is not named" in why


def _informant(hand: list[dict[str, Any]], before: list[Any], expect: dict[str, Any]) -> tuple[Any, str]:
    """Raffine's Informant (2/1) is cast and resolves; "When this creature enters, it
    connives." triggers (603.6a) and resolves; the checkpoint ``after``."""
    me = {"id": "informant", "card": "Raffine's Informant", "owner": "alice", "zone": "hand"}
    script = [
        {"stack": {"object": "informant", "controller": "alice"}},
        "resolve",
        *before,
        "resolve",
        {"checkpoint": "after"},
    ]
    players = [
        {"id": "alice", "hand_size": 1 + len(hand), "library_size": 10},
        {"id": "bob", "library_size": 10},
    ]
    return support.game(
        [me, *hand], script, {"checkpoints": {"after": expect}}, cr="701.50a", players=players
    )


def test_connive_draws_discards_and_counts_a_nonland_card() -> None:
    # 701.50a: alice draws a card, then discards one; a nonland card (Lightning Bolt): a +1/+1
    # counter on the Informant (3/2); a land card (Forest): no counter
    bolt = {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "hand"}
    forest = {"id": "forest", "card": "Forest", "owner": "alice", "zone": "hand"}
    ok, why = _informant(
        [bolt, forest],
        [{"keyword_choice": {"informant": "bolt"}}],
        {
            "hand": {"alice": 2},
            "library": {"alice": 9},
            "objects": {"bolt": {"zone": "graveyard"}, "informant": {"counters": {"+1/+1": 1}, "power": 3}},
        },
    )
    assert ok is not None, why
    ok, why = _informant(
        [bolt, forest],
        [{"keyword_choice": {"informant": "forest"}}],
        {"objects": {"forest": {"zone": "graveyard"}, "informant": {"counters": {}, "power": 2}}},
    )
    assert ok is not None, why
    ok, why = _informant([bolt], [], {"stack": []})  # the discard not chosen: the game stops
    assert ok is None and "discards a card after drawing" in why


@pytest.mark.parametrize(
    ("name", "template"),
    [
        ("Abzan Skycaptain", "triggered ability"),
        ("Dromoka's Gift", "spell ability"),
        ("Coursers' Accord", "spell ability"),
        ("Sundering Growth", "spell ability"),
        ("Callous Dismissal", "spell ability"),
        ("Herald of the Dreadhorde", "triggered ability"),
        ("Mordor Muster", "spell ability"),
        ("Merfolk Branchwalker", "triggered ability"),
        ("Guidestone Compass", "activated ability"),
        ("Raffine's Informant", "triggered ability"),
        ("Ledger Shredder", "triggered ability"),
    ],
)
def test_a_card_of_each_wording_runs_in_its_generated_game(name: str, template: str) -> None:
    ok, why = execute.run_for(support.full(name), template)
    assert ok, (name, why)
