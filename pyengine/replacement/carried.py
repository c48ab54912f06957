"""Counters an object enters the battlefield with (CR 614.1c, 122.6, 614.5): part of the one
event of its entering. An effect giving them ("enters with N counters", "enters with an
additional counter", devour's counters) adds to a field ``with(C)`` of the move event, one per
counter kind, instead of making an event of its own; effects on counters modify that event
(asp/replacement/entering.lp)."""

from __future__ import annotations

from pyengine import facts as F
from pyengine.replacement import spec as S
from pyengine.replacement.collect import Instance
from pyengine.replacement.entering import is_enter_pattern


def with_field(counter: str) -> F.Fn:
    """The field of a move holding how many ``counter`` counters the object enters with."""
    return F.Fn("with", counter)


def carried_counters(tmpl: S.Template) -> tuple[str, int] | None:
    """(counter kind, number) if ``tmpl``, a new event of an effect on an object entering the
    battlefield, is counters that object enters with, put by the player it enters under the
    control of (CR 614.1c, 122.6, 122.6a): they belong to the entering event itself, so
    several such effects modify one event (614.5). Counters put by another player, or on
    something else, stay an event of their own."""
    f = dict(tmpl.fields)
    target, by, counter, amount = f.get("target"), f.get("by"), f.get("counter"), f.get("amount")
    if tmpl.kind != "counters" or target is None or target.kind != "same" \
            or (target.field or "target") != "object" or counter is None or amount is None \
            or amount.kind != "int" or counter.word is None:
        return None
    if by is not None and not (by.kind == "same" and by.field == "control"):
        return None
    return counter.word, amount.number or 0


def carried_kinds(effects: list[Instance]) -> tuple[str, ...]:
    """The counter kinds objects may be given as they enter (:func:`carried_counters`)."""
    kinds: set[str] = set()
    for inst in effects:
        assert isinstance(inst.spec, S.ReplacementSpec)
        if not is_enter_pattern(inst.spec.pattern):
            continue
        for alt in inst.spec.alternatives:
            ch = alt.choose_objects
            tmpls = list(alt.templates) + ([devoured(ch, 1)] if ch and ch.counter and ch.per else [])
            kinds |= {c[0] for c in map(carried_counters, tmpls) if c is not None}
    return tuple(sorted(kinds))


def devoured(ch: S.ChooseObjects, n: int) -> S.Template:
    """The counters an object enters with for ``n`` objects chosen (CR 614.13, devour)."""
    return S.Template("counters", (
        ("target", S.Value("same", field="object")), ("counter", S.Value("text", word=ch.counter)),
        ("amount", S.Value("int", number=ch.per * n)),
        ("by", S.Value("same", field="control")), ("cause", S.Value("word", word="enters"))))


def carry(mods: list[F.Value], templates: list[S.Template]) -> tuple[list[F.Value], list[S.Template]]:
    """CR 614.1c, 614.5: counters an entering object is given are added to the entering event
    (its ``with(C)`` fields), not made separate events."""
    added: dict[str, int] = {}
    rest = []
    for t in templates:
        c = carried_counters(t)
        if c is None:
            rest.append(t)
        else:
            added[c[0]] = added.get(c[0], 0) + c[1]
    return mods + [F.Fn("add", with_field(c), n) for c, n in sorted(added.items())], rest
