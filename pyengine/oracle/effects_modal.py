"""Modal spells (CR 700.2): "Choose one —", "Choose two —", "Choose one or both —", "Choose one
or more —" followed by bulleted modes, each mode an effect the compiler reads on its own
(pyengine.oracle.effects).

An instant's or sorcery's modal paragraph becomes the card's ``casting: modes`` (the number to
choose and each mode's targets: the modes are chosen as the spell is cast, 601.2b, 700.2a, and
a mode's targets are chosen only if that mode is, 700.2c, 601.2c) and ``does: modes`` (what each
mode does; the chosen modes are done in the order printed, 608.2c). A mode the compiler can't
read, a continuous effect in a mode (a spell's ``resolves:`` is one effect for the whole
spell), "You may choose the same mode more than once" (700.2d: not modelled by casting), a
choice made by another player (700.2e), a mode with a cost (700.2h) or pawprints (700.2i)
leave the paragraph not understood, the reason naming the mode.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyengine.oracle import effects as E

# the number of modes to choose (700.2): (min, max); None for max: as many as there are modes
CHOOSE = {"one": (1, 1), "two": (2, 2), "three": (3, 3), "one or both": (1, 2),
          "one or more": (1, None)}
HEAD = re.compile(r"(?:[A-Z][^\u2014\n]*? \u2014 )?[Cc]hoose (.+?) \u2014")
BULLET = "\u2022"


class NotUnderstood(Exception):
    """A modal paragraph whose head or one of whose modes the compiler can't read: ``why``
    names it; the paragraph is not understood (the card stays partial)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass
class ModalEffect:
    """A modal spell ability: what casting chooses (the count and each mode's text and
    targets) and what each mode does. ``targets``, ``casting``, ``do`` and ``resolves`` are the
    parts of a spell ability outside its modes (none here), as pyengine.oracle.compile reads
    them of every spell ability."""

    choose: Any
    modes: list[dict[str, Any]]  # casting: {text, targets}
    mode_do: list[list[dict[str, Any]]]  # does: what each mode does, its references global
    mode_targets: list[list[dict[str, Any]]] = field(default_factory=list)  # a triggered ability's
    targets: list[Any] = field(default_factory=list)
    casting: list[Any] = field(default_factory=list)
    do: list[Any] = field(default_factory=list)
    resolves: None = None


def is_modal(par: str) -> bool:
    """Whether the paragraph is a modal ability: a choice of bulleted modes (700.2)."""
    lines = par.split("\n")
    return len(lines) > 2 and all(line.startswith(BULLET) for line in lines[1:])


def modal_spell(par: str, spell: bool = True, mode_text: Any = None, **kw: Any) -> ModalEffect | None:
    """The modal effect of a paragraph ``Choose ... —`` with bulleted modes (None: not a
    modal paragraph); raises NotUnderstood naming what isn't read. ``mode_text``: each mode's
    words as the effect reader takes them; ``kw``: pyengine.oracle.effects.effect's."""
    if not is_modal(par):
        return None
    lines = par.split("\n")
    m = HEAD.fullmatch(lines[0])
    if m is None:
        raise NotUnderstood(f"modal ability: the choice {lines[0]!r} is not read (CR 700.2)")
    count = CHOOSE.get(m.group(1))
    if count is None:
        raise NotUnderstood(f"modal ability: 'Choose {m.group(1)}' is not read (CR 700.2)")
    modes = [line[1:].strip() for line in lines[1:]]
    lo, hi = count[0], count[1] or len(modes)
    if hi > len(modes):
        raise NotUnderstood("modal ability: more modes to choose than it has (CR 700.2)")
    made = ModalEffect(lo if lo == hi else {"min": lo, "max": hi}, [], [])
    seen: set[str] = set()
    before = 0  # targets of the modes before this one: the references are global (601.2c)
    for text in modes:
        words = mode_text(text) if mode_text else text
        eff = E.effect(words, spell=spell, **kw)
        if eff is None:
            raise NotUnderstood(f"modal ability: the mode {text!r} is not understood")
        if any(ev["kind"] == "delayed" for ev in eff.do):  # 603.7a: not created from a mode yet
            raise NotUnderstood(f"modal ability: the mode {text!r} creates a delayed triggered ability")
        if eff.resolves is not None:  # a mode's continuous effect: an instruction of it (611.2a)
            eff = _lasting(words)
            if eff is None:
                raise NotUnderstood(f"modal ability: the mode {text!r} creates a continuous effect "
                                    "not read as an instruction (611.2a)")
        names = {("target" if i == 0 else f"target{i + 1}"): ("target" if before + i == 0
                                                               else f"target{before + i + 1}")
                 for i in range(len(eff.targets))}
        targets = []
        for t in eff.casting:
            tid = t["id"]
            n = 2
            while tid in seen:
                tid, n = f"{t['id']}{n}", n + 1
            seen.add(tid)
            targets.append({**t, "id": tid})
        made.modes.append({"text": text, **({"targets": targets} if targets else {})})
        made.mode_do.append([_renamed(ev, names) for ev in eff.do])
        made.mode_targets.append(eff.targets)
        before += len(eff.targets)
    return made


