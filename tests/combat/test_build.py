"""From a game state to a board: combat operations and keyword words become ground items,
read after layers; selectors in their arguments are read at the final state."""

from __future__ import annotations

import pytest

from pyengine.combat.build import _landwalk, mana_pairs
from pyengine.combat.model import Board, Item, Target
from pyengine.combat.query import board_of
from pyengine.errors import PyengineError
from pyengine.qualities import parse as parse_quality
from pyengine.scenario.loader import load_text

HEAD = """
id: t/x
title: t
cr: ["508.1"]
rationale: t
players: [alice, bob, carol]
turn: {active: alice, step: declare_attackers}
"""


def board(objects: str, query: str = "{kind: attack, defending: [bob, carol]}", effects: str = "") -> Board:
    text = (
        HEAD
        + "objects:\n"
        + objects
        + (("effects:\n" + effects) if effects else "")
        + f"query: {query}\nexpect: {{maximum: 0, count: 0}}\n"
    )
    sc = load_text(text)
    return board_of(sc.state, sc.query, 30.0)


def kinds(b: Board, kind: str) -> set[tuple[str, str, str]]:
    return {(i.subject, i.other, i.target.id if i.target else "") for i in b.items if i.kind == kind}


def test_propaganda_taxes_only_attacks_on_its_controller() -> None:
    """Propaganda (Bob's): a cost item for each creature attacking Bob, none for Carol (802.3a)."""
    b = board(
        "  - {id: x, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
        "  - {id: p, card: Propaganda, controller: bob, timestamp: 2}\n"
    )
    assert kinds(b, "attack_cost") == {("x", "", "bob")}
    assert dict(b.costs)[next(i.effect for i in b.items if i.kind == "attack_cost")] == (("generic", 2),)


def test_sea_serpent_condition_read_per_defending_player() -> None:
    """'Unless defending player controls an Island': restricted towards Carol only (508.5)."""
    b = board(
        "  - {id: s, card: Sea Serpent, controller: alice, timestamp: 1}\n"
        "  - {id: i, card: Island, controller: bob, timestamp: 2}\n"
    )
    assert ("s", "", "carol") in kinds(b, "cant_attack_target")
    assert ("s", "", "bob") not in kinds(b, "cant_attack_target")


def test_keyword_words_become_items() -> None:
    """'can't attack or block alone' (Mogg Flunkies) as one static ability; 'attacks each
    combat if able' as a keyword word."""
    b = board(
        "  - {id: f, card: Mogg Flunkies, controller: alice, timestamp: 1}\n"
        "  - {id: c, card: Bloodrock Cyclops, controller: alice, timestamp: 2}\n"
    )
    assert kinds(b, "cant_attack_alone") == {("f", "", "")}
    assert kinds(b, "must_attack") == {("c", "", "")}
    assert not kinds(b, "cant_block_alone")  # a block item is not part of an attack board


def test_humility_removes_keyword_requirements() -> None:
    """After layers (Humility), no requirement is left."""
    b = board(
        "  - {id: c, card: Bloodrock Cyclops, controller: alice, timestamp: 1}\n"
        "  - {id: h, card: Humility, controller: bob, timestamp: 2}\n"
    )
    assert not b.items
    assert b.permanent("c").power == 1


def test_juggernaut_walls_selector_over_blockers() -> None:
    """'Can't be blocked by Walls': an item for each Wall, none for other creatures."""
    b = board(
        "  - {id: j, card: Juggernaut, controller: alice, timestamp: 1}\n"
        "  - {id: w, card: Wall of Omens, controller: bob, timestamp: 2}\n"
        "  - {id: g, card: Grizzly Bears, controller: bob, timestamp: 3}\n",
        query="{kind: block, defending: bob, attackers: {j: bob}}",
    )
    assert kinds(b, "cant_be_blocked_by") == {("j", "w", "")}


def test_goad_names_the_goading_player() -> None:
    """Goad from a resolved effect: goaded by its controller (701.15b)."""
    b = board(
        "  - {id: x, card: Grizzly Bears, controller: alice, timestamp: 1}\n",
        effects="  - {id: d, card: Disrupt Decorum, controller: carol, timestamp: 2, affected: [x]}\n",
    )
    assert {(i.subject, i.player) for i in b.items if i.kind == "goaded"} == {("x", "carol")}


