"""Cards moved out of graveyards on real cards (the pyengine[cards] extra, skipped without it):
a target card in a graveyard (CR 115.2: an effect may target a card in another zone when it
says so; 608.2b: illegal once it has left that graveyard) exiled (701.13a), returned to its
owner's hand or to the battlefield (110.2a), put on the bottom of its owner's library (401.4)
or onto the battlefield under the effect's controller's control; and "Return this card from
your graveyard to ..." activated only from the graveyard (113.6m). Each compiles as its rule
says, a game with a card of each answers as the rule says, and the wordings not followed stay
text."""

from __future__ import annotations

from typing import Any

from pyengine import oracle
from pyengine.oracle import effects as E
from tests.oracle import support

pytestmark = support.BUNDLED


def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], *, cr: str,
          mana: str = "") -> tuple[Any, str]:
    alice: dict[str, Any] = {"id": "alice", "library_size": 10, **({"mana": mana} if mana else {})}
    players = [alice, {"id": "bob", "library_size": 10}]
    return support.game(objects, script, expect, cr=cr, players=players)


OGRE = {"id": "ogre", "card": "Gray Ogre", "owner": "bob", "zone": "graveyard"}  # {2}{R}: mana value 3
BEARS = {"id": "bears", "card": "Grizzly Bears", "owner": "alice", "zone": "graveyard"}
BOLT = {"id": "bolt", "card": "Lightning Bolt", "owner": "alice", "zone": "graveyard"}


# --- compiled forms --------------------------------------------------------------------------

def test_exile_target_card_from_a_graveyard_in_a_spell() -> None:
    # 115.2, 601.2c: a card in any graveyard; 701.13a: exiled
    card = support.full("Coffin Purge").card
    assert card["casting"]["targets"] == [{"id": "card", "what": {"zone": "graveyard"}}]
    assert card["does"]["do"] == [{"kind": "move", "object": "target", "from": "graveyard", "to": "exile"}]


def test_an_opponents_graveyard_and_a_mana_value_in_a_triggered_ability() -> None:
    mummy = support.full("Disposal Mummy").card["abilities"][0]
    assert mummy["targets"] == [{"obj": {"zone": "graveyard", "owner": "opponent"}}]
    # 202.3: a mana value bound on a triggered ability's target (603.3d)
    rescuer = support.full("Pillardrop Rescuer").card["abilities"][1]
    assert rescuer["targets"] == [{"obj": {"zone": "graveyard", "types": ["Creature"], "owner": "you",
                                           "mana_value": {"lte": 3}}}]


def test_bottom_of_its_owners_library_and_under_your_control() -> None:
    # 401.4: the bottom of its owner's library
    ab = support.full("Chrome Companion").card["abilities"][1]["activated"]
    assert ab["do"] == [{"kind": "move", "object": "target", "from": "graveyard", "to": "library",
                         "position": "bottom"}]
    # 110.2a: it enters under the control of the player the effect says
    hymn = support.full("Hymn of Rebirth").card
    assert hymn["casting"]["targets"][0]["what"] == {"zone": "graveyard", "types": ["Creature"]}
    assert hymn["does"]["do"] == [{"kind": "move", "object": "target", "from": "graveyard",
                                   "to": "battlefield", "control": "you"}]


def test_return_this_card_from_your_graveyard_functions_in_the_graveyard() -> None:
    # 113.6m: the effect moves the card out of the graveyard, so the ability functions there
    ab = support.full("Reassembling Skeleton").card["abilities"][0]["activated"]
    assert ab == {"cost": "{1}{B}", "zone": "graveyard",
                  "do": [{"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield",
                          "tapped": True}]}


