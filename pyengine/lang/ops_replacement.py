"""Replacement, prevention and "can't" operations of the effect language (CR 614-616),
registered in :data:`pyengine.lang.effects.OPS` with area ``replacement``.

Each operation reads into a :mod:`pyengine.replacement.spec` object (argument ``spec``) and
lists the selectors inside it (argument ``selectors``) so that the layer engine evaluates
them after all layers. See scenarios/replacement/README.md for the language with examples.

=========================  ==================================================================
operation                  meaning
=========================  ==================================================================
``replace``                ``{event: PATTERN, MODIFICATION...}``: "if EVENT would happen,
                           MODIFIED EVENT happens instead" (614.1a; ``amount: {set: N}``:
                           "N instead", distinct from ``times``/``plus``/``half``);
                           ``choose: [MOD...]``, ``optional``, ``uses``, ``self_replacement``
                           (614.15), ``zones``
``prevent``                ``{event: PATTERN, amount: all|N|{all_but: N}, shield: N, uses: N,
                           each, also}`` (615): prevent all of it, N of each event (615.10),
                           all but N of it, or the next N damage (a shield, 615.7);
                           ``also``: events of an additional effect (615.5), whose amounts
                           may be ``prevented`` and players ``{controller_of: source}``
``regenerate``             ``{object: REF, each_time: bool}``: 614.8, 701.19
``skip``                   ``{event: PATTERN, uses: N}``: 614.10 (replaced by nothing)
``enters_tapped``          ``true`` (this permanent) or a PATTERN of entering objects (614.1d)
``enters_with_counters``   ``{counter: "+1/+1", amount: N}``: this permanent (614.1c); with
                           ``kicked: true`` only when the spell it was is kicked (702.33d);
                           ``bloodthirst: true`` only if an opponent was dealt damage this
                           turn (702.54a); ``optional: true``: its controller may decline
                           ("You may have this permanent enter with ...", unleash 702.98a)
``cant``                   PATTERN: such events can't happen (614.17)
``cant_be_regenerated``    REF or SELECTOR (701.19c)
``unpreventable``          PATTERN of damage that can't be prevented (615.12)
=========================  ==================================================================
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Callable

from pyengine.lang.counters import counter_kind
from pyengine.lang.effects import KEYWORDS, OPS, Ctx, OpSpec, parse_obj_ref, parse_player_ref, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Arg, PlayerRef, Selector
from pyengine.replacement import spec as S

AREA = "replacement"
Args = tuple[tuple[str, Arg], ...]
PLAYER_WORDS = ("you", "opponent", "owner", "active", "nonactive")
KEYWORDS.update({"infect", "wither"})  # CR 702.90, 702.80: damage results (120.3b, 120.3d)


# --- Patterns -------------------------------------------------------------------------------

_CHOICE_WORD = re.compile(r"[a-z][a-z0-9_]*")


def _words(cur: Cursor, options: tuple[str, ...], what: str) -> tuple[str, ...]:
    items = [cur] if not isinstance(cur.value, list) else cur.seq()
    out = []
    for c in items:
        w = c.string(what)
        if options and w not in options:
            c.fail(f"expected {what}: {', '.join(options)}; got {w!r}")
        out.append(w)
    return tuple(out)


def _player(cur: Cursor, ctx: Ctx) -> PlayerRef:
    return parse_player_ref(cur, ctx)


def _is_player_word(word: str, ctx: Ctx) -> bool:
    return word in PLAYER_WORDS or word in ctx.players or word == "any"


def parse_target(cur: Cursor, ctx: Ctx, objects_zone_any: bool = True) -> S.Target:
    """An object or player set: a word (``you``, ``opponent``, ``any`` player, ``self``,
    ``affected``: the objects a resolved effect's ``affected`` names, an id), a selector
    mapping, or ``{players: P|[P], objects: SELECTOR, top_of: P}``."""
    if isinstance(cur.value, str):
        word = cur.value
        if word == "any":
            return S.Target(any_player=True)
        if word == "affected":
            return S.Target(affected=True)
        if _is_player_word(word, ctx):
            return S.Target(players=(_player(cur, ctx),))
        return S.Target(ref=parse_obj_ref(cur, ctx))
    if isinstance(cur.value, dict) and set(cur.value) & {"players", "objects", "top_of"}:
        cur.mapping({"players", "objects", "top_of"}, "{players: P, objects: SELECTOR, top_of: P}")
        players: tuple[PlayerRef, ...] = ()
        any_player = False
        if cur.has("players"):
            sub = cur.get("players")
            if sub.value == "any":
                any_player = True
            else:
                items = [sub] if not isinstance(sub.value, list) else sub.seq()
                players = tuple(_player(c, ctx) for c in items)
        objects = _selector(cur.get("objects"), ctx, objects_zone_any) if cur.has("objects") else None
        top: tuple[PlayerRef, ...] = ()
        if cur.has("top_of"):
            sub = cur.get("top_of")
            top = tuple(_player(c, ctx) for c in ([sub] if not isinstance(sub.value, list) else sub.seq()))
        return S.Target(objects=objects, players=players, any_player=any_player, top_of=top)
    return S.Target(objects=_selector(cur, ctx, objects_zone_any))


def _selector(cur: Cursor, ctx: Ctx, zone_any: bool) -> Selector:
    sel = parse_selector(cur, ctx)
    if zone_any and isinstance(cur.value, dict) and "zone" not in cur.value:
        sel = Selector(sel.lits, sel.players, sel.objs, sel.ids, sel.compares, sel.any_of,
                       sel.none_of, None)
    return sel


PATTERN_KINDS = tuple(S.KIND_FIELDS) + tuple(S.SUGAR)


def parse_pattern(cur: Cursor, ctx: Ctx, kind: str | None = None) -> S.Pattern:
    """``{kind: K, FIELD: TEST...}``: the events an effect watches (CR 614.1, 615.1)."""
    cur.mapping(None, "an event pattern such as {kind: damage, target: you}")
    if kind is None:
        kind = cur.req("kind").choice(PATTERN_KINDS, "an event kind:")
    elif cur.has("kind"):
        got = cur.get("kind").choice(PATTERN_KINDS, "an event kind:")
        if S.base_kind(got) != S.base_kind(kind):
            cur.get("kind").fail(f"this operation watches {kind} events, not {got}")
        kind = got
    base = S.base_kind(kind)
    fields = set(S.KIND_FIELDS[base]) | set(S.EXTRA_FIELDS.get(base, ()))
    allowed = fields | {"kind", "library", "step"}
    cur.mapping(allowed, f"a {base} event pattern")
    targets: list[tuple[str, S.Target]] = []
    words: dict[str, tuple[str, ...]] = {}
    bools: list[tuple[str, bool]] = []
    ranges: list[tuple[str, str, int]] = []
    texts: list[tuple[str, tuple[str, ...]]] = []
    library: list[tuple[str, int | str]] = []
    for f, v in S.SUGAR.get(kind, (base, ()))[1]:
        words[f] = (str(v),)
    for key, sub in cur.items():
        if key == "kind":
            continue
        field = "which" if key == "step" else key
        if field in S.OBJECT_FIELDS or field in S.EITHER_FIELDS:
            targets.append((field, parse_target(sub, ctx)))
        elif field in S.PLAYER_FIELDS:
            targets.append((field, parse_target(sub, ctx)))
        elif field in S.WORD_FIELDS:
            words[field] = _words(sub, S.WORD_FIELDS[field], f"a {field}")
        elif field in S.BOOL_FIELDS:
            bools.append((field, sub.boolean()))
        elif field in S.INT_FIELDS:
            ranges += _range(sub, field)
        elif field in S.TEXT_FIELDS:
            given = _words(sub, (), f"a {field}")
            if field == "counter":
                items = sub.seq() if isinstance(sub.value, list) else [sub]
                given = tuple(counter_kind(w, c) for w, c in zip(given, items, strict=True))
            texts.append((field, given))
        elif field == "library":
            library += _library(sub)
    if base == "draw" and not any(f == "count" for f, _, _ in ranges):
        ranges.append(("count", "lte", 1))  # CR 121.2: "would draw a card" is one draw
    return S.Pattern(base, tuple(targets), tuple(sorted(words.items())), tuple(bools),
                     tuple(ranges), tuple(texts), tuple(library))


def _range(cur: Cursor, field: str) -> list[tuple[str, str, int]]:
    if isinstance(cur.value, int) and not isinstance(cur.value, bool):
        value = cur.integer()
        return [(field, "gte", value), (field, "lte", value)]
    cur.mapping({"gte", "lte"}, "an integer or {gte: N} / {lte: N}")
    return [(field, op, c.integer("an integer")) for op, c in cur.items()]


def _library(cur: Cursor) -> list[tuple[str, int | str]]:
    cur.mapping({"gte", "lte"}, "{gte: N}, {gte: amount} or {lte: N} (cards in the library)")
    out: list[tuple[str, int | str]] = []
    for op, c in cur.items():
        if op == "gte" and c.value in S.INT_FIELDS:
            out.append(("min", c.value))
        else:
            out.append(("min" if op == "gte" else "max", c.integer("a number of cards", 0)))
    return out


# --- Values, templates and modifications ------------------------------------------------------

def parse_value(cur: Cursor, field: str, ctx: Ctx) -> S.Value:
    """A field value: ``same`` / ``{same: F}``, or a value of the field's type."""
    if cur.value == "same":
        return S.Value("same", field=field)
    if isinstance(cur.value, dict) and "same" in cur.value:
        cur.mapping({"same"}, "{same: FIELD}")
        return S.Value("same", field=cur.get("same").string("a field name"))
    if field in S.INT_FIELDS:
        if cur.value == "prevented":  # a prevention's additional effect: the damage it prevented
            return S.Value("prevented")
        return S.Value("int", number=cur.integer(f"an integer {field} (or prevented)", 0))
    if field in S.BOOL_FIELDS:
        return S.Value("bool", flag=cur.boolean())
    if field in S.TEXT_FIELDS:
        text = cur.string(f"a {field}")
        return S.Value("text", word=counter_kind(text, cur) if field == "counter" else text)
    if field in S.WORD_FIELDS:
        return S.Value("word", word=_words(cur, S.WORD_FIELDS[field], f"a {field}")[0])
    if isinstance(cur.value, dict) and "controller_of" in cur.value and field in S.PLAYER_FIELDS:
        # the controller of the object in one of the replaced event's fields (the source's)
        cur.mapping({"controller_of"}, "{controller_of: FIELD}")
        of = cur.get("controller_of").choice(("object", "source"), "an object field:")
        return S.Value("controller_of", field=of)
    if isinstance(cur.value, dict):
        cur.mapping({"top_of", "card_in", "owner"}, "{top_of: PLAYER} or {card_in: ZONE, owner: PLAYER}")
        if cur.has("top_of"):
            return S.Value("top_of", player=_player(cur.get("top_of"), ctx))
        zone = _words(cur.req("card_in"), S.ZONES, "a zone")[0]
        owner = _player(cur.get("owner"), ctx) if cur.has("owner") else PlayerRef("you")
        return S.Value("card_in", word=zone, player=owner)
    word = cur.string(f"a {field}")
    if field in S.PLAYER_FIELDS or (field in S.EITHER_FIELDS and _is_player_word(word, ctx)):
        return S.Value("player", player=_player(cur, ctx))
    return S.Value("object", obj=parse_obj_ref(cur, ctx))


def parse_template(cur: Cursor, ctx: Ctx) -> S.Template:
    """A new event: ``{kind: K, FIELD: VALUE...}``; unspecified fields take their defaults,
    or the replaced event's value of the same field."""
    cur.mapping(None, "an event such as {kind: draw, player: you, count: 1}")
    word = cur.req("kind").choice(tuple(S.KIND_FIELDS) + tuple(S.SUGAR), "an event kind:")
    base = S.base_kind(word)
    fields = set(S.KIND_FIELDS[base]) | set(S.EXTRA_FIELDS.get(base, ())) | {"kind"}
    cur.mapping(fields | ({"token"} if base == "create_tokens" else set()), f"a {base} event")
    out = [(f, S.Value("word", word=str(v))) for f, v in S.SUGAR.get(word, (base, ()))[1]]
    given = [("as", parse_token(c, ctx)) if k in ("token", "as") and base == "create_tokens"
             else (k, parse_value(c, k, ctx)) for k, c in cur.items() if k != "kind"]
    names = {k for k, _ in given}
    return S.Template(base, tuple([x for x in out if x[0] not in names] + given),
                      where=(cur.file, cur.line, cur.path))


def parse_token(cur: Cursor, ctx: Ctx) -> S.Value:
    """A token to create: an object to copy (REF) or an inline definition (characteristics)."""
    if isinstance(cur.value, dict):
        from pyengine.lang.characteristics import parse_token_definition

        chars = parse_token_definition(cur, ctx)
        return S.Value("tokendef", word=chars.name, chars=chars)
    return S.Value("object", obj=parse_obj_ref(cur, ctx))


MOD_KEYS = ("amount", "count", "to", "position", "face", "cause", "tapped", "control", "choice",
            "as", "redirect", "instead", "also", "nothing", "counters", "choose_objects", "label")
# the largest factor of an amount (no card multiplies by more; with the limit on a scenario's
# integers it keeps the solver's 32-bit arithmetic in range for several such effects)
MAX_FACTOR = 10
AMOUNT_OPS = {"times": "times", "plus": "plus", "half": "half", "keep_life": "cap_life", "set": "set"}


def parse_alternative(cur: Cursor, ctx: Ctx, label: str = "main") -> S.Alternative:
    """One modification (the keys of MOD_KEYS that appear)."""
    changes: list[tuple[str, str, S.Value]] = []
    templates: list[S.Template] = []
    instead = False
    redirect = copy = choose = None
    choices: tuple[str, ...] = ()
    for key, sub in cur.items():
        if key in ("amount", "count"):
            sub.mapping(set(AMOUNT_OPS), "{times: K}, {plus: N}, {half: true}, {keep_life: N} or {set: N}")
            if sub.has("set") and len(sub.value) > 1:
                sub.fail("{set: N} (N instead, 614.1a) goes alone: set the amount or change it, not both")
            for op, c in sub.items():
                if op == "half":
                    if c.value is not True:
                        c.fail("expected true")
                    n = 0
                elif op == "times":  # twice, three times ...: a positive whole factor
                    n = c.integer("a factor", 1)
                    if n > MAX_FACTOR:
                        c.fail(f"expected a factor from 1 to {MAX_FACTOR}, got {n}")
                elif op == "set":  # "it deals 3 damage instead" (Divine Presence)
                    n = c.integer("an amount", 0)
                else:
                    n = c.integer("an integer")
                changes.append((key, AMOUNT_OPS[op], S.Value("int", number=n)))
        elif key in ("to", "position", "face", "cause", "tapped", "control"):
            changes.append((key, "set", parse_value(sub, key, ctx)))
        elif key == "choice":
            choices = _words(sub, (), "a word to choose (a color, a mode)")
            for c, w in zip([sub] if not isinstance(sub.value, list) else sub.seq(), choices, strict=True):
                if not _CHOICE_WORD.fullmatch(w):  # it becomes a clingo constant
                    c.fail(f"expected a word to choose in lower case letters, digits and _ "
                           f"(a color: white, blue, ...; a mode), got {w!r}")
        elif key == "as":
            copy = (parse_obj_ref(sub, ctx) if isinstance(sub.value, str)
                    else _selector(sub, ctx, zone_any=False))
        elif key == "redirect":
            redirect = parse_value(sub, "target", ctx)
        elif key in ("instead", "also", "nothing"):
            if key == "nothing":
                if sub.value is not True:
                    sub.fail("expected true")
            else:
                templates += [parse_template(c, ctx) for c in sub.seq("a list of events")]
            instead = instead or key != "also"
        elif key == "counters":
            for kind, c in sub.mapping(None, "{COUNTER: N}").items():
                kind = counter_kind(kind, c)
                templates.append(S.Template("counters", (
                    ("target", S.Value("same", field="object")), ("counter", S.Value("text", word=kind)),
                    ("amount", S.Value("int", number=c.integer("a number of counters", 1))),
                    ("by", S.Value("same", field="control")), ("cause", S.Value("word", word="enters")))))
        elif key == "choose_objects":
            choose = _choose_objects(sub, ctx)
        elif key == "label":
            label = sub.string("a label")
    return S.Alternative(label, tuple(changes), redirect, None, instead, tuple(templates), copy,
                         choices, choose)


def _choose_objects(cur: Cursor, ctx: Ctx) -> S.ChooseObjects:
    cur.mapping({"objects", "to", "cause", "counter", "per"},
                "{objects: SELECTOR, to: ZONE, cause: sacrifice, counter: '+1/+1', per: N}")
    counter = (counter_kind(cur.get("counter").string("a counter kind"), cur.get("counter"))
               if cur.has("counter") else None)
    return S.ChooseObjects(_selector(cur.req("objects"), ctx, zone_any=False),
                           _words(cur.req("to"), S.ZONES, "a zone")[0],
                           _words(cur.get("cause"), S.WORD_FIELDS["cause"], "a cause")[0]
                           if cur.has("cause") else "effect",
                           counter, cur.get("per").integer("a number", 0) if cur.has("per") else 0)


COMMON = ("event", "optional", "uses", "self_replacement", "zones", "text")


def _common(cur: Cursor) -> dict[str, Any]:
    zones: tuple[str, ...] = ("battlefield",)
    if cur.has("zones"):
        z = cur.get("zones")
        zones = tuple(S.ZONES[:-1]) if z.value == "any" else _words(z, S.ZONES[:-1], "a zone")
    return {
        "optional": cur.get("optional").boolean() if cur.has("optional") else False,
        "uses": cur.get("uses").integer("a number of events", 1) if cur.has("uses") else None,
        "self_replacement": cur.get("self_replacement").boolean() if cur.has("self_replacement") else False,
        "zones": zones,
    }


def _with_decline(alts: list[S.Alternative], optional: bool) -> tuple[S.Alternative, ...]:
    return tuple(alts + ([S.Alternative("decline")] if optional else []))


def _result(spec: S.Spec) -> Args:
    # The specification is a frozen dataclass (hashable, like every Arg); its selectors are
    # also given as a tuple, which the layer engine walks and evaluates.
    return (("spec", spec), ("selectors", S.selectors_of(spec)))  # type: ignore[return-value]


def _p_replace(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping(set(COMMON) | set(MOD_KEYS) | {"choose"}, "a replacement: {event: ..., MODIFICATION}")
    common = _common(cur)
    pattern = parse_pattern(cur.req("event"), ctx)
    mods = {k: v for k, v in cur.value.items() if k in MOD_KEYS}
    if cur.has("choose"):
        if mods:
            cur.get(next(iter(mods))).fail("give the modification inside each `choose` alternative")
        alts = [parse_alternative(c.mapping(set(MOD_KEYS), "an alternative"), ctx, f"alt{i + 1}")
                for i, c in enumerate(cur.get("choose").seq("a list of alternatives"))]
    else:
        if not mods:
            cur.fail("a replacement needs a modification: " + ", ".join(MOD_KEYS[:-1]) + " or choose")
        alts = [parse_alternative(_sub(cur, mods), ctx)]
    return _result(S.ReplacementSpec(pattern, _with_decline(alts, common["optional"]),
                                     optional=common["optional"], uses=common["uses"],
                                     self_replacement=common["self_replacement"], zones=common["zones"]))


def _sub(cur: Cursor, keys: dict[str, Any]) -> Cursor:
    from pyengine.lang.yamlread import LDict

    d = LDict(keys)
    d.line = cur.line
    d.key_lines = {k: v for k, v in getattr(cur.value, "key_lines", {}).items() if k in keys}
    return Cursor(d, cur.path, cur.line, cur.file)


def _p_prevent(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"event", "amount", "shield", "uses", "each", "self_replacement", "zones", "text", "also"},
                "{event: PATTERN, amount: all|N, also: [EVENT...]} or {event: PATTERN, shield: N}")
    common = _common(cur)
    event = cur.get("event") if cur.has("event") else Cursor({}, cur.path, cur.line, cur.file)
    pattern = parse_pattern(event, ctx, kind="damage")
    shield = cur.get("shield").integer("a number of damage", 1) if cur.has("shield") else None
    amount: str | int | tuple[str, int] | None = None
    if cur.has("amount"):
        a = cur.get("amount")
        if isinstance(a.value, dict):  # "prevent all but N of that damage" (Temple Altisaur)
            a.mapping({"all_but"}, "all, a number of damage, or {all_but: N}")
            amount = ("all_but", a.req("all_but").integer("a number of damage left", 0))
        else:
            amount = "all" if a.value == "all" else a.integer("all or a number of damage", 1)
    if (shield is None) == (amount is None):
        cur.fail("give exactly one of amount (all or N, CR 615.10) and shield (the next N, CR 615.7)")
    # CR 615.5: a prevention effect with an additional effect ("prevent that damage. Its
    # source's controller draws cards equal to the damage prevented this way")
    also: tuple[S.Template, ...] = ()
    if cur.has("also"):
        if shield is not None:
            cur.get("also").fail("an additional effect (also) is supported with amount, not with a shield")
        also = tuple(parse_template(c, ctx) for c in cur.get("also").seq("a list of events"))
    alt = S.Alternative("shield" if shield else "main", prevent="shield" if shield else amount,
                        templates=also)
    each = cur.get("each").boolean() if cur.has("each") else False
    return _result(S.ReplacementSpec(pattern, (alt,), prevention=True, uses=common["uses"],
                                     shield=shield, self_replacement=common["self_replacement"],
                                     each=each, zones=common["zones"]))


def _p_regenerate(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"object", "each_time", "text"}, "{object: REF, each_time: false}")
    target = parse_target(cur.req("object"), ctx)
    each_time = cur.get("each_time").boolean() if cur.has("each_time") else False
    pattern = S.Pattern("move", (("object", target),), (("cause", ("destroy",)), ("from", ("battlefield",))))
    tmpl = S.Template("regenerate", (("object", S.Value("same", field="object")),))
    alt = S.Alternative(instead=True, templates=(tmpl,))
    return _result(S.ReplacementSpec(pattern, (alt,), regeneration=True,
                                     uses=None if each_time else 1))


