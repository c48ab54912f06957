"""Token names (CR 111.4): a token its effect doesn't name is named by its subtypes plus the
word "Token"; a name the effect gives is kept. The game's object ids stay ``NAME-token-N``
without the word "Token"."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.errors import ScenarioError
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
