"""Qualities (CR 702.16a), protection and what can't be targeted (702.11, 702.16b, 702.18):
the words pyengine/qualities.py reads, the shared encodings asp/common/qualities.lp and
asp/common/targeting.lp on hand-written facts, and pyengine/targeting.py on a scenario state."""

from __future__ import annotations

import clingo
import pytest

from pyengine import encodings, solver
from pyengine.errors import PyengineError, ScenarioError
from pyengine.layers import compute
from pyengine.qualities import parse
from pyengine.scenario.loader import load_text
from pyengine.targeting import Question, untargetable


@pytest.mark.parametrize(
    "param,expected",
    [
        ("red", ("color", "red")),
        ("everything", ("everything", "")),
        ("colorless", ("colorless", "")),
        ("Monocolored", ("monocolored", "")),
        ("sorceries", ("type", "Sorcery")),
        ("legendary", ("supertype", "Legendary")),
        ("Wolves", ("subtype", "Wolf")),
        ("Elves", ("subtype", "Elf")),
        ("each opponent", ("opponents", "")),
        ("each of your opponents", ("opponents", "")),
        ("named Lightning Bolt", ("name", "Lightning Bolt")),
        ("carol", ("player", "carol")),
    ],
)
def test_quality_words(param: str, expected: tuple[str, str]) -> None:
    """CR 702.16a: the quality a protection ability names, read from its words."""
    assert parse(param, ("alice", "carol")) == expected


@pytest.mark.parametrize("param", ["Lightning Bolt", "the color of your choice", "", "named "])
def test_unknown_quality_is_an_error(param: str) -> None:
    """A card name counts only when the ability says it is a name (702.16a); anything else
    unknown is an error, never a silent "no protection"."""
    with pytest.raises(PyengineError, match="not a quality"):
        parse(param, ("alice",))


def _facts(text: str) -> list[clingo.Symbol]:
    return [clingo.parse_term(f.strip()) for f in text.split(".\n") if f.strip().rstrip(".")]


BASE = """
q_player(p(a)).
q_player(p(b)).
q_player(p(c)).
q_object(o(bolt)).
q_color(o(bolt), red).
q_type(o(bolt), instant).
q_name(o(bolt), "Lightning Bolt").
q_controller(o(bolt), p(a)).
q_owner(o(bolt), p(a)).
q_object(o(wolf)).
q_color(o(wolf), green).
q_color(o(wolf), white).
q_type(o(wolf), creature).
q_subtype(o(wolf), "Wolf").
q_controller(o(wolf), p(b)).
q_owner(o(wolf), p(a)).
q_object(o(relic)).
q_type(o(relic), artifact).
q_supertype(o(relic), legendary).
q_owner(o(relic), p(c)).
q_object(o(h)).
q_type(o(h), creature).
q_controller(o(h), p(b)).
q_owner(o(h), p(b)).
"""
SOURCES = ("bolt", "wolf", "relic")


def _untargetable(extra: str, questions: list[tuple[str, str, str]]) -> set[tuple[str, str, str, str]]:
    """untargetable/4 for q_target(O, S, P) questions, on BASE plus ``extra`` facts."""
    facts = _facts(BASE + extra) + [clingo.parse_term(f"q_target({o}, {s}, {p})") for o, s, p in questions]
    res = solver.solve([encodings.path("targeting")], facts, what="test targeting")
    return {(str(a.arguments[0]), str(a.arguments[1]), str(a.arguments[2]), a.arguments[3].string)
            for a in res.model.atoms("untargetable", 4)}


def _protected_from(quality: str, holder: str = "o(h)") -> set[str]:
    """Which of the sources the holder's protection from ``quality`` covers (702.16b: an
    ability from such a source can't target it; the ability's controller is never a)."""
    qs = [(holder, f"o({s})", "p(c)") for s in SOURCES]
    got = _untargetable(f"q_protection({holder}, {quality}).\n", qs)
    return {s[2:-1] for _, s, _, rule in got if rule == "702.16b"}


@pytest.mark.parametrize(
    "quality,covered",
    [
        ("color(red)", {"bolt"}),
        ("color(white)", {"wolf"}),
        ("type(creature)", {"wolf"}),
        ("type(artifact)", {"relic"}),
        ("supertype(legendary)", {"relic"}),
        ("subtype(\"Wolf\")", {"wolf"}),
        ("name(\"Lightning Bolt\")", {"bolt"}),
        ("name(\"Wolf\")", set()),
        ("everything", {"bolt", "wolf", "relic"}),
        ("multicolored", {"wolf"}),
        ("monocolored", {"bolt"}),
        ("colorless", {"relic"}),
        # 702.16k: what a controls (the Bolt), not what a owns and b controls (the Wolf)
        ("player(p(a))", {"bolt"}),
        ("player(p(b))", {"wolf"}),
        # 702.16k: what c owns that no player controls (the relic in a graveyard)
        ("player(p(c))", {"relic"}),
        # 702.16i: the opponents of h's controller b are a and c
        ("opponents", {"bolt", "relic"}),
    ],
)
def test_protection_from_each_quality(quality: str, covered: set[str]) -> None:
    """asp/common/qualities.lp: the sources a protection from each kind of quality covers."""
    assert _protected_from(quality) == covered