def test_trove_is_one_requirement_per_targeted_thing_for_the_attacking_player() -> None:
    """Trove (Bob's): Alice must attack Bob or his planeswalkers: items for the active player only."""
    b = board(
        "  - {id: x, card: Grizzly Bears, controller: alice, timestamp: 1}\n"
        "  - {id: t, card: Trove of Temptation, controller: bob, timestamp: 2}\n"
    )
    got = {(i.player, i.target) for i in b.items if i.kind == "player_must_attack"}
    assert ("alice", Target("player", "bob")) in got
    assert all(p in ("alice", "carol") for p, _ in got)


@pytest.mark.parametrize(
    "param,expected",
    [
        ("black", ("color", "black")),
        ("everything", ("everything", "")),
        ("artifacts", ("type", "Artifact")),
        ("Creatures", ("type", "Creature")),
        ("Goblins", ("subtype", "Goblin")),
        ("multicolored", ("multicolored", "")),
        ("bob", ("player", "bob")),
    ],
    ids=["color", "everything", "type_plural", "type_capital", "subtype_plural", "multicolored", "player"],
)
def test_protection_qualities(param: str, expected: tuple[str, str]) -> None:
    """CR 702.16a: protection qualities read from the keyword parameter."""
    assert parse_quality(param, ("alice", "bob")) == expected


def test_unknown_protection_quality_is_an_error() -> None:
    """A quality the engine can't read is an error, not a silent 'no protection'."""
    with pytest.raises(PyengineError):
        parse_quality("the chosen name", ("alice",))


@pytest.mark.parametrize(
    "param,expected",
    [
        ("Swamp", ("subtype", "Swamp")),
        ("nonbasic", ("nonbasic", "")),
        ("legendary", ("supertype", "Legendary")),
    ],
)
def test_landwalk_kinds(param: str, expected: tuple[str, str]) -> None:
    """CR 702.14a: land type, nonbasic, supertype landwalk."""
    assert _landwalk(param) == expected


def test_mana_pairs() -> None:
    """Mana in symbol notation as (symbol, amount) pairs."""
    assert mana_pairs("{2}{W}{W}{C}") == (("C", 1), ("W", 2), ("generic", 2))
    with pytest.raises(PyengineError):
        mana_pairs("{W/U}")


def test_items_are_ground_and_typed() -> None:
    """Item validates its fields by kind."""
    with pytest.raises(PyengineError):
        Item("must_attack", "e")
    with pytest.raises(PyengineError):
        Item("max_attackers", "e", "x", n=1)


def test_crawlspace_caps_attacks_on_its_controller_only() -> None:
    """Crawlspace (Bob's): "no more than two creatures can attack you" is a cap on Bob alone
    (CR 802.3a), not a global cap."""
    b = board("  - {id: c, card: Crawlspace, controller: bob, timestamp: 1}\n")
    assert [(i.kind, i.player, i.n) for i in b.items] == [("max_attackers_player", "bob", 2)]


def test_max_attackers_for_each_opponent() -> None:
    """`{n: 1, player: opponent}` caps the attacks on each opponent separately."""
    b = board(
        "  - {id: x, name: X, types: [Artifact], controller: alice, timestamp: 1, "
        "abilities: [{static: {max_attackers: {n: 1, player: opponent}}}]}\n"
    )
    caps = {(i.player, i.n) for i in b.items if i.kind == "max_attackers_player"}
    assert caps == {("bob", 1), ("carol", 1)}


def test_scarred_puma_counts_black_or_green_creatures() -> None:
    """Scarred Puma: one "unless" item; the creatures counted are those matching the selector
    after layers (the encodings leave the Puma itself out)."""
    b = board(
        "  - {id: p, card: Scarred Puma, controller: alice, timestamp: 1}\n"
        "  - {id: g, card: Grizzly Bears, controller: alice, timestamp: 2}\n"
        "  - {id: r, card: Gray Ogre, controller: alice, timestamp: 3}\n"
    )
    assert [(i.subject, i.n) for i in b.items if i.kind == "attack_unless_others"] == [("p", 1)]
    assert {i.other for i in b.items if i.kind == "attack_helper"} == {"g"}