def test_wordings_not_followed_stay_text() -> None:
    # a spell's target with a mana value (casting reads card types only): not read
    assert E.effect("Return target creature card with mana value 3 or less from your graveyard to "
                    "the battlefield.", spell=True) is None
    unearth = oracle.compiled("Unearth")
    assert unearth is not None and unearth.status != "full"
    assert any(c.template == "spell ability (text)" and "mana value 3 or less" in c.text
               for c in unearth.clauses)
    # every card of a player's graveyard ("up to N target ... from a single graveyard":
    # test_oracle_upto.py)
    for text in ("Exile target player's graveyard.",
                 "Exile target creature card from a graveyard that was put there this turn.",
                 # it may be an Aura: its player would choose what it enchants (303.4f)
                 "Put target enchantment card from a graveyard onto the battlefield under your control.",
                 "Return target permanent card with mana value 3 or less from your graveyard to the "
                 "battlefield."):
        assert E.effect(text) is None, text
        assert E.effect(text, spell=True) is None, text
    for name, words in (("Angel of Finality", "target player's graveyard"),):
        got = oracle.compiled(name)
        assert got is not None and got.status != "full"
        assert any(c.template == "triggered (text)" and words in c.text for c in got.clauses), name
    # a triggered ability of a card in a graveyard (113.6m) is read now: its move is from the
    # graveyard (tests/oracle/test_oracle_graveyard_keywords.py runs such games)
    ghast = oracle.compiled("Bloodghast")
    assert ghast is not None and any(c.template == "triggered ability" and "from your graveyard" in c.text
                                     for c in ghast.clauses)
    back = next(a for a in ghast.card["abilities"] if isinstance(a, dict) and "trigger" in a)
    assert back["do"] == [{"kind": "may", "do": [{"kind": "move", "object": "self", "from": "graveyard",
                                                   "to": "battlefield"}]}]


# --- games -----------------------------------------------------------------------------------

def test_hymn_of_rebirth_puts_an_opponents_card_under_its_casters_control() -> None:
    # 110.2a: "onto the battlefield under your control": alice controls bob's Gray Ogre; bob
    # still owns it (108.3)
    hymn = {"id": "hymn", "card": "Hymn of Rebirth", "owner": "alice", "zone": "hand"}
    ok, why = _game([OGRE, hymn], [{"stack": {"object": "hymn", "controller": "alice", "targets": ["ogre"]}},
                                   "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"stack": [], "objects": {
                        "ogre": {"zone": "battlefield", "controller": "alice", "owner": "bob"},
                        "hymn": {"zone": "graveyard"}}}}}, cr="110.2a")
    assert ok is not None, why


def test_a_target_that_left_the_graveyard_is_illegal_as_the_spell_resolves() -> None:
    # 608.2b: Coffin Purge's target is returned to bob's hand before it resolves: no longer in
    # the zone it was targeted in, illegal; the spell's only target is illegal, so it doesn't
    # resolve and goes to the graveyard (608.2b, 400.7): the card stays in bob's hand
    purge = {"id": "purge", "card": "Coffin Purge", "owner": "alice", "zone": "hand"}
    script = [{"stack": {"object": "purge", "controller": "alice", "targets": ["ogre"]}},
              {"events": [{"kind": "move", "object": "ogre", "from": "graveyard", "to": "hand"}]},
              "resolve", {"checkpoint": "done"}]
    ok, why = _game([OGRE, purge], script, {"checkpoints": {"done": {"stack": [], "objects": {
        "ogre": {"zone": "hand"}, "purge": {"zone": "graveyard"}}}}}, cr="608.2b")
    assert ok is not None, why
    # and with the card still there, it is exiled (701.13a)
    ok, why = _game([OGRE, purge], [script[0], "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"objects": {"ogre": {"zone": "exile"}}}}}, cr="701.13a")
    assert ok is not None, why


def test_disposal_mummy_targets_only_an_opponents_graveyard() -> None:
    # "exile target card from an opponent's graveyard": bob's Ogre is exiled; alice's own Bears
    # are no legal target (603.3d, 601.2c)
    mummy = {"id": "mummy", "card": "Disposal Mummy", "owner": "alice", "zone": "hand"}
    cast = [{"stack": {"object": "mummy", "controller": "alice"}}, "resolve"]
    ok, why = _game([OGRE, BEARS, mummy], [{"trigger_targets": {"mummy": ["ogre"]}}, *cast, "resolve",
                                           {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"stack": [], "objects": {
                        "ogre": {"zone": "exile"}, "bears": {"zone": "graveyard"}}}}}, cr="603.3d")
    assert ok is not None, why
    ok, why = _game([OGRE, BEARS, mummy], [{"trigger_targets": {"mummy": ["bears"]}}, *cast],
                    {"illegal": {"action": 2, "rule": "601.2c"}}, cr="601.2c")
    assert ok is not None, why


def test_chrome_companion_puts_the_card_on_the_bottom_of_its_owners_library() -> None:
    # 401.4: bob's Ogre goes to the bottom of bob's library (its owner's), not alice's
    companion = {"id": "dog", "card": "Chrome Companion", "controller": "alice", "timestamp": 1}
    act = {"activate": {"player": "alice", "source": "dog", "targets": ["ogre"]}}
    ok, why = _game([OGRE, companion], [act,
                                        "resolve", "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"stack": [], "library": {"alice": 10, "bob": 11},
                                              "objects": {"ogre": {"zone": "library"}}}}},
                    cr="401.4", mana="{C}{C}")
    assert ok is not None, why


