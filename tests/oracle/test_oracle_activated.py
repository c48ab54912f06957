"""The compiled activated abilities (CR 602.1): "[Cost]: [Effect.]" becomes
``{activated: {cost, do, targets, timing, limit}, text}`` when the game pays the cost and performs
the effect; fixture cards (card data, compiled; none written by hand here) activated in a game
do what their rules text says."""

from __future__ import annotations

from pathlib import Path

import yaml

from pyengine import api
from pyengine.oracle.activated import activated
from pyengine.scenario import runner

CREATURE = {"types": ["Creature"], "name": "X"}


def test_cost_and_effect_compiled() -> None:
    got = activated("{1}{R}, {T}: SELF deals 1 damage to any target.", "T", CREATURE)
    assert got == [{"activated": {"cost": "{1}{R}, {T}", "targets": [{"any": True}],
                                  "do": [{"kind": "damage", "source": "self", "target": "target",
                                          "amount": 1}]}, "text": "T"}]
    got = activated("{2}, {T}: Draw a card. Activate only as a sorcery and only once each turn.", "T",
                    CREATURE)
    assert got is not None
    assert (got[0]["activated"]["timing"], got[0]["activated"]["limit"]) == ("sorcery", "once_each_turn")
    # "It deals": the ability's source (113.7a), after it was sacrificed to pay the cost
    got = activated("Sacrifice SELF: It deals 2 damage to any target.", "T", CREATURE)
    assert got is not None and got[0]["activated"]["do"][0]["source"] == "self"


def test_what_is_not_followed_stays_text() -> None:
    """Costs the game doesn't pay ("+X" loyalty too), restrictions it doesn't follow,
    effects the compiler doesn't read, an instant's abilities (113.6): None (seen as text)."""
    for par in ("+X: Draw a card.", "[\u2212X]: Draw a card.", "{X}, {T}: Draw a card.",
                "{T}, Discard a card at random: Draw a card.",
                "{T}: Draw a card. Activate only during your upkeep.", "{B}: Regenerate enchanted creature.",
                "{1}, Sacrifice X creatures: Draw a card.", "{T}: Add {G}."):
        assert activated(par, par, CREATURE) is None, par
    assert activated("{T}: Draw a card.", "T", {"types": ["Instant"]}) is None


