"""608.2b for a spell's target qualities: as the spell resolves, an object target that no
longer has the subtypes, supertypes, keyword abilities, tapped status, combat state
(attacking, blocking: 506.4), power or toughness its
instance of "target" names (pyengine.cast.qualities, the ``what`` of the card's ``casting``
targets) is an illegal target (CR 115.1, 608.2b); the spell doesn't affect it, and when every
target is illegal it doesn't resolve.

The instance each target was chosen for: the cast's choices (601.2c), or, for a spell put on
the stack by a script with its targets in order, the card's instances in order (one target
each; a modal or kicked spell's targets put so are not matched to instances: not checked).
"""

from __future__ import annotations

from typing import Any

from pyengine.cast.qualities import lacks
from pyengine.game.model import Game, StackItem


def _instances(game: Game, item: StackItem) -> dict[str, tuple[tuple[str, Any], ...]]:
    """Each object target's qualities, from the instance it was chosen for."""
    from pyengine.game.cast_forms import form_spec

    obj = next((o for o in game.state.objects if o.id == item.obj), None) if item.obj else None
    if obj is None:
        return {}
    spec = form_spec(obj.printed, item.form)
    insts = {t.id: t for t in spec.all_targets()}
    out: dict[str, tuple[tuple[str, Any], ...]] = {}
    chosen = dict(item.cast.targets or ()) if item.cast is not None else None
    if chosen is not None:
        for inst, words in chosen.items():
            t = insts.get(inst)
            for w in words:
                kind, _, tid = w.partition(":")
                if t is not None and kind == "o" and t.qualities:
                    out[tid] = out.get(tid, ()) + t.qualities
        return out
    if spec.modes or spec.kicker_targets:
        return out  # which instance each target is for isn't said: the cast's choices say it
    for (tid, is_player), t in zip(item.targets, spec.all_targets(), strict=False):
        if not is_player and t.qualities:
            out[tid] = t.qualities
    return out


def combat_states(game: Game) -> dict[str, frozenset[str]]:
    """Each attacking or blocking creature of the turn's combat and which it is (CR 506.4:
    declared as an attacker or blocker, 508.1a / 509.1a, until removed from combat or combat
    ends, 511.3)."""
    combat = game.combat
    out: dict[str, set[str]] = {}
    for a in combat.attacking():
        out.setdefault(a, set()).add("attacking")
    for b in combat.blocking():
        out.setdefault(b, set()).add("blocking")
    return {k: frozenset(v) for k, v in out.items()}


def quality_problems(game: Game, item: StackItem, res: Any, known: dict[str, str]) -> dict[str, str]:
    """The object targets of the spell ``item`` that lack a quality now, and which (608.2b)."""
    if item.obj is None or item.trigger is not None:
        return {}
    out: dict[str, str] = {}
    states = combat_states(game)
    for tid, quals in _instances(game, item).items():
        ch = res.objects.get(tid)
        obj = next((o for o in game.state.objects if o.id == tid), None)
        if tid in known or ch is None or obj is None:
            continue
        why = lacks(quals, ch, obj.tapped, states.get(tid, frozenset()))
        if why is not None:
            out[tid] = f"it no longer has the quality {why} its target requires (115.1, 608.2b)"
    return out
