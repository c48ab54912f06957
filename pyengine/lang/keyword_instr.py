"""The instructions ``{kind: bolster, amount: N, player: REF}`` (CR 701.39a) and ``{kind:
populate, player: REF}`` (701.36a) of an ability's or a spell's ``do:``; ``player`` defaults to
``you``. The game follows them in order as the spell or ability resolves, with the player's
choice given ahead (pyengine.game.keyword_instr)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction


def parse_keyword(cur: Cursor, n_targets: int, ref: Callable[..., Any]) -> Instruction:
    from pyengine.lang.triggers import PLAYER_WORDS

    word = str(cur.get("kind").value)
    if word == "bolster":
        cur.mapping({"kind", "amount", "player"}, "{kind: bolster, amount: N, player: REF} (CR 701.39a)")
    else:
        cur.mapping({"kind", "player"}, "{kind: populate, player: REF} (CR 701.36a)")
    who = ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") else ("ref", "you")
    fields: tuple[tuple[str, Any], ...] = (("player", who),)
    if word == "bolster":
        fields += (("amount", cur.req("amount").integer("N (bolster N)", 1)),)
    return Instruction(word, fields)
