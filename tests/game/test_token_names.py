"""Token names (CR 111.4): a token its effect doesn't name is named by its subtypes plus the
word "Token"; a name the effect gives is kept. The game's object ids stay ``NAME-token-N``
without the word "Token"."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.api import check, loads, solve
from pyengine.errors import PyengineError, ScenarioError
from pyengine.game.tokens import new_id
from pyengine.lang.characteristics import token_name
from pyengine.scenario.loader import load_file


def test_unnamed_token_is_named_by_its_subtypes_and_token() -> None:
    # 111.4: Dwarven Reinforcements' tokens are each named Dwarf Berserker Token
    assert token_name(("Dwarf", "Berserker")) == "Dwarf Berserker Token"
    assert token_name(["Goblin"]) == "Goblin Token"


def test_ids_leave_out_the_word_token() -> None:
    assert new_id("Goblin Token", set()) == "goblin-token-1"
    assert new_id("Goblin Token", {"goblin-token-1"}) == "goblin-token-2"
    assert new_id("Dwarf Berserker Token", set()) == "dwarf-berserker-token-1"
    assert new_id("Boo", set()) == "boo-token-1"  # 111.4: Minsc names his token Boo
    assert new_id("", set()) == "token-token-1"


SCENARIO = """id: bad/token
title: t
cr: ["111.4"]
rationale: r
players: [alice, bob]
turn: {{active: alice, number: 3}}
objects:
  - id: maker
    name: Maker
    types: [Enchantment]
    controller: alice
    timestamp: 1
    abilities:
      - text: At the beginning of your end step, create a token.
        trigger: {{at: {{step: end, player: you}}}}
        do:
          - {{kind: create_tokens, token: {token}}}
query: {{kind: game, script: [checkpoint: a]}}
expect: {{checkpoints: {{a: {{}}}}}}
"""


@pytest.mark.parametrize("token, field, words", [
    ("{types: [Creature], power: 1, toughness: 1}", "", "needs a name or subtypes (CR 111.4"),
    ("{name: '', types: [Creature], subtypes: [Goblin]}", ".name", "expected a name"),
])
def test_a_token_without_name_or_subtypes_is_one_located_error(tmp_path: Path, token: str, field: str,
                                                               words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO.format(token=token))
    with pytest.raises(ScenarioError) as info:
        load_file(path)
    assert (info.value.line, info.value.path) == (17, "objects[0].abilities[0].do[0].token" + field)
    assert words in str(info.value) and "\n" not in str(info.value)


AMBIGUOUS = """id: turns/x
title: t
cr: ["111.4"]
rationale: r
players: [{id: alice, library_size: 5}, {id: bob, library_size: 5}]
turn: {active: alice, number: 3}
objects:
  - id: small
    name: Small Maker
    types: [Enchantment]
    controller: alice
    timestamp: 1
    abilities:
      - text: At the beginning of your end step, create a 1/1 red Goblin creature token.
        trigger: {at: {step: end, player: you}}
        do:
          - {kind: create_tokens,
             token: {types: [Creature], subtypes: [Goblin], colors: [red], power: 1, toughness: 1}}
  - id: big
    name: Big Maker
    types: [Enchantment]
    controller: bob
    timestamp: 2
    abilities:
      - text: At the beginning of your end step, create a 2/2 red Goblin creature token.
        trigger: {at: {step: end, player: you}}
        do:
          - {kind: create_tokens,
             token: {types: [Creature], subtypes: [Goblin], colors: [red], power: 2, toughness: 2}}
query:
  kind: game
  script:
    - advance: end
    - resolve
    - checkpoint: a
expect:
  checkpoints:
    a: {objects: {goblin-token-1: {power: 1}}}
"""


def test_two_different_unnamed_tokens_of_one_name_are_refused_not_guessed() -> None:
    """Two definitions both named Goblin Token (111.4): the game knows a definition by its
    name, so it refuses to create one rather than create the wrong one."""
    assert check(loads(AMBIGUOUS, "amb.yaml")).status == "error"
    with pytest.raises(PyengineError, match="111.4"):
        solve(loads(AMBIGUOUS, "amb.yaml"))
    named = AMBIGUOUS.replace("token: {types: [Creature], subtypes: [Goblin], colors: [red], power: 2",
                              "token: {name: Big Goblin, types: [Creature], subtypes: [Goblin], "
                              "colors: [red], power: 2")
    assert check(loads(named, "named.yaml")).status == "pass"
