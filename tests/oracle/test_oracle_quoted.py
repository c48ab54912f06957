"""Quoted abilities of tokens (CR 111.3, 113.1, 113.2): "create a ... token with "..."" and
"... token(s). It has / They have "..."" compile the quoted text with the same templates as a
printed paragraph ("this creature" / "this token" being the token, 201.5); the token created
in a game has that ability and it works. A quoted ability that doesn't compile leaves the
sentence unread (pyengine/oracle/effects_quoted.py)."""

from __future__ import annotations

from typing import Any

import pytest

from pyengine import api
from pyengine.oracle import effects as E
from pyengine.scenario import runner
from tests.oracle.test_oracle_modal import _face


def _token(text: str) -> dict[str, Any]:
    got = E.effect(text, spell=True)
    assert got is not None and got.do[0]["kind"] == "create_tokens", text
    return got.do[0]


def test_quoted_abilities_compile_as_printed_ones() -> None:
    """113.2: each quoted ability is one ability, read by the templates: a combat restriction,
    a mana ability (605.1a), a triggered ability (603.1), with keywords before it."""
    rat = _token('Create a 1/1 black Rat creature token with "This creature can\'t block."')
    assert rat["token"]["abilities"] == ["can't block"]
    scions = _token('Create two 1/1 colorless Eldrazi Scion creature tokens. They have '
                    '"Sacrifice this creature: Add {C}."')
    assert scions["count"] == 2 and scions["token"]["abilities"] == [
        {"mana": "C", "cost": "Sacrifice this creature"}]
    pest = _token('Create a 1/1 black and green Pest creature token with "When this creature dies, '
                  'you gain 1 life."')
    assert pest["token"]["abilities"] == [{"trigger": {"when": {"kind": "dies", "obj": "self"}},
                                           "do": [{"kind": "gain_life", "player": "you", "amount": 1}],
                                           "text": "When this creature dies, you gain 1 life."}]
    elf = _token('Create a 1/1 green Elf creature token with flying and "{T}: Draw a card."')
    assert elf["token"]["abilities"][0] == "flying" and elf["token"]["abilities"][1]["activated"] == {
        "cost": "{T}", "do": [{"kind": "draw", "player": "you"}]}


def test_quoted_abilities_not_read_stay_unread() -> None:
    """An ability the compiler can't compile (or sees only as present or absent), "It has"
    after tokens (a number mismatch), a quotation elsewhere, and a token whose ability creates
    a token of its own name (111.4: the game couldn't tell the definitions apart) stay text."""
    for text in ('Create a 1/1 black Rat creature token with "{T}: Search your library for a card, '
                 'put it into your hand, then shuffle."',
                 'Create two 1/1 colorless Eldrazi Scion creature tokens. It has "Sacrifice this '
                 'creature: Add {C}."',
                 'Create a 1/1 black Rat creature token with "Whenever this creature attacks, you may '
                 'search your library for a card."',
                 'Target creature gains "{T}: Add {C}." until end of turn.',
                 'Create two 2/2 green Ooze creature tokens. They have "When this token dies, create two '
                 '1/1 green Ooze creature tokens."'):
        assert E.effect(text, spell=True) is None, text


CARDS = [
    _face("Grizzly Bears", "{1}{G}", ["Creature"], "", power="2", toughness="2", subtypes=["Bear"]),
    _face("Test Pestilence", "{B}", ["Sorcery"], 'Create a 1/1 black and green Pest creature token with '
          '"When this creature dies, you gain 1 life."'),
    _face("Test Scions", "{1}", ["Sorcery"], 'Create two 1/1 colorless Eldrazi Scion creature tokens. '
          'They have "Sacrifice this creature: Add {C}."'),
    _face("Test Twinning", "{2}{R}", ["Enchantment"], 'Enchant creature\nEnchanted creature has "{T}: '
          'Create a token that\'s a copy of this creature."', subtypes=["Aura"]),
    _face("Test Sparker", "{R}", ["Enchantment"], 'Enchant creature\nEnchanted creature has "{T}: This '
          'creature deals 1 damage to any target."', subtypes=["Aura"]),
]


@pytest.fixture
def quoted_data(invented_cards: Any) -> None:
    invented_cards(CARDS)


def test_a_tokens_quoted_abilities_work_in_a_game(quoted_data: None) -> None:
    """CR 111.1, 111.3: the Pest token enters with its triggered ability; dealt 1 damage, the
    1/1 dies (704.5g, 700.4) and the ability triggers (603.6c): alice gains 1 life (119.3); the token,
    in the graveyard, ceases to exist (704.5d). The Scion tokens
    have the mana ability (605.1a) and no other."""
    from pyengine import oracle

    for name in ("Test Pestilence", "Test Scions"):
        got = oracle.compiled(name)
        assert got is not None and got.status == "full", (name, got and got.clauses)
    text = ("id: cards/quoted-smoke\ntitle: smoke\ncr: [\"113.1\"]\nrationale: smoke\n"
            "players: [{id: alice, hand_size: 2, library_size: 10}, {id: bob, library_size: 10}]\n"
            "turn: {active: alice, number: 3, step: precombat_main}\nobjects:\n"
            "  - {id: pestilence, card: Test Pestilence, owner: alice, zone: hand}\n"
            "  - {id: scions, card: Test Scions, owner: alice, zone: hand}\n"
            "  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 1}\n"
            "query:\n  kind: game\n  script:\n"
            "    - {stack: {object: pestilence, controller: alice}}\n    - resolve\n"
            "    - {stack: {object: scions, controller: alice}}\n    - resolve\n"
            "    - {checkpoint: made}\n"
            "    - {deal: {source: bears, to: pest-token-1, amount: 1}}\n    - resolve\n"
            "    - {checkpoint: done}\n"
            "expect:\n  checkpoints:\n"
            "    made: {stack: [], objects: {pest-token-1: {zone: battlefield, power: 1, toughness: 1},\n"
            "           eldrazi-scion-token-1: {zone: battlefield},\n"
            "           eldrazi-scion-token-2: {zone: battlefield}}}\n"
            "    done: {stack: [], life: {alice: 21}, absent: [pest-token-1]}\n")
    out = runner.run_scenario(api.loads(text))
    assert out.passed, (out.message, out.diffs)


