"""Copies of spells on the stack (CR 707.10): the effect language's ``copy_spell`` as the game
follows it (pyengine.lang.copies).

To copy a spell is to put a copy of it onto the stack; the copy isn't cast (707.10: no
``cast`` event, so no "whenever you cast" ability triggers and it counts for no storm). It
copies the spell's characteristics and every decision made for it as it was cast: modes,
targets, X, kicker (the original's events as its stack object holds them, chosen as it was
cast). It is owned and controlled by the player under whose control it was put on the stack
(the copying ability's controller) and is itself a spell; once it leaves the stack it ceases
to exist (707.10a, 704.5e: a state-based action). Copies are put on the stack one at a time,
the last on top.

"You may choose new targets for the copy" (707.10c, 115.7d): the script gives the copies'
new targets ahead, ``{copy_choice: {KEY: [ENTRY...]}}`` (KEY as ``may``'s: the copying
object's id, ``SOURCE:N`` or ``SOURCE``), one entry per copy in the order they are put on the
stack: ``keep`` (its targets unchanged, even if illegal now) or the id of its new target. A new
target is read for a spell with one target that is "any target" or "target player" (judged by
the trigger engine's legal targets, 115.4, 115.1, hexproof/shroud/protection against the copy);
a new target of another kind of target is refused. Without a ``copy_choice`` the copies keep the
original's targets.

Not followed (the instruction stops the game naming the rule): copying a spell that has left the
stack (storm's copies made from its last known information), a permanent spell (707.10f), a
spell whose amounts are computed as it resolves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.budget import Budget
from pyengine.game.model import Game, IllegalAction, StackItem
from pyengine.model.enums import Zone
from pyengine.replacement.event import Event

KIND = "copy_spell"  # the bound event (pyengine.game.choice.KINDS)
KEEP = "keep"


def bind(ins: Any, refs: dict[str, tuple[str, ...]]) -> list[Event]:
    """``{kind: copy_spell, object: REF, ...}`` bound as its ability goes on the stack: the spell
    its word names."""
    word = ins.get("object")[1]
    if word not in refs or len(refs[word]) != 1:
        raise IllegalAction("707.10", f"{word} names no one spell here")
    return [Event(KIND, (("object", ("s", refs[word][0])), ("count", ins.get("count")),
                         ("new_targets", ins.get("new_targets"))))]


def read_choice(reader: Any, cur: Any) -> Any:
    """``{KEY: [keep | ID, ...]}``: each copy's new target, or ``keep`` (707.10c)."""
    from pyengine.game.choice import ChooseAhead

    cur.mapping(None, "{KEY: [keep or a target id, one per copy]}: the copying spell's or ability's "
                      "id, SOURCE:N or SOURCE")
    if len(cur.value) != 1:
        cur.fail("expected one resolving object's choice")
    key, sub = next(iter(cur.items()))
    entries = tuple(sub.strings("a list: keep, or the copy's new target (an object or player id)"))
    for e, at in zip(entries, [sub] if isinstance(sub.value, str) else sub.seq(), strict=False):
        if e != KEEP and e not in reader.ids and e not in reader.players:
            at.fail(f"dangling id {e!r}: neither an object nor a player (or keep)")
    return ChooseAhead("copy", str(key), entries)


def storm_count(game: Game, spell: str) -> int:
    """702.40a: the spells cast before ``spell`` this turn, by any player (601.2i: each a
    ``cast`` event of the log since the turn began; a copy is not cast, 707.10)."""
    from pyengine.triggers.history import turn_start

    start = turn_start(game.log)
    at = next((pos for pos in range(len(game.log) - 1, start - 1, -1)
               if game.log[pos].kind == "cast" and game.log[pos].obj == spell), None)
    if at is None:
        return 0  # not cast this turn (put on the stack otherwise): none before it
    return sum(1 for e in game.log[start:at] if e.kind == "cast")


def perform(game: Game, item: StackItem, e: Event, take: Any, budget: Budget | float) -> Game:
    """The copies put on the stack, under ``item``'s controller's control (707.10)."""
    spell = e.get("object")[1]  # type: ignore[index]
    original = next((s for s in game.stack if s.obj == spell), None)
    if original is None:
        raise IllegalAction("707.10", f"{item.text!r}: {spell} is no longer on the stack; a copy "
                                      "made from its last known information is not followed")
    obj = game.state.object(spell)
    if not {"Instant", "Sorcery"} & set(obj.printed.types):
        raise IllegalAction("707.10f", f"{item.text!r}: copying a permanent spell is not followed")
    from pyengine.game.amounts import Deferred

    if any(isinstance(v, Deferred) for ev in original.events for _, v in ev.fields):
        raise IllegalAction("608.2h", f"{item.text!r}: copying a spell whose amounts are computed as "
                                      "it resolves is not followed")
    if _uncopiable(game, spell, budget):  # "This spell can't be copied." (101.2: can't beats can)
        return game
    count = e.get("count")
    n = storm_count(game, spell) if count == "spells_cast_before" else int(count)  # type: ignore[arg-type]
    entries: tuple[str, ...] = ()
    if e.get("new_targets"):
        game, got = take(game, item, "copy")
        entries = tuple(got or ())
        if len(entries) > n:
            raise IllegalAction("707.10c", f"{item.text!r}: {len(entries)} copy choices given for {n} "
                                           "copies")
    for k in range(n):
        game = _put(game, item, original, obj, entries[k] if k < len(entries) else KEEP, budget)
    return game


