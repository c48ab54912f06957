"""Storm (CR 702.40a) written out as its rule defines it: "Storm" means "When you cast this
spell, copy it for each other spell that was cast before it this turn. If the spell has any
targets, you may choose new targets for any of the copies."

The ability is a triggered ability of the effect language: "when you cast this spell" (603.2,
a ``cast`` trigger of the spell itself, functioning on the stack) and the instruction
``copy_spell`` (pyengine.lang.copies, pyengine.game.copies: 707.10) with the count
``spells_cast_before``. It is kept only on an instant or sorcery whose instructions the game
copies (its amounts fixed as it is cast: a copy of a spell whose amounts are computed as it
resolves is not followed); otherwise "Storm" stays a keyword held by name.
"""

from __future__ import annotations

import re
from typing import Any

DEFINITION = ("When you cast this spell, copy it for each other spell that was cast before it this "
              "turn. If the spell has any targets, you may choose new targets for any of the copies.")

TEXT = "Storm"


def ability(text: str) -> dict[str, Any] | None:
    """The triggered ability "Storm" is (702.40a), or None for another keyword."""
    if not re.fullmatch(r"storm", text.strip(), re.I):
        return None
    return {"trigger": {"when": {"kind": "cast", "obj": "self", "player": "you"}},
            "do": [{"kind": "copy_spell", "object": "self", "count": "spells_cast_before",
                    "new_targets": True}], "text": TEXT}


def is_storm(ability_: Any) -> bool:
    return isinstance(ability_, dict) and ability_.get("text") == TEXT and "trigger" in ability_


# instructions with a choice made as the spell resolves (608.2d): the script would give one
# for each copy, which the generated games don't; and "counter target spell" (a copy's game
# is not generated with the spell countered). A storm spell doing any of them keeps storm by name.
CHOSEN = frozenset({"may", "unless_pays", "proliferate", "search", "scry", "surveil", "look", "exile_top",
                    "bolster", "populate", "amass", "explore", "connive", "add_mana", "pay_mana", "delayed",
                    "kicked", "counter", "each"})


def copyable(base: dict[str, Any]) -> bool:
    """Whether the game copies what the compiled spell ``base`` does (707.10) and a generated
    game runs it: an instant or sorcery whose ``does:`` has no amount computed as it resolves
    (608.2h) and no choice made as it resolves (:data:`CHOSEN`; a discard or sacrifice chosen),
    or whose ``resolves:`` effect affects its targets (not a group's, 611.2c), its amounts fixed."""
    if not {"Instant", "Sorcery"} & set(base.get("types", ())):
        return False
    resolves = base.get("resolves")
    if resolves is not None and ("affects" in resolves or "does" in base or not base.get("casting")):
        return False  # a group's effect (611.2c), or one made with events: the generated checks
    if "does" not in base and resolves is None:
        return False
    what = base.get("does", resolves)
    return not _computed(what) and not _chosen(what) and not _computed(resolves or {})


def _chosen(value: Any) -> bool:
    if isinstance(value, dict):
        kind = value.get("kind")
        if kind in CHOSEN or kind in ("discard", "sacrifice") and "object" not in value:
            return True
        return any(_chosen(v) for v in value.values())
    if isinstance(value, list):
        return any(_chosen(v) for v in value)
    return False


def _computed(value: Any) -> bool:
    if isinstance(value, dict):
        return any(k in ("amount", "count", "power", "toughness") and isinstance(v, dict) or _computed(v)
                   for k, v in value.items())
    if isinstance(value, list):
        return any(_computed(v) for v in value)
    return False
