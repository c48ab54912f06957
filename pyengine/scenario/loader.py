"""Load and validate scenario files into :class:`Scenario` objects.

Every problem is a :class:`ScenarioError` naming the file, the line, the field path and what
was expected; nothing is defaulted silently except the documented defaults in
scenarios/README.md.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pyengine import catalog
from pyengine.errors import PyengineError, ScenarioError
from pyengine.lang import bounds
from pyengine.lang.characteristics import CHAR_FIELDS, parse_characteristics
from pyengine.lang.counters import counter_kind
from pyengine.lang.effects import OBJ_REFS, PLAYER_REFS, Ctx, parse_ability, parse_effect
from pyengine.lang.yamlread import Cursor, describe, load_yaml
from pyengine.model import subtypes as subtype_table
from pyengine.model.effects import EffectDef, ResolvedEffect
from pyengine.model.enums import CardType, Color, Duration, FaceDown, Step, Zone
from pyengine.model.objects import Characteristics, GameObject, GameState, Player, TurnContext
from pyengine.queries import base as queries
from pyengine.scenario.files import read_text
from pyengine.scenario.model import Scenario
from pyengine.scenario.readings import parse_expectations

TOP_FIELDS = frozenset({"id", "title", "cr", "tags", "rationale", "disputed", "players", "turn",
                        "objects", "effects", "query", "expect", "day_night"})
PLAYER_FIELDS = frozenset({"id", "life", "poison", "mana", "hand_size", "library_size",
                           "commander_damage", "dealt_damage"})
TURN_FIELDS = frozenset({"active", "number", "step"})
STATE_FIELDS = frozenset({"id", "card", "owner", "controller", "zone", "timestamp", "token",
                          "tapped", "controlled_since_turn_start", "counters", "damage",
                          "attached_to", "face_down", "oracle", "copy", "back_face", "on_adventure",
                          "chosen", "top_of_library", "commander", "commander_casts", "renowned"})
EFFECT_FIELDS = frozenset({"id", "card", "source", "controller", "timestamp", "duration",
                           "affected"})


def load_file(path: str | Path) -> Scenario:
    """Read and validate one scenario file."""
    return load_text(read_text(path), str(path))


def load_text(text: str, file: str = "<input>") -> Scenario:
    """Validate a scenario given as YAML text."""
    try:
        doc = load_yaml(text, file)
        return _scenario(Cursor.root(doc, file))
    except ScenarioError as exc:
        raise exc.located(file) from None


def _scenario(cur: Cursor) -> Scenario:
    cur.mapping(TOP_FIELDS, "a scenario mapping")
    sid = cur.req("id").string("a scenario id such as layers/gray-ogre")
    title = cur.req("title").string("a one-line title")
    cr = tuple(_rule(c) for c in cur.req("cr").seq("a list of CR rule numbers"))
    if not cr:
        cur.get("cr").fail("expected at least one CR rule number")
    tags = tuple(cur.get("tags").strings("a list of tags")) if cur.has("tags") else ()
    rationale = cur.req("rationale").string("the rules reasoning behind the expected answer")
    players = _players(cur.req("players"))
    pids = tuple(p.id for p in players)
    turn = _turn(cur.req("turn"), pids)
    ctx = Ctx(players=pids)
    objects = tuple(_object(c, ctx, pids) for c in _bounded(cur, "objects", bounds.MAX_OBJECTS))
    effects = tuple(_effect(c, ctx, pids) for c in _bounded(cur, "effects", bounds.MAX_EFFECTS))
    _check_ids(cur, objects, effects, ctx)
    state = GameState(players, turn, objects, effects)
    if cur.has("day_night"):  # the game's designation (730.1; absent: neither)
        state = state.clone(day_night=cur.get("day_night").choice(("day", "night"), "day or night:"))
    _check_bounds(cur, state)
    qcur = cur.req("query").mapping(None, "a query mapping with a kind")
    kind_name = qcur.req("kind").string("a query kind")
    kind = queries.get(kind_name)
    if kind is None:
        qcur.get("kind").fail(f"unknown query kind {kind_name!r}; "
                              f"expected one of: {', '.join(sorted(queries.load_all()))}")
    query = kind.parse_query(qcur, state, ctx)
    _check_refs(ctx, state)
    _check_durations(cur, state)
    expect, disputed = parse_expectations(cur, lambda c: kind.parse_expect(c, query, state), _rule)
    lines = dict(getattr(cur.value, "key_lines", {}))
    return Scenario(sid, title, cur.file or "<input>", cr, tags, rationale, state, query, expect,
                    disputed, lines)


def _bounded(cur: Cursor, key: str, most: int) -> list[Cursor]:
    """The items of the list ``key``, at most ``most`` of them (a scenario's size is bounded:
    scenarios/README.md, "Limits")."""
    items = cur.get(key).seq(f"a list of {key}")
    if len(items) > most:
        cur.get(key).fail(f"expected at most {most:,} {key}, got {len(items):,}")
    return items


def _check_bounds(cur: Cursor, state: GameState) -> None:
    """No number the engines compute from the state can pass clingo's 32-bit integers
    (pyengine/lang/bounds.py proves it); else the part that takes it past is named."""
    try:
        bounds.check_state(state)
    except bounds.BoundError as exc:
        at = cur
        if exc.where is not None:
            at = cur.get(exc.where.section).seq()[exc.where.index]
            if exc.field:
                at = at.get(exc.field)
        at.fail(str(exc))


def _rule(cur: Cursor) -> str:
    if isinstance(cur.value, float):
        cur.fail(f"quote the rule number (\"{cur.value}\"): YAML reads an unquoted 702.10 as 702.1")
    value = str(cur.value) if isinstance(cur.value, int) else cur.string("a CR rule number")
    import re

    if not re.fullmatch(r"\d{3}(\.\d+[a-z]?)?", value):
        cur.fail(f"expected a CR rule number such as 613.4c, got {value!r}")
    return value


def _players(cur: Cursor) -> tuple[Player, ...]:
    items = cur.seq("a list of players")
    if not items:
        cur.fail("expected at least one player")
    out = []
    seen: set[str] = set()
    for item in items:
        if isinstance(item.value, str):
            pid = item.string()
            item = Cursor({"id": pid}, item.path, item.line, item.file)
        item.mapping(PLAYER_FIELDS, "a player id or a player mapping")
        pid = _own_id(item.req("id"), "a player id")
        if pid in seen:
            item.get("id").fail(f"duplicate player id {pid!r}")
        seen.add(pid)
        mana = ""
        if item.has("mana"):
            mana = item.get("mana").string("mana such as {2}{W}")
            from pyengine.model.mana import parse_cost

            try:
                parse_cost(mana)
            except ValueError as exc:
                item.get("mana").fail(str(exc))
        out.append(Player(
            pid,
            life=item.get("life").integer("a life total") if item.has("life") else 20,
            poison=item.get("poison").integer("a poison count", 0) if item.has("poison") else 0,
            mana=mana,
            hand_size=item.get("hand_size").integer("a hand size", 0) if item.has("hand_size") else 0,
            library_size=(item.get("library_size").integer("a library size", 0)
                          if item.has("library_size") else 0),
            commander_damage=_commander_damage(item.get("commander_damage"))
            if item.has("commander_damage") else (),
            dealt_damage=item.get("dealt_damage").boolean() if item.has("dealt_damage") else False,
        ))
    return tuple(out)


# words the effect language reads as references (PLAYER_REFS, OBJ_REFS, `any` and `each`
# player, `affected` objects): an id spelled so would be read as the reference, not as the id
RESERVED_IDS = frozenset(PLAYER_REFS + OBJ_REFS + ("any", "each", "affected"))


def _own_id(cur: Cursor, what: str) -> str:
    word = cur.string(what)
    if word in RESERVED_IDS:
        cur.fail(f"{word!r} is a reserved word of the effect language (a reference such as you, "
                 f"opponent, self, any); choose another id")
    return word


def _turn(cur: Cursor, pids: tuple[str, ...]) -> TurnContext:
    cur.mapping(TURN_FIELDS, "{active: player, number: N, step: ...}")
    active = cur.req("active").choice(pids, "a player id:")
    number = cur.get("number").integer("a turn number", 1) if cur.has("number") else 1
    step = Step(cur.get("step").choice(Step.words(), "a step:")) if cur.has("step") else Step.PRECOMBAT_MAIN
    return TurnContext(active, number, step)


def _object(cur: Cursor, ctx: Ctx, pids: tuple[str, ...]) -> GameObject:
    cur.mapping(STATE_FIELDS | CHAR_FIELDS, "an object mapping")
    has = cur.value.__contains__  # cur.has on the mapping (checked just now), without a call of it
    oid = _own_id(cur.req("id"), "an object id")
    inline = [k for k in cur.value if k in CHAR_FIELDS]
    if has("card"):
        name = cur.get("card").string("a catalog card name")
        card = _card(cur.get("card"), name)
        if [k for k in inline if k != "abilities" or not card.unrecognised]:
            cur.get(inline[0]).fail("give either card: or inline characteristics, not both")
        printed = card.characteristics
        if card.unrecognised:
            if "abilities" not in inline:
                cur.get("card").fail(
                    f"{card.name} is compiled from its Oracle text only in part: "
                    f"{card.unrecognised[0]!r} was not understood (`pyengine cards {card.name}`); "
                    "write all of its abilities under `abilities:` or choose another card")
            sub = Ctx(players=ctx.players, key_prefix=f"obj:{oid}")
            printed = replace(printed, abilities=tuple(
                parse_ability(c, sub) for c in cur.get("abilities").seq()))
            ctx.object_refs += sub.object_refs
            ctx.player_refs += sub.player_refs
        card_name: str | None = card.name
    else:
        if "name" not in cur.value:
            cur.fail("missing required field 'card' (a catalog card) or 'name' (inline characteristics)")
        sub = Ctx(players=ctx.players, key_prefix=f"obj:{oid}")
        printed = parse_characteristics(cur, sub, extra=STATE_FIELDS)
        ctx.object_refs += sub.object_refs
        ctx.player_refs += sub.player_refs
        card_name = None
    controller = owner = None
    if has("controller"):
        controller = cur.get("controller").choice(pids, "a player id:")
    if has("owner"):
        owner = cur.get("owner").choice(pids, "a player id:")
    if controller is None and owner is None:
        cur.fail("missing required field 'controller' (or 'owner')")
    zone = Zone(cur.get("zone").choice(Zone.words(), "a zone:")) if has("zone") else Zone.BATTLEFIELD
    if (zone not in (Zone.BATTLEFIELD, Zone.STACK) and has("controller") and has("owner")
            and controller != owner):
        cur.get("controller").fail(f"CR 108.4a: a card in the {zone.value} "
                                   "has no controller other than its owner")
    if zone == Zone.BATTLEFIELD and not has("timestamp"):
        cur.fail("missing required field 'timestamp' (CR 613.7d: a permanent's timestamp)")
    timestamp = cur.get("timestamp").integer("a timestamp", 0) if has("timestamp") else 0
    counters = []
    counter_ts = []
    if has("counters"):
        c = cur.get("counters").mapping(None, "a mapping of counter kind to number, e.g. {+1/+1: 2}")
        for kind, n in c.items():
            kind = counter_kind(kind, n)
            if not isinstance(n.value, dict):
                counters.append((kind, n.integer("a number of counters, or {count: N, timestamp: T}", 1)))
                continue
            n.mapping({"count", "timestamp"}, "{count: N, timestamp: T}")
            counters.append((kind, n.req("count").integer("a number of counters", 1)))
            if n.has("timestamp"):
                t = n.get("timestamp").integer("a timestamp", 0)
                if zone != Zone.BATTLEFIELD:
                    n.get("timestamp").fail("only a permanent's counters have a timestamp here (CR 613.7c)")
                if t < timestamp:
                    n.get("timestamp").fail(f"counters are put on an object no earlier than it entered "
                                            f"(timestamp {timestamp}; CR 613.7c, 613.7d)")
                if t != timestamp:
                    counter_ts.append((kind, t))
    face_down = _face_down(cur.get("face_down")) if has("face_down") else None
    other_face = _back_face(cur.get("back_face"), ctx, oid) if has("back_face") else None
    transformed = False
    if other_face is None and card_name is not None and card_name.lower() not in catalog.catalog():
        from pyengine.oracle.faces import back_face, front_face  # 712.2: a transforming card's faces

        other_face = back_face(card_name)
        front = front_face(card_name) if other_face is None and zone == Zone.BATTLEFIELD else None
        if front is not None:  # its back face up: the card transformed (701.27g, 712.8e)
            other_face, transformed = front, True
            printed = replace(printed, mana_value=front.mana_value)
    chosen = _chosen(cur.get("chosen")) if has("chosen") else ()
    obj = GameObject(
        id=oid,
        printed=printed,
        owner=owner or controller or "",
        controller=controller or owner or "",
        zone=zone,
        timestamp=timestamp,
        card=card_name,
        token=cur.get("token").boolean() if has("token") else False,
        tapped=cur.get("tapped").boolean() if has("tapped") else False,
        renowned=cur.get("renowned").boolean() if has("renowned") else False,  # 702.112b
        controlled_since_turn_start=(cur.get("controlled_since_turn_start").boolean()
                                     if has("controlled_since_turn_start") else True),
        counters=tuple(counters),
        counter_timestamps=tuple(counter_ts),
        damage=cur.get("damage").integer("marked damage", 0) if has("damage") else 0,
        attached_to=cur.get("attached_to").string("an object id") if has("attached_to") else None,
        face_down=face_down is not None,
        face_down_kind=face_down or FaceDown.PLAIN,
        chosen=chosen,
        copy=cur.get("copy").choice(("spell", "card"), "what it is a copy of (CR 707.10, 707.12):")
        if has("copy") else None,
        other_face=other_face,
        transformed=transformed,
        on_adventure=(cur.get("on_adventure").choice(pids, "a player id:")
                      if has("on_adventure") else None),
        top_of_library=cur.get("top_of_library").boolean() if has("top_of_library") else False,
        commander=cur.get("commander").boolean() if has("commander") else False,
        commander_casts=(cur.get("commander_casts").integer("times cast from the command zone", 0)
                         if has("commander_casts") else 0),
        line=cur.line,
    )
    if obj.commander_casts and not obj.commander:
        cur.get("commander_casts").fail("only a commander is cast from the command zone (CR 903.8); "
                                        "give commander: true")
    if obj.commander and (obj.token or obj.copy is not None):
        cur.get("commander").fail("a commander is a card (CR 903.3): not a token or a copy")
    if obj.top_of_library and obj.zone != Zone.LIBRARY:
        cur.get("top_of_library").fail(f"only a card in a library is its top card (CR 401.2); this object "
                                       f"is in the {obj.zone.value}")
    if obj.on_adventure is not None and (obj.zone != Zone.EXILE or printed.layout != "adventure"):
        cur.get("on_adventure").fail("only an adventurer card in exile is on an adventure (CR 715.3d), "
                                     f"not a {printed.layout or 'normal'} card in the {obj.zone.value}")
    if obj.attached_to is not None and obj.attached_to not in pids:  # an Aura may enchant a player (303.4b)
        ctx.object_refs.append((obj.attached_to, cur.get("attached_to")))
    if obj.zone != Zone.BATTLEFIELD and obj.renowned:
        cur.fail("CR 702.112b: only permanents can be renowned")
    if obj.zone != Zone.BATTLEFIELD and (obj.tapped or obj.attached_to or obj.damage):
        cur.fail("CR 110.5: only permanents are tapped, attached or damaged; "
                 f"this object is in the {obj.zone.value}")
    if obj.face_down and obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        # a graveyard is a face-up pile (404.2); a card exiled face down has no characteristics
        # at all (406.3a), not those of a face-down permanent or spell (708.2)
        cur.get("face_down").fail(f"only a permanent or a spell is face down here (CR 708.2, 404.2, "
                                  f"406.3a); this object is in the {obj.zone.value}")
    spell = next((t for t in ("Instant", "Sorcery") if t in printed.types), None)
    if spell and obj.zone == Zone.BATTLEFIELD:
        cur.fail(f"{_a(spell.lower())} can't be on the battlefield (CR 304.4, 307.4: it stays in "
                 "its previous zone instead)")
    return obj


def _card(cur: Cursor, name: str) -> catalog.Card:
    """A card by name: the catalog's, else the card data's compiled from its Oracle text;
    CardDataMissing (the scenario is skipped) when neither has it and no data is installed."""
    card = catalog.lookup(name)
    if card is not None:
        return card
    from pyengine.oracle import data, suggest

    try:
        data.data_path()
    except data.CardDataMissing:
        raise data.CardDataMissing(f"card {name!r} is not in the catalog and no card "
                                   "data is installed (pip install 'pyengine[cards]', or "
                                   "PYENGINE_CARDS=AtomicCards.json)") from None
    except PyengineError as exc:  # card data named but unreadable: bad input, never a skip
        cur.fail(str(exc))
    close = suggest(name)
    cur.fail(f"unknown card {name!r}" + ("; did you mean: " + ", ".join(close) if close else ""))


def _back_face(cur: Cursor, ctx: Ctx, oid: str) -> Characteristics:
    """``back_face``: the back face of a transforming double-faced card (CR 712.2), inline
    characteristics; the object's own are its front face's (712.8d)."""
    sub = Ctx(players=ctx.players, key_prefix=f"obj:{oid}:back")
    chars = parse_characteristics(cur.mapping(None, "the back face's characteristics (CR 712)"), sub)
    if not chars.name:
        cur.fail("missing required field 'name' (the back face's name, CR 712.2)")
    ctx.object_refs += sub.object_refs
    ctx.player_refs += sub.player_refs
    return chars


def _commander_damage(cur: Cursor) -> tuple[tuple[str, int], ...]:
    """``{COMMANDER: N}``: the combat damage each commander (an object id, wherever it is now)
    has dealt this player over the game (CR 903.10a)."""
    m = cur.mapping(None, "a mapping of commander id to combat damage, e.g. {cmdr: 21}")
    return tuple(sorted((str(k), c.integer("combat damage dealt by that commander", 0))
                        for k, c in m.items()))


def _chosen(cur: Cursor) -> tuple[tuple[str, str], ...]:
    """``{color: red, subtype: Elf, card_type: Artifact}``: the choices made as the permanent
    entered (CR 614.12a, 607.2d), which "the chosen ..." in its abilities reads."""
    out = []
    kinds = cur.mapping({"color", "subtype", "card_type"}, "{color: C, subtype: S, card_type: T}")
    for kind, c in kinds.items():
        if kind == "color":
            out.append((kind, c.choice(Color.words(), "a color:")))
        elif kind == "card_type":
            out.append((kind, c.choice(CardType.words(), "a card type:")))
        else:
            word = c.string("a subtype (a creature type or land type)")
            if not subtype_table.is_subtype(word):
                c.fail(f"unknown subtype {word!r} (CR 205.3g-m lists them)")
            out.append((kind, word))
    return tuple(sorted(out))


def _face_down(cur: Cursor) -> FaceDown | None:
    """``face_down``: false (face up), true (CR 708.2a), or what turned it face down, which
    lists its characteristics (708.2): morph, manifest, disguise or cloak."""
    if cur.value is False:
        return None
    if cur.value is True:
        return FaceDown.PLAIN
    kinds = [k.value for k in FaceDown if k != FaceDown.PLAIN]
    if not isinstance(cur.value, str) or cur.value.lower() not in kinds:
        cur.fail("expected true, false or what turned it face down (CR 708.2): "
                 + ", ".join(kinds) + f"; got {describe(cur.value)}")
    return FaceDown(cur.value.lower())


def _effect(cur: Cursor, ctx: Ctx, pids: tuple[str, ...]) -> ResolvedEffect:
    from pyengine.lang.effects import EFFECT_META, OPS

    cur.mapping(EFFECT_FIELDS | set(EFFECT_META) | set(OPS), "a resolved effect mapping")
    eid = cur.req("id").string("an effect id")
    body = {k: v for k, v in cur.value.items() if k in EFFECT_META or k in OPS}
    definition: EffectDef
    sub = Ctx(players=ctx.players, key_prefix=f"eff:{eid}")
    if cur.has("card"):
        if body:
            cur.get(next(iter(body))).fail("give either card: or an inline effect, not both")
        name = cur.get("card").string("a catalog card name")
        card = catalog.lookup(name)
        if card is None:
            cur.get("card").fail(f"unknown card {name!r}; `pyengine cards` lists the catalog")
        if card.resolves is None:
            cur.get("card").fail(f"{card.name} has no resolving continuous effect (card field 'resolves')")
        definition = card.resolves
    else:
        view = Cursor(_with_lines(body, cur.value), cur.path, cur.line, cur.file)
        definition = parse_effect(view, sub, allow_no_affects=True)
        ctx.object_refs += sub.object_refs
        ctx.player_refs += sub.player_refs
    controller = cur.req("controller").choice(pids, "a player id:")
    locked = None
    if cur.has("affected"):
        locked = tuple(cur.get("affected").strings("a list of object ids"))
        aff = cur.get("affected")
        for i, c in enumerate([aff] if isinstance(aff.value, str) else aff.seq()):
            ctx.object_refs.append((locked[i], c))
    changes_objects = any(op.layer is not None for op in definition.ops)
    if changes_objects and locked is None:
        cur.fail("missing required field 'affected': CR 611.2c fixes the objects a resolved "
                 "characteristic- or control-changing effect affects when it resolves")
    if locked is None and definition.affects is None and any(OPS[op.kind].needs_affects
                                                             for op in definition.ops):
        cur.fail("missing required field 'affected' (the objects it affects, fixed when it "
                 "resolved) or 'affects' (a selector): without either it affects nothing")
    if (locked is None and definition.affects is None and definition.ops
            and all(op.area in ("combat", "players") for op in definition.ops)):
        # a resolved rule of combat that affects no object ("no more than one creature can
        # attack you this turn", "each opponent attacks you with at least one creature if
        # able"), or a resolved effect on players ("you gain protection from everything"):
        # no object set to fix (CR 611.2c), so it applies as resolved. Without this the layer
        # engine never saw it exist and it was silently dropped.
        locked = ()
    if (locked is not None and definition.affects is not None and cur.has("card") is False
            and "affects" in body):
        cur.get("affects").fail("give 'affected' (the set fixed at resolution, CR 611.2c) "
                                "or 'affects', not both")
    source = cur.get("source").string("an object id") if cur.has("source") else None
    if source is not None:
        ctx.object_refs.append((source, cur.get("source")))
    duration = (Duration(cur.get("duration").choice(Duration.words(), "a duration:"))
                if cur.has("duration") else Duration.PERMANENT)
    if duration in _SOURCE_DURATIONS and source is None:
        cur.get("duration").fail(f"a {duration.value} effect lasts as long as its source: give "
                                 "'source' (CR 611.2b)")
    return ResolvedEffect(
        id=eid,
        definition=definition,
        timestamp=cur.req("timestamp").integer("a timestamp", 0),
        controller=controller,
        duration=duration,
        source=source,
        locked=locked,
        line=cur.line,
    )


# "for as long as" durations that end when the source leaves the battlefield (or, for
# while_controlled, when its controller stops controlling it)
_SOURCE_DURATIONS = (Duration.WHILE_SOURCE_ON_BATTLEFIELD, Duration.WHILE_CONTROLLED)


def _check_durations(cur: Cursor, state: GameState) -> None:
    """CR 611.2b: an effect lasting "for as long as" its source is on the battlefield (or
    controlled) has ended once the source is elsewhere, and an ended effect is not listed."""
    for i, eff in enumerate(state.effects):
        if eff.duration in _SOURCE_DURATIONS and eff.source is not None:
            zone = state.object(eff.source).zone
            if zone != Zone.BATTLEFIELD:
                cur.get("effects").seq()[i].get("duration").fail(
                    f"its source {eff.source!r} is in the {zone.value}, so this {eff.duration.value} "
                    "effect has ended (CR 611.2b): leave it out")


def _a(word: str) -> str:
    """``word`` with its indefinite article."""
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


def _with_lines(body: dict, original: object) -> dict:
    from pyengine.lang.yamlread import LDict

    out = LDict(body)
    out.line = getattr(original, "line", None)
    out.key_lines = {k: v for k, v in getattr(original, "key_lines", {}).items() if k in body}
    return out


def _check_ids(cur: Cursor, objects: tuple[GameObject, ...], effects: tuple[ResolvedEffect, ...],
               ctx: Ctx) -> None:
    seen: dict[str, str] = {}
    for i, obj in enumerate(objects):
        if obj.id in seen:
            cur.get("objects").seq()[i].get("id").fail(f"duplicate object id {obj.id!r}")
        seen[obj.id] = "object"
    tops: dict[str, str] = {}
    for i, obj in enumerate(objects):
        if obj.top_of_library:
            if obj.owner in tops:
                cur.get("objects").seq()[i].get("top_of_library").fail(
                    f"{tops[obj.owner]!r} is already the top card of {obj.owner}'s library (CR 401.2)")
            tops[obj.owner] = obj.id
            first = next(o.id for o in objects if o.zone == Zone.LIBRARY and o.owner == obj.owner)
            if first != obj.id:  # the named library cards are the top cards, in order
                cur.get("objects").seq()[i].get("top_of_library").fail(
                    f"{first!r} is listed before it in {obj.owner}'s library, so it is not the top "
                    "card (the named cards of a library are its top cards in the order listed, CR 401.2)")
    for i, eff in enumerate(effects):
        if eff.id in seen:
            cur.get("effects").seq()[i].get("id").fail(f"id {eff.id!r} is already used by an {seen[eff.id]}")
        seen[eff.id] = "effect"
    stamps: dict[int, str] = {}
    for i, obj in enumerate(objects):
        if obj.zone != Zone.BATTLEFIELD:
            continue
        if obj.timestamp in stamps:
            cur.get("objects").seq()[i].get("timestamp").fail(
                f"timestamp {obj.timestamp} clashes with {stamps[obj.timestamp]} (CR 613.7m orders "
                "simultaneous timestamps; give each a distinct one)")
        stamps[obj.timestamp] = f"object {obj.id!r}"
    for i, eff in enumerate(effects):
        if eff.timestamp in stamps:
            cur.get("effects").seq()[i].get("timestamp").fail(
                f"timestamp {eff.timestamp} clashes with {stamps[eff.timestamp]} (CR 613.7b)")
        stamps[eff.timestamp] = f"effect {eff.id!r}"
    for i, obj in enumerate(objects):
        for kind, t in obj.counter_timestamps:
            if t in stamps:
                cur.get("objects").seq()[i].get("counters").get(kind).get("timestamp").fail(
                    f"timestamp {t} clashes with {stamps[t]} (CR 613.7c)")
            stamps[t] = f"the {kind} counters on {obj.id!r}"
    zones = {o.id: o.zone for o in objects}
    for i, obj in enumerate(objects):
        if obj.attached_to == obj.id:
            cur.get("objects").seq()[i].get("attached_to").fail(
                "an object can't be attached to itself (CR 301.5c, 303.4d)")
        gear = next((t for t in ("Equipment", "Fortification") if t in obj.printed.subtypes), None)
        zone = zones.get(obj.attached_to or "")
        if gear and zone not in (None, Zone.BATTLEFIELD):
            # what it was attached to became a new object as it left the battlefield (400.7)
            cur.get("objects").seq()[i].get("attached_to").fail(
                f"{_a(gear)} is attached only to a permanent (CR 301.5, 301.6, 400.7); "
                f"{obj.attached_to!r} is in the {zone.value}")


def _check_refs(ctx: Ctx, state: GameState) -> None:
    ids = {o.id for o in state.objects}
    for ref, at in ctx.object_refs:
        if ref not in ids:
            at.fail(f"dangling object id {ref!r}: no object has this id")
    pids = set(state.player_ids)
    for ref, at in ctx.player_refs:
        if ref not in pids:
            at.fail(f"unknown player {ref!r}; expected you, opponent, owner, active, defending "
                    f"or one of: {', '.join(sorted(pids))}")
