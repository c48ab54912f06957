"""Modal triggered abilities in a game (CR 700.2, 603.3c): the modes are chosen as the ability
is put on the stack. The script gives the choice ahead (``trigger_modes: {KEY: [N...]}``, the
key as ``trigger_targets``': the ability's id ``SOURCE:N@EVENT``, ``SOURCE:N`` or ``SOURCE``;
1 is the first mode), used once. A mode one of whose targets has no legal choice can't be
chosen (700.2b); when fewer modes than the ability requires can be, the ability is removed
from the stack (603.3c). Only the chosen modes' targets are chosen (700.2c) and only their
instructions done, in the order printed (608.2c, 700.2d). A modal spell's chosen modes: :func:`spell_lasting`
(a cast) and :func:`stack_modes` (the script's ``stack:`` shortcut).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game import choice
from pyengine.game.model import Game, IllegalAction
from pyengine.lang.yamlread import Cursor
from pyengine.model.triggers import TriggerDef
from pyengine.triggers.model import Triggered

WHAT = "modes"  # the kind of the script's choice kept among the game's resolution choices


def read(cur: Cursor) -> choice.ChooseAhead:
    """``{KEY: [N...]}``: the modes chosen for the next ability the key names."""
    cur.mapping(None, "{ABILITY: [MODE NUMBERS]}: the ability's id SOURCE:N@EVENT, SOURCE:N or SOURCE")
    if len(cur.value) != 1:
        cur.fail("expected one triggered ability's modes")
    key, sub = next(iter(cur.items()))
    picked = tuple(c.integer("a mode number (1 is the first)", 1) for c in sub.seq("a list of mode numbers"))
    return choice.ChooseAhead(WHAT, str(key), picked)


def _given(game: Game, t: Triggered) -> tuple[Game, tuple[int, ...] | None]:
    keys = (t.id, f"{t.source}:{t.ability}", t.source)
    for i, (w, k, v) in enumerate(game.resolution_choices):
        if w == WHAT and k in keys:
            rest = game.resolution_choices[:i] + game.resolution_choices[i + 1:]
            return game.clone(resolution_choices=rest), v
    return game, None


def choose(game: Game, t: Triggered, d: TriggerDef, budget: Budget) -> tuple[Game, TriggerDef | None]:
    """The ability as its chosen modes make it: their targets and instructions (references
    renumbered to the chosen targets' places); None when it is removed (603.3c)."""
    from pyengine.game.target_qualities import combat_states
    from pyengine.triggers.targets import legal_targets

    legal = [i for i, m in enumerate(d.modes, 1)
             if not m.targets or all(legal_targets(game.state, m.targets, t.source, t.controller, t.it,
                                                   budget=budget, combat=combat_states(game)))]
    if len(legal) < d.choose[0]:
        return game, None  # 700.2b, 603.3c: not enough modes can be chosen
    game, picked = _given(game, t)
    lo, hi = d.choose
    if picked is None:
        raise IllegalAction("603.3c", f"{t.text!r} ({t.id}) is modal: give {{trigger_modes: {{{t.source}: "
                                      f"[MODES]}}}} before the action that triggers it ({lo}"
                                      f"{'' if lo == hi else f' to {hi}'} of modes "
                                      f"{', '.join(map(str, legal))})")
    if not lo <= len(picked) <= hi:
        raise IllegalAction("700.2", f"{t.text!r}: choose {lo}{'' if lo == hi else f' to {hi}'} modes, "
                                     f"{len(picked)} given")
    if len(set(picked)) != len(picked):
        raise IllegalAction("700.2d", f"{t.text!r}: a mode can't be chosen twice")
    for m in picked:
        if m not in legal:
            raise IllegalAction("700.2b", f"{t.text!r}: mode {m} can't be chosen (it has "
                                          f"{len(d.modes)} modes; a target of it has no legal choice)"
                                if m <= len(d.modes) else f"{t.text!r} has {len(d.modes)} modes, not {m}")
    owner = [0] * len(d.targets) + [i for i, m in enumerate(d.modes, 1) for _ in m.targets]
    keep = [k for k, m in enumerate(owner) if m == 0 or m in picked]
    names = {_ref(k): _ref(n) for n, k in enumerate(keep)}
    every = d.targets + tuple(x for m in d.modes for x in m.targets)
    effects = d.effects + tuple(ins for m in sorted(picked) for ins in d.modes[m - 1].effects)
    return game, replace(d, targets=tuple(every[k] for k in keep), effects=_renumbered(effects, names),
                         modes=(), choose=(1, 1))


def _ref(k: int) -> str:
    return "target" if k == 0 else f"target{k + 1}"


def _renumbered(effects: tuple[Any, ...], names: dict[str, str]) -> tuple[Any, ...]:
    """Instructions whose target references name the chosen targets' places."""
    from dataclasses import fields, is_dataclass

    def go(v: Any) -> Any:
        if isinstance(v, tuple) and len(v) == 2 and v[0] in ("ref", "top_of") and isinstance(v[1], str):
            return (v[0], names.get(v[1], v[1]))
        if isinstance(v, tuple):
            return tuple(go(x) for x in v)
        if is_dataclass(v) and not isinstance(v, type):
            return replace(v, **{f.name: go(getattr(v, f.name)) for f in fields(v) if f.init})
        return v

    return tuple(go(ins) for ins in effects)


def spell_lasting(does: Any, picked: Any, refs: dict[str, str]) -> tuple[Any, tuple[Any, ...]]:
    """A modal spell's ``does:`` for the chosen modes (700.2a, 608.2c) without its modes'
    continuous effects, and those effects as the stack object keeps them (611.2a: created as
    it resolves, after its events, affecting the objects their words name, locked in, 611.2c).
    ``refs``: what its words name (``self``, ``you``, ``target`` ...)."""
    from pyengine.game.triggered import _lasting

    chosen = does.chosen(picked)
    lasting = tuple(_lasting("the modal spell", ins, {k: (v,) for k, v in refs.items()})
                    for ins in chosen if ins.kind == "continuous")
    return replace(does, effects=tuple(i for i in chosen if i.kind != "continuous"), modes=()), lasting


def _modal(cur: Cursor, does: Any) -> Any:
    """A modal card's ``does:`` as the modes given chose it (CR 700.2a, 601.2b): the chosen
    modes' instructions in the order printed (608.2c), and only their targets (700.2c), given
    in that order; a card with modes needs them, a card without refuses them."""
    if not does.modes:
        if cur.has("modes"):
            cur.get("modes").fail("this card is not modal (CR 700.2): it has no modes to choose")
        return does
    if not cur.has("modes"):
        cur.fail(f"missing 'modes': the modes chosen for this modal spell, 1 to {len(does.modes)} "
                 "(CR 700.2a, 601.2b)")
    picked = [c.integer("a mode number", 1) for c in cur.get("modes").seq("a list of mode numbers")]
    if not picked or any(m > len(does.modes) for m in picked) or len(set(picked)) != len(picked):
        cur.get("modes").fail(f"expected different mode numbers from 1 to {len(does.modes)} (CR 700.2d)")
    keep = [i for i, m in enumerate(does.target_modes) if m == 0 or m in picked]
    effects = _renumbered(does.chosen(picked), {_ref(i): _ref(n) for n, i in enumerate(keep)})
    return replace(does, targets=tuple(does.targets[i] for i in keep), effects=effects, modes=(),
                   target_modes=())


def stack_modes(cur: Cursor, does: Any, obj: str, controller: str,
                targets: tuple[tuple[str, bool], ...]) -> tuple[Any, tuple[Any, ...]]:
    """A card's ``does:`` for the script's ``stack:`` shortcut: a modal card's chosen modes
    (:func:`_modal`), and its modes' continuous effects as the stack object keeps them
    (611.2a; made as it resolves)."""
    from pyengine.game.triggered import _lasting

    does = _modal(cur, does)
    if not any(ins.kind == "continuous" for ins in does.effects):
        return does, ()
    refs: dict[str, tuple[str, ...]] = {"self": (obj,), "you": (controller,)}
    refs.update({("target" if i == 0 else f"target{i + 1}"): (t,) for i, (t, _) in enumerate(targets)})
    lasting = tuple(_lasting(f"the spell {obj}", ins, refs) for ins in does.effects
                    if ins.kind == "continuous")
    return replace(does, effects=tuple(i for i in does.effects if i.kind != "continuous")), lasting