def _uncopiable(game: Game, spell: str, budget: Budget | float) -> bool:
    """Whether the spell has "This spell can't be copied." (its abilities after layers)."""
    from pyengine.game.perform import layers

    now = layers(game.state, budget).objects.get(spell)
    return now is not None and any("can't be copied" in a.lower() for a in now.abilities)


def _new_id(game: Game, spell: str) -> str:
    taken = {o.id for o in game.state.objects} | {s.id for s in game.stack}
    n = 1
    while f"{spell}~copy{n}" in taken:
        n += 1
    return f"{spell}~copy{n}"


def _put(game: Game, item: StackItem, original: StackItem, obj: Any, entry: str,
         budget: Budget | float) -> Game:
    """One copy onto the stack (707.10), with the original's targets or ``entry``'s (707.10c)."""
    from pyengine.game.stack import note
    from pyengine.game.ward import targeted

    cid = _new_id(game, original.obj or original.id)
    me = item.controller
    copy_obj = replace(obj, id=cid, copy="spell", owner=me, controller=me, zone=Zone.STACK,
                       commander=False, commander_casts=0, on_adventure=None, top_of_library=False)
    game = game.with_state(objects=game.state.objects + (copy_obj,))
    swap: dict[str, tuple[str, bool]] = {original.obj or original.id: (cid, False)}
    targets = original.targets
    if entry != KEEP:
        new = _new_target(game, original, obj, cid, me, entry, budget)
        swap[original.targets[0][0]] = new
        targets = (new,)
    zones = tuple(sorted((o.id, o.zone.value) for t, is_p in targets if not is_p
                         for o in game.state.objects if o.id == t))
    copied = replace(original, id=cid, obj=cid, controller=me, events=_swap(original.events, swap),
                     targets=targets, zones=zones, taps=_swap(original.taps, swap),
                     lasting=_swap(original.lasting, swap), delayed=_swap(original.delayed, swap),
                     cast=None, form=None, card=None, trigger=None)
    game = game.clone(stack=game.stack + (copied,), passes=0)
    game = targeted(game, copied, "707.10c")  # its targets become the copy's targets (702.21a)
    return game.note(note("put_on_stack", copied, "707.10"))


def _new_target(game: Game, original: StackItem, obj: Any, cid: str, me: str, entry: str,
                budget: Budget | float) -> tuple[str, bool]:
    """The copy's new target, judged legal (707.10c, 115.7d), or IllegalAction."""
    from pyengine.game.cast_forms import form_spec
    from pyengine.model.triggers import TargetSpec
    from pyengine.triggers.targets import legal_targets

    specs = form_spec(obj.printed, original.form).all_targets()
    if len(original.targets) != 1 or len(specs) != 1 or specs[0].lo != 1 or specs[0].hi != 1:
        raise IllegalAction("707.10c", f"{cid}: new targets for a copy of a spell without exactly one "
                                       "target are not followed; keep its targets")
    t = specs[0]
    kinds = set(dict(t.filters).get("any_types", ()))
    plain = not t.qualities and t.zone == "battlefield" and t.divide is None
    if t.players and not t.objects and plain:
        spec = TargetSpec("player", player=t.controller or "any")
    elif t.players and t.objects and plain and t.controller is None and len(t.filters) == 1 \
            and kinds == {"creature", "planeswalker", "battle"}:
        spec = TargetSpec("any")  # 115.4
    else:
        raise IllegalAction("707.10c", f"{cid}: a new target for this kind of target is not followed; "
                                       "keep its target")
    legal = legal_targets(game.state, (spec,), cid, me, budget=Budget.of(budget, "the trigger engine"))[0]
    pick = next((o for o in legal if o[0] == entry), None)
    if pick is None:
        raise IllegalAction("707.10c", f"{entry} can't be the new target of {cid} (legal: "
                                       f"{', '.join(sorted(i for i, _ in legal))})")
    return pick


def _swap(value: Any, swap: dict[str, tuple[str, bool]]) -> Any:
    """``value`` with each id of ``swap`` replaced: a (tag, id) pair's id, its tag ``p`` for a
    player and ``o`` for an object; a bare id; in events, tuples and dataclasses' fields."""
    if isinstance(value, Event):
        return Event(value.kind, tuple((k, _swap(v, swap)) for k, v in value.fields))
    if isinstance(value, str):
        return swap[value][0] if value in swap else value
    if isinstance(value, tuple):
        if len(value) == 2 and value[0] in ("o", "p") and isinstance(value[1], str) and value[1] in swap:
            nid, is_p = swap[value[1]]
            return ("p" if is_p else "o", nid)
        if len(value) == 2 and isinstance(value[0], str) and value[0] in swap and isinstance(value[1], bool):
            return swap[value[0]]  # a (target id, is a player) pair
        return tuple(_swap(v, swap) for v in value)
    return value