def test_fixture_cards_activated_in_a_game(fixture_data: Path) -> None:
    """CR 602.2, 107.5, 701.21a, 113.7a, 608.2: Test Pinger ("{1}{R}, {T}: deals 1 damage to any
    target") paid from alice's pool taps and deals 1 damage to bob; Test Zealot, sacrificed,
    still deals its 1 damage to bob's 2/2 Grizzly Bears (120.3e: marked damage; it survives)."""
    from pyengine import oracle

    for name in ("Test Pinger", "Test Zealot"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    doc = {"id": "cards/smoke-activated", "title": "smoke", "cr": ["602.2"], "rationale": "smoke",
           "players": [{"id": "alice", "mana": "{R}{R}", "library_size": 5},
                       {"id": "bob", "library_size": 5}],
           "turn": {"active": "alice", "number": 3, "step": "precombat_main"},
           "objects": [{"id": "p", "card": "Test Pinger", "controller": "alice", "timestamp": 1},
                       {"id": "z", "card": "Test Zealot", "controller": "alice", "timestamp": 2},
                       {"id": "b", "card": "Grizzly Bears", "controller": "bob", "timestamp": 3}],
           "query": {"kind": "game", "script": [
               {"activate": {"player": "alice", "source": "p", "targets": ["bob"]}},
               {"checkpoint": "paid"}, "resolve",
               {"activate": {"player": "alice", "source": "z", "targets": ["b"]}}, "resolve",
               {"checkpoint": "done"}]},
           "expect": {"checkpoints": {
               "paid": {"mana": {"alice": ""}, "objects": {"p": {"tapped": True}}},
               "done": {"life": {"bob": 19}, "stack": [],
                        "objects": {"z": {"zone": "graveyard"}, "b": {"zone": "battlefield", "damage": 1}}}}}}
    out = runner.run_scenario(api.loads(yaml.safe_dump(doc)))
    assert out.passed, (out.message, out.diffs)


def test_generated_game_activates_the_ability(fixture_data: Path) -> None:
    """Coverage by execution: the generated game puts the cost's mana in alice's pool,
    activates the ability with bob as the target, checks the cost paid and runs it."""
    from pyengine import oracle
    from pyengine.oracle.execute_game import game_text, run_game

    card = oracle.compiled("Test Pinger")
    assert card is not None
    doc = yaml.safe_load(game_text(card) or "")
    assert doc["players"][0]["mana"] == "{C}{R}"
    act = {"player": "alice", "source": "card", "targets": ["bob"]}
    assert doc["query"]["script"][0] == {"activate": act}
    paid = {"mana": {"alice": ""}, "objects": {"card": {"tapped": True}}}
    assert doc["expect"]["checkpoints"]["activated"] == paid
    assert run_game(card, template="activated ability") == (True, "")


def test_pumps_compiled_as_the_continuous_effect_they_create() -> None:
    """611.2a, 611.2c: "SELF gets +1/+0 until end of turn" on the source; "target creature
    gets +1/+1 until end of turn" on its target; both until end of turn (514.2)."""
    got = activated("{R}: SELF gets +1/+0 and gains flying until end of turn.", "T", CREATURE)
    assert got == [{"activated": {"cost": "{R}", "resolves": {"modify_pt": {"power": 1, "toughness": 0},
                                                              "add_abilities": ["flying"]},
                                  "duration": "end_of_turn"}, "text": "T"}]
    got = activated("{1}{G}: Target creature gets +1/+1 until end of turn.", "T", CREATURE)
    assert got is not None and got[0]["activated"]["targets"] == [{"obj": {"types": ["Creature"]}}]
    assert got[0]["activated"]["resolves"] == {"modify_pt": {"power": 1, "toughness": 1}}
    assert activated("{R}: SELF gets +1/+0 until your next turn.", "T", CREATURE) is None


WALKER = {"types": ["Planeswalker"], "name": "W", "loyalty": 3}


def test_loyalty_abilities_compiled() -> None:
    """606.1, 606.4: "+1: ...", "\u22122: ...", "0: ..." (card data writes "[+1]: ...") are
    activated abilities with a loyalty cost; their timing is 606.3's, not written."""
    got = activated("[+1]: You gain 2 life.", "T", WALKER)
    gain = [{"kind": "gain_life", "player": "you", "amount": 2}]
    assert got == [{"activated": {"cost": "[+1]", "do": gain}, "text": "T"}]
    got = activated("\u22122: Target player draws a card.", "T", WALKER)
    assert got is not None and got[0]["activated"]["cost"] == "\u22122"
    assert got[0]["activated"]["targets"] == [{"player": "any"}]
    assert activated("0: Draw a card.", "T", WALKER) is not None
    assert activated("[\u22122]: Target player mills twenty cards.", "T", WALKER) is None  # effect not read


def test_generated_game_activates_a_loyalty_ability(fixture_data: Path) -> None:
    """Test Walker (loyalty 3) compiles fully; its generated game activates "+1" and checks the
    counter put on as the cost (606.4): 3 then 4; the ability resolves."""
    from pyengine import oracle
    from pyengine.oracle.execute_game import game_text, run_game

    card = oracle.compiled("Test Walker")
    assert card is not None and card.status == "full", card and card.clauses
    doc = yaml.safe_load(game_text(card) or "")
    me = next(o for o in doc["objects"] if o["id"] == "card")
    assert me["counters"] == {"loyalty": 3}
    assert doc["query"]["script"][0] == {"activate": {"player": "alice", "source": "card", "ability": 1}}
    assert doc["expect"]["checkpoints"]["activated"]["objects"] == {"card": {"counters": {"loyalty": 4}}}
    assert run_game(card, template="activated ability") == (True, "")


def test_restrictions_compiled() -> None:
    """602.5, 602.5b, 602.5d: "only during your turn", "only during combat", "only any time you
    could cast a sorcery" (= as a sorcery), joined with "and only once each turn"."""
    def restrict(par: str) -> tuple[object, object] | None:
        got = activated(par, "T", CREATURE)
        return None if got is None else (got[0]["activated"].get("timing"),
                                         got[0]["activated"].get("limit"))
    assert restrict("{T}: Draw a card. Activate only during your turn.") == ("your_turn", None)
    assert restrict("{R}: SELF gets +1/+0 until end of turn. Activate only during combat.") == \
        ("combat", None)
    assert restrict("{T}: Draw a card. Activate only any time you could cast a sorcery.") == ("sorcery", None)
    assert restrict("{1}: Draw a card. Activate only during your turn and only once each turn.") == \
        ("your_turn", "once_each_turn")
    assert restrict("{1}: Draw a card. Activate only as a sorcery and only during combat.") is None
