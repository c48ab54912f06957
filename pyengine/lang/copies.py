"""The ``copy_spell`` instruction of the effect language (CR 707.10): "copy it for each spell
cast before it this turn" (storm, 702.40a), "Copy target instant or sorcery spell. You may choose
new targets for the copy." (Twincast).

``{kind: copy_spell, object: self|target|it, count: N|spells_cast_before, new_targets: BOOL}``:
``object`` the spell copied (``self``: the spell whose ability this is, as storm's "copy it");
``count`` how many copies (default 1), ``spells_cast_before`` the number of other spells cast
before that spell this turn, by any player (702.40a); ``new_targets`` whether the copies'
controller may choose new targets for them (707.10c; default false: the copies keep the
original's targets). The game performs it: pyengine.game.copies.
"""

from __future__ import annotations

from typing import Any, Callable

from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import Instruction

COUNT_WORDS = ("spells_cast_before",)  # 702.40a: "for each other spell cast before it this turn"


def parse(cur: Cursor, n_targets: int, ref: Callable[..., Any], object_words: tuple[str, ...]) -> Instruction:
    """The instruction, or the one-line failure naming the field."""
    cur.mapping({"kind", "object", "count", "new_targets"},
                "{kind: copy_spell, object: REF, count: N|spells_cast_before, new_targets: BOOL} (CR 707.10)")
    obj = ref(cur.req("object"), object_words, n_targets, "the spell copied")
    count: Any = 1
    if cur.has("count"):
        sub = cur.get("count")
        count = sub.choice(COUNT_WORDS, "a count:") if isinstance(sub.value, str) \
            else sub.integer("a number of copies", 1)
    new = cur.get("new_targets").boolean() if cur.has("new_targets") else False
    return Instruction("copy_spell", (("object", obj), ("count", count), ("new_targets", new)))