def test_orcish_conscripts_counts_every_creature_for_blocks() -> None:
    """Orcish Conscripts on a block board: only its block restriction, counting any creature."""
    b = board(
        "  - {id: o, card: Orcish Conscripts, controller: bob, timestamp: 1}\n"
        "  - {id: g, card: Grizzly Bears, controller: bob, timestamp: 2}\n"
        "  - {id: a, card: Hill Giant, controller: alice, timestamp: 3}\n",
        query="{kind: block, defending: bob, attackers: {a: bob}}",
    )
    assert [(i.subject, i.n) for i in b.items if i.kind == "block_unless_others"] == [("o", 2)]
    assert {i.other for i in b.items if i.kind == "block_helper"} == {"o", "g", "a"}
    assert not [i for i in b.items if i.kind.startswith("attack")]


def test_cant_be_blocked_by_reads_defending_as_the_attacked_player() -> None:
    """CR 508.5: 'creatures the defending player controls' in a cant_be_blocked selector is the
    player the attacker attacks, here the controller of the planeswalker it attacks."""
    b = board(
        "  - {id: a, card: Gray Ogre, controller: alice, timestamp: 1}\n"
        "  - {id: w, card: Jace Beleren, controller: bob, timestamp: 2}\n"
        "  - {id: s, card: Grizzly Bears, controller: bob, timestamp: 3}\n"
        "  - {id: t, card: Hill Giant, controller: bob, timestamp: 4}\n",
        query="{kind: block, defending: bob, attackers: {a: w}}",
        effects="  - {id: e, controller: alice, timestamp: 5, affected: [a], "
        "cant_be_blocked: {by: {controller: defending, power: {lte: 2}}}}\n",
    )
    assert kinds(b, "cant_be_blocked_by") == {("a", "s", "")}


def test_min_blockers_expression_read_for_the_attacked_player() -> None:
    """'Can't be blocked except by N or more creatures' with N an expression: read as blockers
    are declared, with 'defending' the player the attacker attacks (CR 508.5, 509.1b)."""
    b = board(
        "  - {id: a, card: Gray Ogre, controller: alice, timestamp: 1}\n"
        "  - {id: s, card: Grizzly Bears, controller: bob, timestamp: 2}\n"
        "  - {id: t, card: Hill Giant, controller: bob, timestamp: 3}\n"
        "  - {id: u, card: Grizzly Bears, controller: carol, timestamp: 4}\n",
        query="{kind: block, defending: bob, attackers: {a: bob}}",
        effects="  - {id: e, controller: alice, timestamp: 5, affected: [a], "
        "min_blockers: {count: {types: [Creature], controller: defending}}, "
        "max_blocked_by: {sum: [{power_of: it}, 1]}}\n",
    )
    assert [(i.subject, i.n) for i in b.items if i.kind == "min_blockers"] == [("a", 2)]
    assert [(i.subject, i.n) for i in b.items if i.kind == "max_blocked_by"] == [("a", 3)]


def test_only_alone_and_blocked_only_by_all_become_items() -> None:
    """'can only attack alone' (Master of Cruelties, a keyword word) on an attack board;
    'can't be blocked unless all creatures defending player controls block it' (Tromokratis)
    and 'can block only alone' on a block board."""
    b = board(
        "  - {id: m, controller: alice, timestamp: 1, name: M, types: [Creature], power: 1,"
        " toughness: 4, abilities: [can only attack alone]}\n"
    )
    assert kinds(b, "attack_only_alone") == {("m", "", "")}
    b = board(
        "  - {id: a, card: Gray Ogre, controller: alice, timestamp: 1}\n"
        "  - {id: s, card: Grizzly Bears, controller: bob, timestamp: 2}\n",
        query="{kind: block, defending: bob, attackers: {a: bob}}",
        effects="  - {id: e, controller: alice, timestamp: 3, affected: [a], blocked_only_by_all: true}\n"
        "  - {id: f, controller: bob, timestamp: 4, affected: [s], block_only_alone: true}\n",
    )
    assert kinds(b, "blocked_only_by_all") == {("a", "", "")}
    assert kinds(b, "block_only_alone") == {("s", "", "")}


def test_a_resolved_combat_rule_without_affected_objects_applies() -> None:
    """A resolved 'no more than one creature can attack you this turn' affects no object
    (CR 611.2c fixes no set): it still applies (it was silently dropped before)."""
    b = board(
        "  - {id: x, card: Grizzly Bears, controller: alice, timestamp: 1}\n",
        effects="  - {id: e, controller: bob, timestamp: 2, max_attackers: {n: 1, player: you}}\n",
    )
    assert [(i.kind, i.player, i.n) for i in b.items] == [("max_attackers_player", "bob", 1)]
