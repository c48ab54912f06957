"""An intervening "if" clause that looks back in time (CR 603.10a, 603.4): "if it had no
+1/+1 counters on it" (undying, 702.93a; persist, 702.79a).

``if: {had_counters: KIND}`` or ``if: {not: {had_counters: KIND}}`` in a leaves-the-battlefield
trigger (``when: {kind: dies|leaves, ...}``, or a zone change from the battlefield): the object
the trigger event was about had one or more KIND counters on it immediately before the event.
A leaves-the-battlefield ability looks back in time (603.10a), so the trigger engine reads the
object as it last existed on the battlefield, where its counters were (122.2: an object that
changes zones keeps none). The answer is fixed then: as the ability resolves (603.4) the
clause is the same past fact, so the recheck doesn't change it (asp/triggers/recheck.lp).

Only the clause alone or negated is read: combined with another condition (``all``, ``any``)
its answer at the recheck couldn't be told apart from the other's, and in any other trigger
there is no earlier object to look back at; both are refused.
"""

from __future__ import annotations

from pyengine.lang.counters import counter_kind
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Condition
from pyengine.model.triggers import Pattern

KEY = "had_counters"


def _leaves(pattern: Pattern) -> bool:
    return pattern.kind == "zone_change" and pattern.from_zone == "battlefield"


def parse_if(cur: Cursor, pattern: Pattern, also: tuple[Pattern, ...] = ()) -> Condition | None:
    """The condition of ``if: {had_counters: KIND}`` / ``{not: {had_counters: KIND}}``, or None
    when the clause is another condition (parsed by the caller); a look back where there is
    nothing to look back at, or the clause inside another condition, fails."""
    value = cur.value
    if not isinstance(value, dict):
        return None
    if KEY in repr(value) and not (set(value) == {KEY} or set(value) == {"not"} and isinstance(
            value["not"], dict) and set(value["not"]) == {KEY}):
        cur.fail(f"{KEY} is read alone or under not, as the whole intervening if clause "
                 "(CR 603.4, 603.10a)")
    if set(value) == {"not"}:
        inner = parse_if(cur.get("not"), pattern, also)
        return None if inner is None else Condition("not", args=(inner,))
    if set(value) != {KEY}:
        return None
    if not all(_leaves(p) for p in (pattern, *also)):
        cur.fail(f"{KEY} looks back at the object as it left the battlefield: only in a trigger on a "
                 "zone change from the battlefield (dies, leaves; CR 603.10a)")
    sub = cur.get(KEY)
    return Condition(KEY, counter=counter_kind(sub.string("a counter kind such as +1/+1"), sub))


def parse_counters_on(cur: Cursor):  # type: ignore[no-untyped-def]
    """``{counters_on: {object: self, counter: KIND}}``, an instruction's amount: the number of
    KIND counters on the ability's source as it resolves, or, once it has left the battlefield,
    as it last existed there (608.2h: its last known information; modular's "for each +1/+1
    counter on this permanent", 702.43a). Only ``self`` is read."""
    from pyengine.model.effects import Expr, ObjRef

    sub = cur.get("counters_on")
    sub.mapping({"object", "counter"}, "{counters_on: {object: self, counter: KIND}}")
    if sub.req("object").value != "self":
        sub.get("object").fail("expected self (the ability's source)")
    kind = counter_kind(sub.req("counter").string("a counter kind"), sub.get("counter"))
    return Expr("counters", attr=kind, ref=ObjRef("self"))
