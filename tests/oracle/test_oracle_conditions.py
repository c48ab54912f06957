"""Intervening "if" clauses that read the turn's zone changes, the graveyard's card types and
how a permanent came (CR 603.4): morbid (700.4), revolt, descend (700.11), celebration,
delirium (205.2a), "if you cast it [from your hand]" (601.2a). From Oracle text to the game;
expected answers come from the rules cited."""

from __future__ import annotations

from pyengine import oracle
from pyengine.events import GameEvent
from pyengine.triggers.history import zone_counts
from tests.oracle.support import BUNDLED, full, game

pytestmark = BUNDLED


def _cond(name: str) -> dict:
    card = full(name)
    return next(a["trigger"]["if"] for a in card.card["abilities"] if "trigger" in a and "if" in a["trigger"])


def test_conditions_in_the_effect_language() -> None:
    assert _cond("Hollowhenge Scavenger") == {
        "compare": [{"this_turn": {"what": "creatures_died", "player": "any"}}, ">=", 1]}
    assert _cond("Airdrop Aeronauts") == {
        "compare": [{"this_turn": {"what": "permanents_left", "player": "you"}}, ">=", 1]}
    assert _cond("Broodrage Mycoid") == {
        "compare": [{"this_turn": {"what": "descended", "player": "you"}}, ">=", 1]}
    assert _cond("Ash, Party Crasher") == {
        "compare": [{"this_turn": {"what": "nonland_entered", "player": "you"}}, ">=", 2]}
    assert _cond("Ishkanah, Grafwidow") == {
        "compare": [{"card_types_among": {"zone": "graveyard", "owner": "you"}}, ">=", 4]}
    assert _cond("Coal Stoker") == {"exists": {"self": True, "zone": "any", "cast_from_hand": True}}
    assert _cond("Iridescent Tiger") == {"exists": {"self": True, "zone": "any", "was_cast": True}}


def test_descend_and_ability_words_with_numbers() -> None:
    # 207.2c: "Descend 4 —" is an ability word; "permanent cards" are cards of a permanent type
    scav = full("Coati Scavenger")
    cond = next(a["trigger"]["if"] for a in scav.card["abilities"] if "trigger" in a)
    sel = cond["compare"][0]["count"]
    assert sel["zone"] == "graveyard" and set(sel["any_types"]) == {
        "Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}


def test_what_each_zone_change_counts_for() -> None:
    died = GameEvent("zone_change", obj="b", player="alice", from_zone="battlefield", to_zone="graveyard",
                     types=("Creature",), owner="bob")
    # 700.4: a creature died (its controller's), a permanent left; 700.11: the card's owner descended
    assert set(zone_counts(died)) == {("creatures_died", "alice"), ("permanents_left", "alice"),
                                      ("descended", "bob")}
    token = GameEvent("zone_change", obj="t", player="alice", from_zone="battlefield", to_zone="graveyard",
                      types=("Creature",), token=True, owner="alice")
    assert ("descended", "alice") not in zone_counts(token)  # 700.11: a permanent card; a token is no card
    milled = GameEvent("zone_change", obj="l", player="alice", from_zone="library", to_zone="graveyard",
                       types=("Land",), owner="alice")
    assert zone_counts(milled) == (("descended", "alice"),)  # "from anywhere"
    bolt = GameEvent("zone_change", obj="i", player="alice", from_zone="stack", to_zone="graveyard",
                     types=("Instant",), owner="alice")
    assert zone_counts(bolt) == ()
    land = GameEvent("zone_change", obj="f", player="alice", from_zone="hand", to_zone="battlefield",
                     types=("Land",), owner="alice")
    assert zone_counts(land) == ()  # not a nonland permanent


_SCAV = {"id": "scav", "card": "Hollowhenge Scavenger", "owner": "alice", "zone": "hand"}


def _life(events: list, expect_life: int, extra: list | None = None, mana: str = "{G}{G}{C}{C}{C}") -> None:
    objs = [_SCAV, {"id": "bears", "card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
            {"id": "ogre", "card": "Gray Ogre", "controller": "alice", "timestamp": 2}] + (extra or [])
    triggered = expect_life != 20  # its ability on the stack, resolved (603.3)
    script = [*events, {"cast": {"spell": "scav", "payment": {"pool": mana}}}, "resolve",
              *(["resolve"] if triggered else []), {"checkpoint": "entered"}]
    ok, why = game(objs, script, {"checkpoints": {"entered": {"stack": [], "life": {"alice": expect_life}}}},
                   cr="603.4", players=[{"id": "alice", "library_size": 10, "mana": mana},
                                        {"id": "bob", "library_size": 10}])
    assert ok, why


def test_morbid_only_after_a_creature_died() -> None:
    # 603.4: the condition is false as it enters with no creature dead this turn: no trigger
    _life([], 20)
    # 700.4: bob's Bears died (any player's creature counts): 5 life
    _life([{"events": [{"kind": "destroy", "object": "bears"}]}], 25)


def test_morbid_a_creature_exiled_did_not_die() -> None:
    # 700.4: "dies" is put into a graveyard from the battlefield; exiled, the Bears didn't die
    _life([{"events": [{"kind": "move", "object": "bears", "from": "battlefield", "to": "exile"}]}], 20)


def test_cast_from_hand_not_when_put_onto_the_battlefield() -> None:
    # 601.2a: Coal Stoker cast from the hand adds {R}{R}{R}; put onto the battlefield by an
    # effect it wasn't cast: the ability doesn't trigger (603.4)
    stoker = {"id": "stoker", "card": "Coal Stoker", "owner": "alice", "zone": "hand"}
    ok, why = game([stoker], [{"cast": {"spell": "stoker", "payment": {"pool": "{R}{C}{C}{C}"}}}, "resolve",
                              "resolve", {"checkpoint": "cast"}],
                   {"checkpoints": {"cast": {"stack": [], "mana": {"alice": "{R}{R}{R}"}}}}, cr="601.2a",
                   players=[{"id": "alice", "library_size": 10, "mana": "{R}{C}{C}{C}"},
                            {"id": "bob", "library_size": 10}])
    assert ok, why
    ok, why = game([stoker], [{"events": [{"kind": "move", "object": "stoker", "from": "hand", "to": "battlefield"}]},
                              {"checkpoint": "put"}],
                   {"checkpoints": {"put": {"stack": [], "mana": {"alice": ""},
                                            "objects": {"stoker": {"zone": "battlefield"}}}}}, cr="601.2a")
    assert ok, why


def test_a_condition_left_unread_keeps_its_paragraph_text() -> None:
    # coven ("three or more creatures with different powers") is not read: the ability stays
    # text, never a trigger without its condition
    from pyengine.oracle import trigger_heads

    assert trigger_heads.condition("you control three or more creatures with different powers") is None
    witch = oracle.compiled("Candlegrove Witch")
    assert witch is not None and witch.status != "full"
    assert any(c.template == "triggered (text)" and "different powers" in c.text for c in witch.clauses)
