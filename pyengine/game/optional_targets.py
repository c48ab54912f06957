"""The targets of a triggered or activated ability as chosen (CR 601.2c, 603.3d, 602.2b), with
"up to N target ...": a target entry with ``optional: true`` may be left unchosen (the script
says ``none`` for it), and the entries of one ``group`` are one instance of the word "target",
so different objects (115.3). The ability's instructions naming an entry not chosen are not
done; its words ``target``, ``target2`` ... keep naming the entries in order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pyengine.game.model import IllegalAction

NONE = "none"  # the script's word for an optional target left unchosen


def choose(specs: Sequence[Any], given: Sequence[str], legal: Sequence[Any], text: str,
           owner: Any = None) -> tuple[list[tuple[str, bool]], list[int]]:
    """The targets chosen (id, is a player), and the indices of the entries chosen; ``owner``
    gives an object's owner, for a group "from a single graveyard" (``one_graveyard``)."""
    picks: list[tuple[str, bool]] = []
    chosen: list[int] = []
    seen: set[tuple[str, str]] = set()
    for i, (tid, spec, options) in enumerate(zip(given, specs, legal, strict=True)):
        if tid == NONE and getattr(spec, "optional", False):
            continue  # 601.2c: "up to N": any number from 0
        pick = next((o for o in options if o[0] == tid), None)
        if pick is None:
            shown = ", ".join(sorted(o for o, _ in options)) or "none"
            raise IllegalAction("601.2c", f"{tid} can't be target {i + 1} of {text!r} (legal: {shown})")
        group = getattr(spec, "group", None)
        if group is not None:
            if (group, tid) in seen:
                raise IllegalAction("115.3", f"{tid} is chosen twice for one word \"target\" of {text!r}")
            seen.add((group, tid))
            if getattr(spec, "one_graveyard", False) and owner is not None:
                others = {owner(t) for (g, t) in seen if g == group}
                if len(others) > 1:  # "from a single graveyard": one player's (404.1)
                    raise IllegalAction("601.2c", f"{text!r}: its targets come from a single graveyard")
        picks.append(pick)
        chosen.append(i)
    return picks, chosen


def refs(picks: Sequence[tuple[str, bool]], chosen: Sequence[int]) -> dict[str, tuple[str, ...]]:
    """``target``, ``target2`` ... of the entries chosen (an entry not chosen names nothing)."""
    return {("target" if i == 0 else f"target{i + 1}"): (t,) for (t, _), i in zip(picks, chosen, strict=True)}


def done(effects: Sequence[Any], n: int, chosen: Sequence[int]) -> tuple[Any, ...]:
    """The instructions done: those naming an entry not chosen are left out."""
    unchosen = {("target" if i == 0 else f"target{i + 1}") for i in range(n) if i not in chosen}
    if not unchosen:
        return tuple(effects)
    return tuple(ins for ins in effects if not any(
        isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of") and v[1] in unchosen
        for _k, v in ins.fields))


def kept(d: Any, chosen: Sequence[int]) -> Any:
    """The definition with the entries chosen only (608.2b checks them again as it resolves)."""
    if len(chosen) == len(d.targets):
        return d
    return replace(d, targets=tuple(d.targets[i] for i in chosen))