def test_a_players_protection_from_each_opponent() -> None:
    """702.16i for a player: the opponents of player b are a and c (whatever b controls)."""
    assert _protected_from("opponents", "p(b)") == {"bolt", "relic"}


def test_shroud_hexproof_and_protection_rules() -> None:
    """702.18a shroud: no one; 702.11b hexproof: no opponent of its controller; 702.11c a
    player's hexproof; 702.11d hexproof from a quality; 702.16k protection from a player: what
    that player controls, whoever controls the source."""
    extra = ("q_object(o(s)).\nq_controller(o(s), p(b)).\nq_shroud(o(s)).\n"
             "q_object(o(x)).\nq_controller(o(x), p(b)).\nq_hexproof(o(x)).\n"
             "q_hexproof(p(b)).\n"
             "q_object(o(y)).\nq_controller(o(y), p(b)).\nq_hexproof_from(o(y), color(red)).\n"
             "q_object(o(z)).\nq_controller(o(z), p(b)).\nq_protection(o(z), player(p(c))).\n")
    qs = [("o(s)", "o(wolf)", "p(b)"), ("o(x)", "o(wolf)", "p(b)"), ("o(x)", "o(bolt)", "p(a)"),
          ("p(b)", "o(bolt)", "p(a)"), ("p(b)", "o(wolf)", "p(b)"), ("o(y)", "o(bolt)", "p(a)"),
          ("o(y)", "o(wolf)", "p(a)"), ("o(y)", "o(bolt)", "p(b)"), ("o(z)", "o(wolf)", "p(c)"),
          ("o(z)", "o(wolf)", "p(a)")]
    assert _untargetable(extra, qs) == {
        ("o(s)", "o(wolf)", "p(b)", "702.18a"),
        ("o(x)", "o(bolt)", "p(a)", "702.11b"),
        ("p(b)", "o(bolt)", "p(a)", "702.11c"),
        ("o(y)", "o(bolt)", "p(a)", "702.11d"),
        ("o(z)", "o(wolf)", "p(c)", "702.16k"),
    }


STATE = """
id: test/targeting
title: targeting
cr: ["702.11c"]
rationale: a test state
players: [alice, bob]
turn: {active: alice, number: 3}
objects:
  - {id: knight, name: Knight of Alice's Bane, types: [Creature], colors: [white], power: 2,
     toughness: 2, controller: bob, timestamp: 1, abilities: [protection from alice]}
  - {id: drake, name: Shrouded Drake, types: [Creature], colors: [blue], power: 2, toughness: 2,
     controller: bob, timestamp: 2, abilities: [shroud]}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 3}
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: stack}
  - {id: giant, card: Hill Giant, controller: bob, timestamp: 4}
effects:
  - {id: leyline, controller: bob, timestamp: 5, text: "You have hexproof.",
     players_gain: {players: you, abilities: [hexproof]}}
  - {id: jade, controller: bob, timestamp: 6, affected: [bears], add_abilities: [hexproof],
     text: "Target creature gains hexproof until end of turn.", duration: end_of_turn}
query: {kind: characteristics, objects: [knight], fields: [abilities]}
expect:
  knight: {abilities: [protection from alice]}
"""


def test_targeting_on_a_state_after_layers() -> None:
    """pyengine.targeting on a scenario state: Alice's Lightning Bolt can't target Bob (a
    player's hexproof, 613.10, 702.11c), his Knight (protection from Alice, 702.16k), his
    shrouded Drake (702.18a) or the Bears given hexproof (702.11b); it can target his Hill
    Giant. Bob's own Bolt could target his hexproof Bears but not the Drake."""
    state = load_text(STATE).state
    result = compute(state)
    qs = [Question("bob", "bolt", "alice", player=True), Question("knight", "bolt", "alice"),
          Question("drake", "bolt", "alice"), Question("bears", "bolt", "alice"),
          Question("giant", "bolt", "alice"), Question("bears", "bolt", "bob"),
          Question("drake", "bolt", "bob")]
    assert untargetable(state, result, qs) == {
        qs[0]: ("702.11c",), qs[1]: ("702.16b", "702.16k"), qs[2]: ("702.18a",), qs[3]: ("702.11b",),
        qs[4]: (), qs[5]: (), qs[6]: ("702.18a",),
    }


def test_an_unknown_quality_is_reported_where_it_is_written() -> None:
    """Bad input: the file's line and field, what was expected (the scenario does not load)."""
    bad = STATE.replace("abilities: [shroud]", "abilities: [protection from Lightning Bolt]")
    with pytest.raises(ScenarioError) as info:
        load_text(bad, "bad.yaml")
    assert info.value.line == 12
    assert "objects[1].abilities[0]" in str(info.value) and "named <card name>" in str(info.value)