def _p_skip(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"event", "uses", "text"}, "{event: {kind: step, which: draw, player: you}, uses: 1}")
    pattern = parse_pattern(cur.req("event"), ctx, kind="begin")
    uses = cur.get("uses").integer("a number of occurrences", 1) if cur.has("uses") else None
    return _result(S.ReplacementSpec(pattern, (S.Alternative(instead=True),), uses=uses))


def _p_enters_tapped(cur: Cursor, ctx: Ctx) -> Args:
    if cur.value is True:
        pattern = S.enters_self()
    else:
        pattern = parse_pattern(cur, ctx, kind="enter")
    alt = S.Alternative(changes=(("tapped", "set", S.Value("bool", flag=True)),))
    return _result(S.ReplacementSpec(pattern, (alt,)))


def _p_enters_with_counters(cur: Cursor, ctx: Ctx) -> Args:
    cur.mapping({"counter", "amount", "kicked", "bloodthirst", "optional"},
                "{counter: '+1/+1', amount: N, kicked: true, bloodthirst: true, optional: true}")
    kind = counter_kind(cur.req("counter").string("a counter kind"), cur.get("counter"))
    spec = S.enters_with_counters(kind, cur.req("amount").integer("a number of counters", 1))
    if cur.has("kicked") and cur.get("kicked").boolean():  # 702.33d: only if it was kicked
        spec = dataclasses.replace(spec, kicked=True)
    if cur.has("bloodthirst") and cur.get("bloodthirst").boolean():  # 702.54a
        spec = dataclasses.replace(spec, bloodthirst=True)
    if cur.has("optional") and cur.get("optional").boolean():  # "you may have it enter with" (702.98a)
        spec = dataclasses.replace(spec, optional=True, alternatives=_with_decline(list(spec.alternatives), True))
    return _result(spec)