def test_archaeomancer_returns_an_instant_and_cant_target_a_creature_card() -> None:
    arch = {"id": "arch", "card": "Archaeomancer", "owner": "alice", "zone": "hand"}
    cast = [{"stack": {"object": "arch", "controller": "alice"}}, "resolve"]
    ok, why = _game([BOLT, BEARS, arch], [{"trigger_targets": {"arch": ["bolt"]}}, *cast, "resolve",
                                          {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"stack": [], "objects": {"bolt": {"zone": "hand"}}}}},
                    cr="115.2")
    assert ok is not None, why
    # "instant or sorcery card": the Bears are neither (601.2c, 603.3d)
    ok, why = _game([BOLT, BEARS, arch], [{"trigger_targets": {"arch": ["bears"]}}, *cast],
                    {"illegal": {"action": 2, "rule": "601.2c"}}, cr="601.2c")
    assert ok is not None, why


def test_reassembling_skeleton_returns_from_the_graveyard_tapped_and_not_from_the_battlefield() -> None:
    # 113.6m: activated from alice's graveyard, it enters tapped; on the battlefield it has no
    # ability that functions there (the game refuses the activation)
    grave = {"id": "skel", "card": "Reassembling Skeleton", "owner": "alice", "zone": "graveyard"}
    ok, why = _game([grave], [{"activate": {"player": "alice", "source": "skel"}}, {"checkpoint": "paid"},
                              "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"paid": {"mana": {"alice": ""},
                                              "objects": {"skel": {"zone": "graveyard"}}},
                                     "done": {"stack": [], "objects": {"skel": {"zone": "battlefield",
                                                                               "tapped": True,
                                                                               "controller": "alice"}}}}},
                    cr="113.6m", mana="{C}{B}")
    assert ok is not None, why
    field = {"id": "skel", "card": "Reassembling Skeleton", "controller": "alice", "timestamp": 1}
    ok, why = _game([field], [{"activate": {"player": "alice", "source": "skel"}}],
                    {"illegal": {"action": 0, "rule": "602.1"}}, cr="113.6m", mana="{C}{B}")
    assert ok is not None, why


def test_auriok_salvagers_reads_the_mana_value() -> None:
    # 202.3: Seat of the Synod (mana value 0) is a legal target; Chrome Companion ({2}) isn't
    # (602.2b: the targets are chosen as 601.2c says)
    salv = {"id": "salv", "card": "Auriok Salvagers", "controller": "alice", "timestamp": 1}
    seat = {"id": "seat", "card": "Seat of the Synod", "owner": "alice", "zone": "graveyard"}
    dog = {"id": "dog", "card": "Chrome Companion", "owner": "alice", "zone": "graveyard"}
    act = {"player": "alice", "source": "salv"}
    ok, why = _game([salv, seat, dog], [{"activate": {**act, "targets": ["seat"]}},
                                        "resolve", {"checkpoint": "done"}],
                    {"checkpoints": {"done": {"stack": [], "objects": {"seat": {"zone": "hand"}}}}},
                    cr="202.3", mana="{C}{W}")
    assert ok is not None, why
    ok, why = _game([salv, seat, dog], [{"activate": {**act, "targets": ["dog"]}}],
                    {"illegal": {"action": 0, "rule": "601.2c"}}, cr="601.2c", mana="{C}{W}")
    assert ok is not None, why
