"""The ``disputed`` field of a scenario: the acceptable readings where the rules can be read
more than one way, each a full expectation with its reason and rules.

A scenario gives either ``expect`` (one answer) or ``disputed`` (a list of readings, each
``{reason, cr, expect}``); its answer must match the expectation of one reading."""

from __future__ import annotations

from typing import Any, Callable

from pyengine.lang.yamlread import Cursor
from pyengine.scenario.model import Reading

READING_FIELDS = frozenset({"reason", "cr", "expect"})
READING_FORM = "{reason: ..., cr: [...], expect: {...}}"


def parse_expectations(cur: Cursor, parse_expect: Callable[[Cursor], Any],
                       rule: Callable[[Cursor], str]) -> tuple[Any, tuple[Reading, ...]]:
    """The scenario's ``expect`` and its readings (none unless ``disputed`` is given).
    ``parse_expect`` reads one expectation of the scenario's query kind, ``rule`` one CR rule
    number."""
    if not cur.has("disputed"):
        return parse_expect(cur.req("expect")), ()
    if cur.has("expect"):
        cur.get("expect").fail("a disputed scenario gives its answers in disputed[].expect, one per "
                               "reading; remove the top-level expect")
    at = cur.get("disputed")
    if not isinstance(at.value, list):
        at.fail(f"expected a list of readings, each {READING_FORM}")
    items = at.seq()
    if not items:
        at.fail(f"expected at least one reading, each {READING_FORM}")
    readings = []
    for item in items:
        item.mapping(READING_FIELDS, f"a reading {READING_FORM}")
        reason = item.req("reason").string("why the rules can be read this way")
        rules = item.req("cr").seq("a list of CR rule numbers")
        if not rules:
            item.get("cr").fail("expected at least one CR rule number this reading rests on")
        cr = tuple(rule(c) for c in rules)
        readings.append(Reading(reason, cr, parse_expect(item.req("expect")), item.line))
    return readings[0].expect, tuple(readings)