def _p_cant(cur: Cursor, ctx: Ctx) -> Args:
    if isinstance(cur.value, dict) and "library" in cur.value:
        cur.get("library").fail("a \"can't\" effect can't test the library (only replacement effects can)")
    return _result(S.CantSpec(parse_pattern(cur, ctx)))


def _p_cant_be_regenerated(cur: Cursor, ctx: Ctx) -> Args:
    pattern = S.Pattern("move", (("object", parse_target(cur, ctx)),), (("cause", ("destroy",)),))
    return _result(S.CantSpec(pattern, what="regenerate"))


def _p_unpreventable(cur: Cursor, ctx: Ctx) -> Args:
    if cur.value is True:
        return _result(S.CantSpec(S.Pattern("damage"), what="prevent"))
    return _result(S.CantSpec(parse_pattern(cur, ctx, kind="damage"), what="prevent"))


_PARSERS: dict[str, Callable[[Cursor, Ctx], Args]] = {
    "replace": _p_replace, "prevent": _p_prevent, "regenerate": _p_regenerate, "skip": _p_skip,
    "enters_tapped": _p_enters_tapped, "enters_with_counters": _p_enters_with_counters,
    "cant": _p_cant, "cant_be_regenerated": _p_cant_be_regenerated,
    "unpreventable": _p_unpreventable,
}


def register() -> None:
    """Add the replacement operations to the effect language."""
    from pyengine.replacement.opschema import DOCS, schemas

    found = schemas(PATTERN_KINDS)
    for name, parse in _PARSERS.items():
        OPS[name] = OpSpec(None, AREA, parse, needs_affects=False, schema=found[name], doc=DOCS[name])


register()
