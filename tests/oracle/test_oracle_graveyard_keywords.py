"""Keyword abilities that function from a graveyard on real cards (the pyengine[cards] extra,
skipped without it; CR 113.6m): scavenge (702.97a), unearth (702.84a) and dredge (702.52a),
each compiled as its rule defines it, and a game with a real card answering as the rule says;
the wordings not followed stay text."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import oracle
from tests.oracle import support

pytestmark = support.BUNDLED


def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any], *, cr: str,
          mana: str = "", library: int = 10) -> tuple[Any, str]:
    alice: dict[str, Any] = {"id": "alice", "library_size": library, "hand_size": 1,
                             **({"mana": mana} if mana else {})}
    return support.game(objects, script, expect, cr=cr, players=[alice, {"id": "bob", "library_size": 10}])


BOLT = {"card": "Lightning Bolt", "id": "bolt", "controller": "alice", "targets": ["zombie"]}


def _text_clause(name: str, words: str) -> Any:
    got = oracle.compiled(name)
    assert got is not None and got.status != "full", name
    return next(c for c in got.clauses if c.text.startswith(words))


# --- scavenge (702.97a) --------------------------------------------------------------------------

def test_scavenge_is_its_rule() -> None:
    # 702.97a: "[Cost], Exile this card from your graveyard: Put a number of +1/+1 counters equal
    # to the power of the card you exiled on target creature. Activate only as a sorcery."
    ab = next(a for a in support.full("Deadbridge Goliath").card["abilities"] if "activated" in a)
    assert ab["text"] == "Scavenge {4}{G}{G}"
    body = ab["activated"]
    assert body["cost"] == "{4}{G}{G}, Exile this card from your graveyard"
    assert body["timing"] == "sorcery"
    assert body["targets"] == [{"obj": {"types": ["Creature"]}}]
    assert body["do"] == [{"kind": "counters", "target": "target", "counter": "+1/+1",
                           "amount": {"power_of": "self"}}]


@pytest.mark.parametrize(("name", "cost", "power"), [("Deadbridge Goliath", "{G}{G}{C}{C}{C}{C}", 5),
                                                     ("Slitherhead", "", 1)])
def test_scavenge_puts_the_exiled_cards_power_as_counters(name: str, cost: str, power: int) -> None:
    # 602.2b: exiled as the cost is paid; 608.2h: its power as it last existed in the graveyard
    objs = [{"id": "card", "card": name, "owner": "alice", "zone": "graveyard"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}]
    script = [{"activate": {"player": "alice", "source": "card", "targets": ["bears"]}}, "resolve",
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "mana": {"alice": ""}, "objects": {
        "card": {"zone": "exile"}, "bears": {"counters": {"+1/+1": power}, "power": 2 + power}}}}}
    assert _game(objs, script, expect, cr="702.97a", mana=cost)[1] == ""


def test_scavenge_only_as_a_sorcery() -> None:
    # 602.5d: not in bob's turn
    objs = [{"id": "card", "card": "Deadbridge Goliath", "owner": "alice", "zone": "graveyard"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}]
    players = [{"id": "alice", "library_size": 10, "mana": "{G}{G}{C}{C}{C}{C}"},
               {"id": "bob", "library_size": 10}]
    doc_turn = {"active": "bob", "number": 4, "step": "precombat_main"}
    import yaml

    from pyengine.oracle.execute import run_generated

    doc = {"id": "cards/test", "title": "t", "cr": ["602.5d"], "rationale": "test", "players": players,
           "turn": doc_turn, "objects": objs,
           "query": {"kind": "game", "script": ["pass", {"activate": {"player": "alice", "source": "card",
                                                                      "targets": ["bears"]}}]},
           "expect": {"illegal": {"action": 1, "rule": "602.5d"}}}
    assert run_generated(yaml.safe_dump(doc, sort_keys=False), "<test>", 120)[1] == ""


def test_scavenge_of_a_characteristic_defining_power_stays_text() -> None:
    # 604.3: Boneyard Mycodrax's power in the graveyard is counted there: not read
    clause = _text_clause("Boneyard Mycodrax", "Scavenge")
    assert clause.template == "keywords (text)" and "scavenge" in clause.why


# --- unearth (702.84a) ---------------------------------------------------------------------------

def test_unearth_is_its_rule() -> None:
    ab = next(a for a in support.full("Dregscape Zombie").card["abilities"] if "activated" in a)
    body = ab["activated"]
    assert ab["text"] == "Unearth {B}" and body["cost"] == "{B}" and body["zone"] == "graveyard"
    assert body["timing"] == "sorcery"  # "Activate only as a sorcery."
    assert body["do"][0] == {"kind": "move", "object": "self", "from": "graveyard", "to": "battlefield"}
    # 603.7a: "Exile it at the beginning of the next end step."
    assert body["do"][1] == {"kind": "delayed", "at": {"step": "end"},
                             "do": [{"kind": "move", "object": "self", "from": "battlefield", "to": "exile"}]}
    # "It gains haste." and "If it would leave the battlefield, exile it instead ...", on the
    # returned permanent while it is there (611.2b, 400.7)
    assert body["resolves"] == {"add_abilities": ["haste"],
                                "replace": {"event": {"kind": "leave", "object": "self"}, "to": "exile"}}
    assert body["duration"] == "while_source_on_battlefield"


def test_unearthed_creature_has_haste_and_is_exiled_at_the_end_step() -> None:
    objs = [{"id": "zombie", "card": "Dregscape Zombie", "owner": "alice", "zone": "graveyard"}]
    script = [{"activate": {"player": "alice", "source": "zombie"}}, "resolve", {"checkpoint": "back"},
              {"advance": "declare_attackers"}, {"attack": {"zombie": "bob"}},  # 302.6: haste
              {"advance": "end"}, "resolve", {"checkpoint": "gone"}]
    expect = {"checkpoints": {"back": {"objects": {"zombie": {"zone": "battlefield", "power": 2}}},
                              "gone": {"stack": [], "life": {"bob": 18},
                                       "objects": {"zombie": {"zone": "exile"}}}}}
    assert _game(objs, script, expect, cr="702.84a", mana="{B}")[1] == ""


def test_unearthed_creature_that_would_die_is_exiled() -> None:
    # 614.1a: "exile it instead of putting it anywhere else" (704.5g would put it in the graveyard)
    objs = [{"id": "zombie", "card": "Dregscape Zombie", "owner": "alice", "zone": "graveyard"}]
    script = [{"activate": {"player": "alice", "source": "zombie"}}, "resolve",
              {"stack": BOLT},
              "resolve", {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {"zombie": {"zone": "exile"}}}}}
    assert _game(objs, script, expect, cr="702.84a", mana="{B}")[1] == ""


def test_unearth_ends_with_its_permanent() -> None:
    # 611.2b, 400.7: once exiled, the card has no haste left from the unearth effect, which has
    # ended: the effects list no longer holds it
    objs = [{"id": "zombie", "card": "Dregscape Zombie", "owner": "alice", "zone": "graveyard"}]
    script = [{"activate": {"player": "alice", "source": "zombie"}}, "resolve",
              {"stack": BOLT},
              "resolve", {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"objects": {"zombie": {"zone": "exile",
                                                              "abilities": ["Unearth {B}"]}}}}}
    assert _game(objs, script, expect, cr="611.2b", mana="{B}")[1] == ""


def test_unearth_with_a_cost_other_than_mana_stays_text() -> None:
    clause = _text_clause("Salvation Colossus", "Unearth")
    assert clause.template == "keywords (text)" and "unearth" in clause.why


# --- dredge (702.52a) ----------------------------------------------------------------------------

def test_dredge_is_its_rule() -> None:
    ab = next(a for a in support.full("Dakmor Salvage").card["abilities"] if a.get("text") == "Dredge 2")
    rep = ab["static"]["replace"]
    assert rep["zones"] == ["graveyard"] and rep["optional"] is True  # 113.6m; "you may"
    assert rep["event"] == {"kind": "draw", "player": "you", "library": {"gte": 2}}  # 702.52b
    assert [ev["kind"] for ev in rep["instead"]] == ["mill", "move"]


@pytest.mark.parametrize(("choice", "library", "zone"), [("main", 8, "hand"), ("decline", 9, "graveyard")])
def test_dredge_or_draw(choice: str, library: int, zone: str) -> None:
    # 616.1: alice chooses; dredged, she mills two instead of drawing (702.52a)
    objs = [{"id": "salvage", "card": "Dakmor Salvage", "owner": "alice", "zone": "graveyard"}]
    script = [{"choose": [{"effect": "salvage", "choice": choice}]}, {"draw": "alice"},
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"library": {"alice": library},
                                       "objects": {"salvage": {"zone": zone}}}}}
    assert _game(objs, script, expect, cr="702.52a")[1] == ""


def test_dredge_needs_enough_cards() -> None:
    # 702.52b: with one card, the draw is not replaced
    objs = [{"id": "salvage", "card": "Dakmor Salvage", "owner": "alice", "zone": "graveyard"}]
    script = [{"draw": "alice"}, {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"library": {"alice": 0},
                                       "objects": {"salvage": {"zone": "graveyard"}}}}}
    assert _game(objs, script, expect, cr="702.52b", library=1)[1] == ""


# --- embalm (702.128a), eternalize (702.129a) ----------------------------------------------------

def test_embalm_token_is_a_copy_with_its_exceptions() -> None:
    ab = next(a for a in support.full("Sacred Cat").card["abilities"] if "activated" in a)
    body = ab["activated"]
    assert body["cost"] == "{W}, Exile this card from your graveyard" and body["timing"] == "sorcery"
    # 707.2: the card's copiable values; 707.9b: white, no mana cost, a Zombie too
    assert body["do"] == [{"kind": "create_tokens", "token": {
        "name": "Sacred Cat", "types": ["Creature"], "subtypes": ["Cat", "Zombie"], "colors": ["white"],
        "power": 1, "toughness": 1, "abilities": ["lifelink", {"text": "Embalm {W}"}]}}]


@pytest.mark.parametrize(("name", "mana", "token", "colors", "pt"), [
    ("Sacred Cat", "{W}", "sacred-cat-token-1", ["white"], 1),
    ("Proven Combatant", "{U}{U}{C}{C}{C}{C}", "proven-combatant-token-1", ["black"], 4)])
def test_embalmed_or_eternalized_token(name: str, mana: str, token: str, colors: list[str], pt: int) -> None:
    objs = [{"id": "card", "card": name, "owner": "alice", "zone": "graveyard"}]
    script = [{"activate": {"player": "alice", "source": "card"}}, "resolve", {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"stack": [], "objects": {
        "card": {"zone": "exile"},
        token: {"name": name, "token": True, "colors": colors, "power": pt, "toughness": pt}}}}}
    assert _game(objs, script, expect, cr="702.128a", mana=mana)[1] == ""


def test_embalm_of_a_card_with_an_ability_read_as_text_stays_text() -> None:
    # the copy would lack Glyph Keeper's "Whenever this creature becomes the target of a spell
    # or ability for the first time each turn, counter that spell or ability." (707.2), read as text
    clause = _text_clause("Glyph Keeper", "Embalm")
    assert clause.template == "keywords (text)" and "embalm" in clause.why


def test_eternalize_of_a_noncreature_stays_text() -> None:
    # Lazotep Archway's token "loses all other card types": not the rule's wording
    clause = _text_clause("Lazotep Archway", "Eternalize")
    assert clause.template == "keywords (text)" and "eternalize" in clause.why


# --- triggered abilities of a card in a graveyard (113.6m) ----------------------------------------

def _phantom_game(zone: dict[str, Any], expect: dict[str, Any]) -> str:
    objs = [{"id": "phantom", "card": "Lingering Phantom", **zone},
            {"id": "orni", "card": "Ornithopter", "owner": "alice", "zone": "hand"}]
    script = [{"may": {"phantom": True}}, {"cast": {"spell": "orni", "player": "alice"}},
              {"checkpoint": "cast"}]
    return _game(objs, script, {"checkpoints": {"cast": expect}}, cr="113.6m", mana="{B}")[1]


def test_a_graveyard_trigger_functions_in_the_graveyard() -> None:
    # "Whenever you cast a historic spell, you may pay {B}. If you do, return this card from your
    # graveyard to your hand.": Ornithopter (an artifact, historic) cast with Lingering Phantom in
    # alice's graveyard: the ability triggers (603.2) above the spell; paid, the card is returned
    assert _phantom_game({"owner": "alice", "zone": "graveyard"},
                         {"stack": ["phantom:0@3", "orni"]}) == ""  # the stack from its top
    objs = [{"id": "phantom", "card": "Lingering Phantom", "owner": "alice", "zone": "graveyard"},
            {"id": "orni", "card": "Ornithopter", "owner": "alice", "zone": "hand"}]
    script = [{"may": {"phantom": True}}, {"cast": {"spell": "orni", "player": "alice"}}, "resolve",
              {"checkpoint": "done"}]
    expect = {"checkpoints": {"done": {"mana": {"alice": ""}, "objects": {"phantom": {"zone": "hand"}}}}}
    assert _game(objs, script, expect, cr="113.6m", mana="{B}")[1] == ""


def test_a_graveyard_trigger_does_not_function_on_the_battlefield() -> None:
    # 113.6m: its effect moves the card out of the graveyard: on the battlefield it doesn't trigger
    assert _phantom_game({"controller": "alice", "timestamp": 1}, {"stack": ["orni"]}) == ""


def test_a_dies_trigger_returning_its_card_still_triggers() -> None:
    # 113.6m's exception: the trigger condition puts the object into the graveyard ("When this
    # creature dies, return it to its owner's hand"): it triggers as it leaves the battlefield
    from pyengine.model.triggers import Instruction
    from pyengine.triggers.facts import moved_out

    back = Instruction("move", (("object", ("ref", "self")), ("from", "graveyard"), ("to", "hand")))
    assert moved_out([back]) == "graveyard"
    assert moved_out([Instruction("move", (("object", ("ref", "self")), ("from", "battlefield"),
                                           ("to", "hand")))]) is None


def test_an_aura_returned_to_the_battlefield_stays_unread() -> None:
    # 303.4f: its player would choose what it enchants as it enters
    got = oracle.compiled("Screams from Within")
    assert got is not None and got.status != "full"
    assert any(c.template is None and "303.4f" in c.why for c in got.clauses)


# --- generated games ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Deadbridge Goliath", "Dregscape Zombie", "Grixis Slavedriver",
                                  "First-Sphere Gargantua", "Simian Simulacrum", "Dakmor Salvage",
                                  "Anointer Priest", "Timeless Witness", "Proven Combatant"])
def test_generated_graveyard_games_run(name: str) -> None:
    from pyengine.oracle import execute_graveyard

    assert execute_graveyard.run(support.full(name)) == (True, "")


@pytest.mark.parametrize("name", ["Squee, Goblin Nabob", "Lingering Phantom", "Akoum Firebird",
                                  "Bladewing's Thrall"])
def test_generated_graveyard_trigger_games_run(name: str) -> None:
    from pyengine.oracle.execute import run_for

    assert run_for(support.full(name), "triggered ability") == (True, "")
