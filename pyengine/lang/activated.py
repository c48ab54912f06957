"""Parser of activated abilities (CR 602) in an object's ``abilities:`` list, into
:class:`pyengine.model.activated.ActivatedDef` (syntax: docs/effect-language.md, "Activated
abilities")::

    - activated: {cost: "{1}{R}, {T}", targets: [{any: true}],
                  do: [{kind: damage, target: target, amount: 1}], timing: any}
      text: "{1}{R}, {T}: Prodigal Pyromancer deals 1 damage to any target."

``do`` and ``targets`` are triggered abilities' (:mod:`pyengine.lang.triggers`), so the game
resolves both with the same code; the text stays the ability's Oracle wording (what the layer
engine and the rules that read words see: an activated ability, 113.3b).
"""

from __future__ import annotations

from typing import Any

from pyengine.lang.effects import Ctx, parse_effect
from pyengine.lang.triggers import _instruction, _target
from pyengine.lang.yamlread import Cursor
from pyengine.model.activated import LIMITS, TIMINGS, ZONES, ActivatedDef, parse_cost
from pyengine.model.effects import Ability
from pyengine.model.enums import Duration

ABILITY_FIELDS = {"activated", "text", "id"}
FIELDS = {"cost", "do", "targets", "timing", "limit", "resolves", "duration", "zone"}


def parse_activated(cur: Cursor, ctx: Ctx) -> Ability:
    """An activated ability mapping ``{activated: {cost, do, targets, timing, limit}, text}``."""
    cur.mapping(ABILITY_FIELDS, "an activated ability {activated: {cost: ..., do: [...]}, text: ...}")
    text = cur.req("text").string("the ability's text (its Oracle wording)").strip()
    if ":" not in text.split('"', 1)[0] and not _keyword(text):
        cur.get("text").fail("an activated ability's text is written \"[Cost]: [Effect.]\" (CR 602.1), "
                             "or is an activated keyword's (\"Equip {2}\", CR 702)")
    body = cur.req("activated")
    body.mapping(FIELDS, "{cost: COST, do: [EVENTS], targets: [...], timing: any|sorcery|your_turn|"
                         "combat|your_upkeep, limit: once_each_turn, zone: ZONE}")
    try:
        cost = parse_cost(body.req("cost").string("a cost such as \"{1}{R}, {T}\""))
    except ValueError as exc:
        body.get("cost").fail(str(exc))
    ctx.x = cost.x > 0  # 107.3a: `{x: true}` reads the X announced for its cost
    try:
        return _body(cur, body, ctx, text, cost)
    finally:
        ctx.x = False


def _body(cur: Cursor, body: Cursor, ctx: Ctx, text: str, cost: Any) -> Ability:
    targets = tuple(_target(c, ctx) for c in body.get("targets").seq("a list of targets"))
    resolves = None
    if body.has("resolves"):  # 611.2c: on its object targets, or on its source
        resolves = parse_effect(body.get("resolves"), ctx, allow_no_affects=True)
        if resolves.affects is not None:
            body.get("resolves").fail("the effect affects the ability's object targets, or its source "
                                      "when it has none: leave 'affects' out")
    elif not body.has("do"):
        body.fail("missing required field 'do' (what the ability does on resolution)")
    items = body.get("do").seq("a list of events (the effect on resolution)") if body.has("do") else []
    if body.has("do") and not items:
        body.get("do").fail("expected at least one event (what the ability does on resolution)")
    effects = tuple(_instruction(c, ctx, len(targets)) for c in items)
    timing = body.get("timing").choice(TIMINGS, "a timing:") if body.has("timing") else "any"
    limit = body.get("limit").choice(LIMITS, "a limit:") if body.has("limit") else None
    duration = Duration(body.get("duration").choice(Duration.words(), "a duration:")) \
        if body.has("duration") else Duration.PERMANENT
    if body.has("duration") and resolves is None:
        body.get("duration").fail("a duration is the 'resolves' effect's")
    zone = None
    if body.has("zone"):  # 113.6m: the effect moves the card out of this zone
        zone = body.get("zone").choice(ZONES, "the zone the ability functions in (CR 113.6m):")
        if cost.zone != "battlefield" and cost.zone != zone:
            body.get("zone").fail(f"the cost already makes the ability function in the {cost.zone} "
                                  "(CR 113.6m)")
    return Ability("text", key=ctx.next_key("activated"), name=text, text=text,
                   activated=ActivatedDef(cost, effects, targets, timing, limit, resolves, duration, zone))


def _keyword(text: str) -> bool:
    """Whether ``text`` is an activated keyword ability's ("Equip {2}", CR 702.6a): a keyword
    line item whose first words are one of :data:`pyengine.model.effects.ACTIVATED_KEYWORDS`,
    or cycling or a typecycling variant ("Forestcycling {2}", 702.29a, 702.29e)."""
    from pyengine.model.effects import ACTIVATED_KEYWORDS

    low = text.lower()
    if low.split(" ", 1)[0].endswith("cycling"):
        return True
    return any(low == k or low.startswith((k + " ", k + "\u2014")) for k in ACTIVATED_KEYWORDS)