def _lasting(words: str) -> Any:
    """A spell's mode that creates a continuous effect, read as a triggered ability's effect
    is (its continuous effect a ``continuous`` instruction, 611.2a): None when it needs more
    than a spell's instructions (an optional action, a tap or untap)."""
    eff = E.effect(words)
    if eff is None or eff.resolves is not None or any(
            ev["kind"] in ("may", "tap", "untap") for ev in eff.do):
        return None
    if not any(ev["kind"] == "continuous" for ev in eff.do):
        return None
    return eff


def _renamed(v: Any, names: dict[str, str]) -> Any:
    """An instruction with its target references (``target``, ``target2`` ...) renamed."""
    if isinstance(v, dict):
        return {k: _renamed(x, names) for k, x in v.items()}
    if isinstance(v, list):
        return [_renamed(x, names) for x in v]
    if isinstance(v, str) and re.fullmatch(r"target\d*", v):
        return names.get(v, v)
    return v




UNREAD = "_unread"  # a template's answer for a paragraph of its form it can't read: why


def template(par: str, text: str, card: dict[str, Any]) -> list[Any] | None:
    """An instant's or sorcery's modal spell ability (CR 700.2, 113.3a): ``{spell: text}``
    carrying the modal effect; ``{_unread: why}`` when a mode or the choice isn't read."""
    from pyengine.oracle.abilities import SPELL_KEY

    if not {"Instant", "Sorcery"} & set(card.get("types", ())) or not is_modal(par):
        return None
    try:
        made = modal_spell(par)
    except NotUnderstood as exc:
        return [{UNREAD: exc.why}]
    return [{"spell": text, SPELL_KEY: made}] if made is not None else None


def triggered(trigger: dict[str, Any], body: str, text: str, card: dict[str, Any], *, about_self: bool,
              dies: bool, it: bool) -> list[Any] | None:
    """A modal triggered ability (CR 700.2, 603.3c): "When SELF enters, choose one — • ... •
    ...": ``{trigger, modes: {choose, list: [{targets, do}]}, text}``; ``{_unread: why}`` when
    a mode or the choice isn't read. ``about_self``: the event is about the ability's own
    object, still on the battlefield ("it" is SELF); ``dies``, ``it``: as the effect reader's."""
    def words(mode: str) -> str:
        mode = mode[:1].upper() + mode[1:]
        if about_self:  # as pyengine.oracle.abilities reads the effect of a one-mode ability
            mode = re.sub(r"^It deals", "SELF deals", mode)
            mode = re.sub(r"counters? on it\.$", lambda x: x.group(0)[:-3] + "SELF.", mode)
        return mode

    try:
        made = modal_spell(body, spell=False, mode_text=words, dies=dies, it=it)
    except NotUnderstood as exc:
        return [{UNREAD: exc.why}]
    if made is None:
        return None
    if dies and any(ev.get("object") == "self" and ev.get("from") == "battlefield"
                    for do in made.mode_do for ev in do):
        return [{UNREAD: "modal ability: a mode moves SELF, which has left the battlefield "
                         "(603.6c, 603.10a)"}]
    modes = [{**({"targets": t} if t else {}), "do": do} for t, do in zip(made.mode_targets, made.mode_do,
                                                                          strict=True)]
    return [{"trigger": trigger, "modes": {"choose": made.choose, "list": modes}, "text": text}]
