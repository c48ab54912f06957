"""Delayed triggered abilities written in effects (CR 603.7) on real cards (the pyengine[cards]
extra; skipped without it): "... at the beginning of the next end step" and "draw a card at the
beginning of the next turn's upkeep" compile to a ``delayed`` instruction referring to what the
instruction before made or named, a game with such a card answers as the rule says, and
wordings not followed stay text with the paragraph named."""

from __future__ import annotations

from typing import Any

from pyengine import oracle
from pyengine.oracle import effects as E
from tests.oracle import support

pytestmark = support.BUNDLED




def _game(objects: list[dict[str, Any]], script: list[Any], expect: dict[str, Any]) -> tuple[Any, str]:
    return support.game(objects, script, expect, cr="603.7a")


def _later(step: str, do: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "delayed", "at": {"step": step}, "do": do}


# --- compiled forms --------------------------------------------------------------------------

def test_tokens_created_then_sacrificed_or_exiled_at_the_next_end_step() -> None:
    # 603.7a: created as the spell resolves; 603.7c: "them"/"it" are the tokens just created
    feral = support.full("Feral Lightning").card["does"]["do"]
    assert feral[0]["kind"] == "create_tokens" and feral[0]["count"] == 3
    assert feral[1] == _later("end", [{"kind": "move", "object": "created", "from": "battlefield",
                                       "to": "exile"}])
    wave = support.full("Tidal Wave").card["does"]["do"]
    assert wave[1] == _later("end", [{"kind": "sacrifice", "object": "created"}])
    # a triggered ability's: "At the beginning of combat on your turn, create ... Exile it ..."
    piracy = support.full("Daring Piracy").card["abilities"][0]["do"]
    assert piracy[1] == _later("end", [{"kind": "move", "object": "created", "from": "battlefield",
                                        "to": "exile"}])


def test_exiled_card_returned_and_a_draw_at_the_next_upkeep() -> None:
    # "that card": the one the spell exiled, back under its owner's control (400.7, 110.2)
    mist = support.full("Turn to Mist").card["does"]["do"]
    assert mist == [{"kind": "move", "object": "target", "from": "battlefield", "to": "exile"},
                    _later("end", [{"kind": "move", "object": "target", "from": "exile",
                                    "to": "battlefield"}])]
    # "the next turn's upkeep": whoever's turn it is (503.1); the draw is the controller's
    pigeons = support.full("Carrier Pigeons").card["abilities"][-1]
    assert pigeons["do"] == [_later("upkeep", [{"kind": "draw", "player": "you"}])]
    flare = support.full("Flare").card["does"]["do"]
    assert flare[-1] == _later("upkeep", [{"kind": "draw", "player": "you"}])


def test_referents_the_reader_refuses() -> None:
    # 701.21a: a player sacrifices only permanents they control: a target anyone controls isn't
    assert E.effect("Target creature gains haste until end of turn. Sacrifice it at the "
                    "beginning of the next end step.") is None
    mine = E.effect("Target creature you control gains haste until end of turn. Sacrifice it at "
                    "the beginning of the next end step.")
    assert mine is not None and mine.do[-1] == _later("end", [{"kind": "sacrifice", "object": "target"}])
    # "it" of two tokens, "them" of one: the words don't name what was made
    assert E.effect("Create two 1/1 white Soldier creature tokens. Sacrifice it at the beginning "
                    "of the next end step.") is None
    assert E.effect("Create a 1/1 white Soldier creature token. Sacrifice them at the beginning "
                    "of the next end step.") is None
    # a destroyed creature is no longer a permanent to exile (400.7); nothing before "it"
    assert E.effect("Destroy target creature. Exile it at the beginning of the next end step.") is None
    assert E.effect("Sacrifice it at the beginning of the next end step.") is None
    # "to your hand", "your next end step", "its controller sacrifices it": not read
    assert E.effect("Exile target creature you control. Return it to your hand at the beginning "
                    "of the next end step.") is None
    assert E.effect("Create a 1/1 white Soldier creature token. Sacrifice it at the beginning of "
                    "your next end step.") is None


def test_wordings_not_followed_stay_text_with_the_paragraph_named() -> None:
    # "Its controller sacrifices it": the player is read from the object then, not followed
    sword = oracle.compiled("Celestial Sword")
    assert sword is not None and sword.status != "full"
    assert any("Its controller sacrifices it at the beginning of the next end step" in c.text
               for c in sword.clauses if c.template is None or "(text)" in c.template)
    # Sneak Attack: the creature put from the hand gains haste (an effect on a card chosen as it
    # resolves), not followed: the ability stays text
    sneak = oracle.compiled("Sneak Attack")
    assert sneak is not None and sneak.status == "text-only"


# --- games ----------------------------------------------------------------------------------

def test_tidal_wave_wall_sacrificed_at_the_end_step_once() -> None:
    # 603.7a-b: the Wall stays until the end step; the delayed ability sacrifices it (701.21a),
    # the token ceases to exist (111.7, 704.5d); having triggered once it's gone: at bob's end
    # step nothing triggers
    ok, why = _game([{"id": "wave", "card": "Tidal Wave", "owner": "alice", "zone": "hand"}],
                    [{"stack": {"object": "wave", "controller": "alice"}}, "resolve",
                     {"checkpoint": "made"}, {"advance": "postcombat_main"}, {"checkpoint": "main2"},
                     {"advance": "end"}, "resolve", {"checkpoint": "gone"},
                     {"advance": {"step": "end", "turn": 4}}, {"checkpoint": "bobs"}],
                    {"checkpoints": {
                        "made": {"objects": {"wall-token-1": {"zone": "battlefield", "power": 5,
                                                              "toughness": 5}}},
                        "main2": {"objects": {"wall-token-1": {"zone": "battlefield"}}},
                        "gone": {"stack": [], "absent": ["wall-token-1"]},
                        "bobs": {"turn": 4, "step": "end", "stack": []}}})
    assert ok, why


def test_liberate_returns_the_exiled_bears_at_the_end_step() -> None:
    # 603.7c: the delayed ability refers to the card exiled; Liberate on alice's own Bears:
    # the Bears come back at the beginning of the end step under their owner's control
    ok, why = _game([{"id": "lib", "card": "Liberate", "owner": "alice", "zone": "hand"},
                     {"id": "bears", "card": "Grizzly Bears", "controller": "alice", "timestamp": 1}],
                    [{"stack": {"object": "lib", "controller": "alice", "targets": ["bears"]}},
                     "resolve", {"checkpoint": "out"}, {"advance": "end"}, "resolve",
                     {"checkpoint": "back"}],
                    {"checkpoints": {"out": {"objects": {"bears": {"zone": "exile"}}},
                                     "back": {"stack": [], "objects": {"bears": {"zone": "battlefield",
                                                                                "controller": "alice"}}}}})
    assert ok, why


def test_generated_game_follows_the_delayed_ability() -> None:
    # the generated game goes on to the step and checks what the delayed ability did
    from pyengine.oracle.execute_game import game_text, run_game

    got = support.full("Feral Lightning")
    text = game_text(got)
    assert text is not None and "checkpoint: later" in text and "elemental-token-3" in text
    assert run_game(got) == (True, "")