def test_the_cards_name_in_a_quoted_ability_is_still_the_card() -> None:
    """CR 201.5: "this creature" in a quoted ability is the object that has it (written SELF:
    the quoted ability is compiled as that object's); the card's name there is still the card
    (113.1): it isn't written SELF, so such an ability isn't read as the token's own."""
    from pyengine.oracle.compile import self_refs

    assert self_refs('When Test Hive enters, create a 1/1 green Insect creature token with "When '
                     'this creature dies, Test Hive deals 1 damage to any target."', "Test Hive") == (
        'When SELF enters, create a 1/1 green Insect creature token with "When SELF dies, '
        'Test Hive deals 1 damage to any target."')
    assert E.effect('Create a 1/1 green Insect creature token with "When this creature dies, Test Hive '
                    'deals 1 damage to any target."') is None


def test_a_granted_ability_seen_only_as_text_is_not_full(quoted_data: None) -> None:
    """CR 113.1: an ability a static ability grants is an ability like a printed one; when the
    compiler sees the quoted ability only as present or absent, the paragraph granting it is
    recognised but not compiled (text-only), named as such; one it compiles is full."""
    from pyengine import oracle

    twin, sparker = oracle.compiled("Test Twinning"), oracle.compiled("Test Sparker")
    assert twin is not None and twin.status == "text-only"
    assert [c.template for c in twin.clauses][-1] == "ability grant (text)"
    assert sparker is not None and sparker.status == "full", sparker and sparker.clauses


def test_as_long_as_grants_a_quoted_ability() -> None:
    """CR 611.3, 113.1: "As long as C, SELF has "..."": the ability granted while C is true (the
    quoted ability's closing quotation mark ends the sentence)."""
    from pyengine.oracle.templates import as_long_as

    got = as_long_as('As long as there are seven or more cards in your graveyard, SELF has "When SELF '
                     'dies, you gain 1 life."', "t", {"types": ["Creature"]})
    assert got is not None
    static = got[0]["static"]
    assert static["condition"] == {"compare": [{"count": {"zone": "graveyard", "owner": "you"}}, ">=", 7]}
    assert static["add_abilities"][0]["trigger"] == {"when": {"kind": "dies", "obj": "self"}}


def test_an_ability_gained_until_end_of_turn() -> None:
    """CR 611.2a, 113.1: "Until end of turn, target creature gains "..."": a continuous effect
    granting the quoted ability to its target, ending in the cleanup step (514.2); a spell's
    is its resolves: effect. A quoted ability not compiled leaves it unread."""
    got = E.effect('Until end of turn, target creature gains "{T}: This creature deals 1 damage to any '
                   'target."')
    assert got is not None and got.do[0]["kind"] == "continuous" and got.do[0]["duration"] == "end_of_turn"
    assert got.do[0]["effect"]["add_abilities"][0]["activated"]["do"] == [
        {"kind": "damage", "source": "self", "target": "target", "amount": 1}]
    spell = E.effect('Until end of turn, target creature gets +1/+1 and gains "When this creature dies, '
                     'draw a card."', spell=True)
    assert spell is not None and spell.resolves is not None
    assert spell.resolves["modify_pt"] == {"power": 1, "toughness": 1}
    assert spell.resolves["add_abilities"][0]["trigger"] == {"when": {"kind": "dies", "obj": "self"}}
    assert E.effect('Until end of turn, target creature gains "{T}: Search your library for a card."') is None


def test_the_granting_cards_name_in_a_granted_ability_stays_text() -> None:
    """CR 201.5, 113.1: in a quoted ability an Equipment grants, its own name is the Equipment,
    not the creature that has the ability: Deconstruction Hammer's "{3}, {T}, Sacrifice
    Deconstruction Hammer: ..." sacrifices the Hammer. The cost language's "Sacrifice NAME" is
    its source, so the paragraph is left unread rather than compiled into sacrificing the
    creature."""
    from pyengine.oracle.templates import continuous

    par = ('Equipped creature gets +1/+1 and has "{3}, {T}, Sacrifice Deconstruction Hammer: Destroy '
           'target artifact or enchantment."')
    assert continuous(par, par, {"name": "Deconstruction Hammer"}) is None
    other = continuous(par, par, {"name": "Some Other Card"})  # no self-reference: read
    assert other is not None and other[0]["static"]["add_abilities"][0]["activated"]["cost"] == \
        "{3}, {T}, Sacrifice Deconstruction Hammer"
