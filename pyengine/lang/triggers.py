"""Parser of triggered abilities (CR 603) in an object's ``abilities:`` list, into
:class:`pyengine.model.triggers.TriggerDef` (syntax: docs/effect-language.md, "Triggered
abilities")::

    - trigger: {when: {kind: dies, obj: self}, if: CONDITION}
      targets: [{player: any}]
      do: [{kind: lose_life, player: target, amount: 1}]
      text: "When this creature dies, target player loses 1 life."

Only the shape is checked here (and that every selector and condition is one the trigger
engine reads); whether an ability triggers is decided by asp/triggers/.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyengine.lang.effects import Ctx, parse_condition, parse_expr, parse_selector
from pyengine.lang.yamlread import Cursor
from pyengine.model.effects import Ability, Condition, Expr, Selector
from pyengine.model.enums import Duration, Step, Zone
from pyengine.model.triggers import Instruction, Pattern, TargetSpec, TriggerDef, TriggerMode
from pyengine.replacement import spec as S

ABILITY_FIELDS = {"trigger", "do", "targets", "text", "id", "modes"}
# "when" kinds -> (stored kind, implied zones, the fields the kind takes)
_OBJ = ("obj", "one_or_more")
WHEN_KINDS: dict[str, tuple[str, tuple[str | None, str | None], tuple[str, ...]]] = {
    "zone_change": ("zone_change", (None, None), ("obj", "from", "to", "one_or_more", "cause")),
    "dies": ("zone_change", ("battlefield", "graveyard"), _OBJ),  # CR 700.4
    "enters": ("zone_change", (None, "battlefield"), _OBJ),  # 603.6a
    "leaves": ("zone_change", ("battlefield", None), ("obj", "to", "one_or_more")),  # 603.6c
    "attacks": ("attacks", (None, None), (*_OBJ, "alone", "at_least", "with_others")),  # 508.1m; 506.5
    "blocks": ("blocks", (None, None), (*_OBJ, "attacker")),  # 509.1i; attacker: the one it blocks
    "becomes_blocked": ("becomes_blocked", (None, None), _OBJ),  # 509.1i, 603.2e
    "unblocked": ("unblocked", (None, None), _OBJ),  # 509.1h, 509.3g: "attacks and isn't blocked"
    "damage": ("damage", (None, None), ("source", "to", "combat", "one_or_more")),  # 120.3
    "cast": ("cast", (None, None), ("obj", "player", "nth", "turn")),  # 601.2i; nth: the Nth this turn
    "draw": ("draw", (None, None), ("player", "nth")),  # 121.2
    "life_gain": ("life_gain", (None, None), ("player", "nth")),  # 119.3
    "life_loss": ("life_loss", (None, None), ("player", "nth")),  # 119.3
    "tap": ("tap", (None, None), _OBJ),  # 603.2e "becomes tapped"
    "untap": ("untap", (None, None), _OBJ),
    # 106.12, 605.1b: a mana ability with {T} in its cost activated (pyengine.game.mana_triggers)
    "tapped_for_mana": ("tapped_for_mana", (None, None), ("obj", "player")),
    "becomes_monstrous": ("becomes_monstrous", (None, None), _OBJ),  # 701.37a
    "transforms": ("transform", (None, None), _OBJ),  # 701.27a
    "turned_face_up": ("turned_face_up", (None, None), _OBJ),  # 701.40b, 708.8
    "becomes_target": ("becomes_target", (None, None), ("obj", "player", "by", "nth", "one_or_more")),
    # 702.21a (pyengine.game.ward); by: spell or ability
    "discard": ("zone_change", ("hand", None), ("obj", "player")),  # 701.9a: from its owner's hand
    "cycle": ("cycle", (None, None), ("obj", "player")),  # 702.29c: discarded for a cycling cost
    "sacrifice": ("zone_change", ("battlefield", None), ("obj", "player")),  # 701.21a; looks back, 603.10a
}
PATTERN_PLAYERS = ("you", "opponent", "any", "active", "nonactive")
# references an instruction may use for an object / a player
# targeting: the spell or ability that targeted it; exiled: the cards exiled with the source (607.2a)
OBJECT_WORDS = ("self", "it", "target", "targeting", "exiled")
PLAYER_WORDS = ("you", "opponent", "target", "that_player", "defending_player", "its_controller",
                "its_owner")
# the effect's instructions: the replacement engine's kinds (sugar included) and defaults
_DEFAULTS: dict[str, dict[str, Any]] = {
    "damage": {"source": ("ref", "self"), "combat": False},
    "draw": {"player": ("ref", "you"), "count": 1},
    "gain_life": {"player": ("ref", "you"), "cause": "effect"},
    "lose_life": {"damage": False},
    "counters": {"amount": 1, "by": ("ref", "you"), "cause": "effect"},
    "remove_counters": {"amount": 1},
    "create_tokens": {"control": ("ref", "you"), "count": 1, "tapped": False},
    "move": {"count": 1, "cause": "effect", "position": None, "tapped": False, "face": "front",
             "choice": None},
}
_REQUIRED: dict[str, tuple[str, ...]] = {
    "damage": ("target", "amount"), "lose_life": ("player", "amount"), "gain_life": ("amount",),
    "pay_life": ("player", "amount"), "set_life": ("player", "amount"),
    "counters": ("target", "counter"), "remove_counters": ("target", "counter"),
    "create_tokens": ("as",), "move": ("object", "to"), "regenerate": ("object",),
    "lose_game": ("player",), "win_game": ("player",), "other": ("player", "text"),
    "begin": ("player", "which"),
}


def parse_triggered(cur: Cursor, ctx: Ctx) -> Ability:
    """A triggered ability mapping (``trigger``, ``do``, optional ``targets``, ``text``)."""
    cur.mapping(ABILITY_FIELDS, "a triggered ability {trigger: ..., do: [...], text: ...}")
    text = cur.req("text").string("the ability's text (its Oracle wording)").strip()
    trig = cur.req("trigger")
    trig.mapping({"when", "at", "if", "state"},
                 "a trigger {when: EVENT}, {at: {step: STEP, player: P}} or {state: CONDITION}")
    if sum(trig.has(k) for k in ("when", "at", "state")) != 1:
        trig.fail("give exactly one of 'when' (an event, CR 603.2), 'at' (the beginning of a "
                  "step, CR 603.2b) and 'state' (a state trigger, CR 603.8)")
    state = None
    also: tuple[Pattern, ...] = ()
    if trig.has("state"):  # CR 603.8: triggers when the game state matches the condition
        if trig.has("if"):
            trig.get("if").fail("a state trigger has no intervening if clause: its condition is "
                                "'state' (CR 603.8)")
        state = parse_condition(trig.get("state"), ctx)
        _check_condition(state, trig.get("state"))
        pattern = Pattern("state")
    else:
        pattern, also = _when_any(trig.get("when"), ctx) if trig.has("when") else (_at(trig.get("at")), ())
    condition = None
    if trig.has("if"):  # CR 603.4: the intervening "if" clause
        from pyengine.lang.lookback import parse_if  # "if it had no +1/+1 counters on it" (603.10a)

        condition = parse_if(trig.get("if"), pattern, also) or parse_condition(trig.get("if"), ctx)
        _check_condition(condition, trig.get("if"))
    targets = tuple(_target(c, ctx) for c in cur.get("targets").seq("a list of targets"))
    if cur.has("modes"):  # CR 700.2, 603.3c: chosen as it is put on the stack
        return _modal(cur, ctx, text, TriggerDef(pattern, condition, (), targets, state, also=also))
    items = cur.req("do").seq("a list of events (the effect on resolution)")
    if not items:
        cur.get("do").fail("expected at least one event (what the ability does on resolution)")
    effects = tuple(_instruction(c, ctx, len(targets)) for c in items)
    trigger = TriggerDef(pattern, condition, effects, targets, state, also=also)
    return Ability("text", key=ctx.next_key("trigger"), name=text, text=text, trigger=trigger)


def _modal(cur: Cursor, ctx: Ctx, text: str, base: TriggerDef) -> Ability:
    """``modes: {choose: N or {min, max}, list: [{targets, do}...]}`` (CR 700.2): the modes
    chosen as the ability is put on the stack (603.3c); a mode's targets are chosen only with
    it (700.2c); ``target``, ``target2`` ... number the ability's targets, then each mode's."""
    from pyengine.cast.spec import _count

    if cur.has("do"):
        cur.get("do").fail("a modal ability says what each mode does under modes: (CR 700.2)")
    m = cur.get("modes").mapping({"choose", "list"}, "{choose: N or {min, max}, list: [{targets, do}...]}")
    listed = m.req("list").seq("a list of modes {targets, do}")
    if len(listed) < 2:
        m.get("list").fail("a modal ability has at least two modes (CR 700.2)")
    choose = _count(m.req("choose"))
    if choose[1] > len(listed) or choose[0] < 1:
        m.get("choose").fail(f"expected 1 to {len(listed)} modes to choose (CR 700.2)")
    per = [tuple(_target(t, ctx) for t in c.get("targets").seq("a list of targets")) for c in listed]
    n = len(base.targets) + sum(len(t) for t in per)
    modes = []
    for c, targets in zip(listed, per, strict=True):
        c.mapping({"targets", "do"}, "a mode {targets, do}")
        items = c.req("do").seq("a list of events (what the mode does)")
        if not items:
            c.get("do").fail("expected at least one event (what the mode does)")
        modes.append(TriggerMode(targets, tuple(_instruction(e, ctx, n) for e in items)))
    trigger = replace(base, modes=tuple(modes), choose=choose)
    return Ability("text", key=ctx.next_key("trigger"), name=text, text=text, trigger=trigger)


def _when_any(cur: Cursor, ctx: Ctx) -> tuple[Pattern, tuple[Pattern, ...]]:
    """``{any_of: [EVENT, EVENT...]}``: "When this creature enters or attacks" -- one ability
    that triggers on each event matching any of them (CR 603.2); else one event."""
    if not (isinstance(cur.value, dict) and "any_of" in cur.value):
        return _when(cur, ctx), ()
    cur.mapping({"any_of"}, "{any_of: [EVENT, EVENT...]}")
    alts = [_when(c, ctx) for c in cur.get("any_of").seq("a list of trigger events")]
    if len(alts) < 2:
        cur.get("any_of").fail("expected at least two trigger events (one is given as when: EVENT)")
    return alts[0], tuple(alts[1:])


def _when(cur: Cursor, ctx: Ctx) -> Pattern:
    cur.mapping(None, "a trigger event such as {kind: dies, obj: self}")
    word = cur.req("kind").choice(tuple(WHEN_KINDS), "a trigger event kind:")
    kind, (from_zone, to_zone), fields = WHEN_KINDS[word]
    cur.mapping(set(fields) | {"kind", "once_each_turn"}, f"a {word} trigger")
    out = Pattern(kind, from_zone=from_zone, to_zone=to_zone)
    zones = tuple(z.value for z in Zone)
    for key, sub in cur.items():
        if key == "obj":
            out = replace(out, obj=_pattern_selector(sub, ctx))
        elif key == "from":
            out = replace(out, from_zone=sub.choice(zones, "a zone:"))
        elif key == "to" and kind == "zone_change":
            out = replace(out, to_zone=sub.choice(zones, "a zone:"))
        elif key == "to":  # damage dealt to a player or to a permanent
            if sub.value == "player":
                out = replace(out, to_player="any")
            elif isinstance(sub.value, dict) and set(sub.value) == {"player"}:
                out = replace(out, to_player=sub.get("player").choice(PATTERN_PLAYERS, "a player:"))
            elif isinstance(sub.value, (dict, str)):
                out = replace(out, to_obj=_pattern_selector(sub, ctx))
            else:
                sub.fail("expected `player`, {player: you|opponent|any} or a selector of a permanent")
        elif key == "source":
            out = replace(out, source=_pattern_selector(sub, ctx))
        elif key == "attacker":  # "becomes blocked by a creature": the attacker blocked (509.3d)
            out = replace(out, target=_pattern_selector(sub, ctx))
        elif key == "player":
            out = replace(out, player=sub.choice(PATTERN_PLAYERS, "a player:"))
        elif key == "by":  # "becomes the target of a spell" (702.21a: or an ability)
            out = replace(out, by=sub.choice(["spell", "ability"], "what targets it:"))
        elif key == "combat":
            out = replace(out, combat=sub.boolean())
        elif key == "one_or_more":
            out = replace(out, one_or_more=sub.boolean())
        elif key == "alone":
            out = replace(out, alone=sub.boolean())
        elif key == "nth":  # "your second spell each turn": counted in the turn's history
            n = sub.integer("a count: 1 for the first, 2 for the second ...")
            if n < 1:
                sub.fail("expected 1 or more (the first, the second ... of the turn)")
            out = replace(out, nth=n)
        elif key == "cause":  # 702.35a: "when this card is exiled this way" (a madness discard)
            out = replace(out, cause=sub.choice(["madness"], "a zone change's cause:"))
        elif key == "once_each_turn":  # "This ability triggers only once each turn."
            out = replace(out, once_each_turn=sub.boolean())
        elif key == "turn":  # "during an opponent's turn" (102.1)
            out = replace(out, turn=sub.choice(["you", "opponent"], "whose turn:"))
        elif key == "at_least":  # "you attack with N or more creatures": N of the batch (603.2c)
            out = replace(out, at_least=sub.integer("a number of attackers", 1), one_or_more=True)
        elif key == "with_others":  # "SELF and at least N other creatures attack" (battalion)
            out = replace(out, with_others=sub.integer("a number of other attackers", 1))
    if out.from_zone is not None and out.from_zone == out.to_zone:
        cur.fail(f"a zone change goes from one zone to another; from and to are both {out.from_zone}")
    if word in ("discard", "sacrifice"):  # 701.9a, 701.21a: the zone change's cause
        out = replace(out, by=word)
    if out.nth is not None and kind == "becomes_target" and out.player not in ("you", "opponent"):
        cur.fail("a becomes_target event's nth counts the object's targetings by one player's spells "
                 "and abilities: give player you or opponent")
    return out


def _at(cur: Cursor) -> Pattern:
    """``{step: STEP, player: you|opponent|any}``: "at the beginning of [your] STEP" (603.2b);
    the player is the active player of the turn the step is in (``any``: each turn's)."""
    cur.mapping({"step", "player"}, "{step: STEP, player: you|opponent|any}")
    step = cur.req("step").choice(Step.words(), "a step:")
    player = cur.get("player").choice(PATTERN_PLAYERS, "a player:") if cur.has("player") else "any"
    return Pattern("step_begins", step=step, player=player)


def _pattern_selector(cur: Cursor, ctx: Ctx) -> Selector:
    """A selector of the object an event is about. The event says where the object is
    (a dying creature is read as it was on the battlefield, 603.10a), so a selector here
    names no zone."""
    if isinstance(cur.value, dict) and "zone" in cur.value:
        cur.get("zone").fail("a trigger event's object is read where the event puts it or, looking "
                             "back in time, where it was (CR 603.6, 603.10); give its zones with "
                             "from/to, not zone")
    sel = parse_selector(cur, ctx)
    check_selector(sel, cur)
    return replace(sel, zone=None)


def check_selector(sel: Selector, cur: Cursor) -> None:
    """Refuse what the trigger engine's selectors don't read: a relation to an object other
    than the ability's source, a comparison with a non-constant, a player word that names
    no player here."""
    for rel, ref in sel.objs:  # enchanted / equipped: the object the source is attached to
        if rel not in ("is", "is_not", "attached_by") or ref.kind != "self":
            cur.fail("a trigger's selector relates an object only to its source (self, other, "
                     "enchanted); attached_to is not read here yet")
    for c in sel.compares:  # or with the source's own value ("less than this creature's power")
        own = c.rhs.op == "attr" and c.rhs.ref is not None and c.rhs.ref.kind == "self"
        if c.rhs.op != "const" and not own:
            cur.fail(f"a trigger's selector compares {c.attr} with an integer or the source's "
                     "power_of / toughness_of / mana_value_of only")
    for _pos, _rel, pref in sel.players:
        if pref.kind in ("owner", "defending"):
            cur.fail(f"'{pref.kind}' names no player in a trigger's selector; expected you, "
                     "opponent, active, nonactive or a player id")
    for group in sel.any_of:
        for s in group:
            check_selector(s, cur)
    for s in sel.none_of:
        check_selector(s, cur)


def _check_condition(c: Condition, cur: Cursor) -> None:
    for e in (c.lhs, c.rhs):
        if e is not None:
            _check_expr(e, cur)
    for sub in c.args:
        _check_condition(sub, cur)
    if c.player is not None and c.player.kind in ("owner", "defending"):
        cur.fail("expected whose turn: you, opponent, active, nonactive or a player id")


def _check_expr(e: Expr, cur: Cursor) -> None:
    if e.selector is not None:
        check_selector(e.selector, cur)
    if e.ref is not None and e.ref.kind not in ("self", "it"):
        cur.fail("an intervening if clause reads the power, toughness or mana value of self or it")
    for a in e.args:
        _check_expr(a, cur)


def _target(cur: Cursor, ctx: Ctx) -> TargetSpec:
    """``{obj: SELECTOR}`` (target permanent), ``{player: any|opponent|you}`` (target player),
    both (a permanent or a player: "target player or planeswalker" is ``{player: any, obj:
    {types: [Planeswalker]}}``, 115.1) or ``{any: true}`` (any target: a creature, player,
    planeswalker or battle, 115.4)."""
    cur.mapping({"obj", "player", "any", "optional", "group", "one_graveyard"},
                "a target {obj: SELECTOR}, {player: any|opponent|you}, both, or {any: true}, "
                "optionally with optional: true and group: ID (\"up to N target\", 601.2c, 115.3)")
    extra: dict[str, Any] = {}
    if cur.has("optional"):
        extra["optional"] = cur.get("optional").boolean()
    if cur.has("group"):
        extra["group"] = cur.get("group").string("a group id (entries that are one word \"target\")")
    if cur.has("one_graveyard"):
        extra["one_graveyard"] = cur.get("one_graveyard").boolean()
    spec = _target_kind(cur, ctx)
    return replace(spec, **extra) if extra else spec


def _target_kind(cur: Cursor, ctx: Ctx) -> TargetSpec:
    keys = set(cur.value) - {"optional", "group", "one_graveyard"}
    if keys == {"obj", "player"}:
        sel = parse_selector(cur.get("obj"), ctx)
        check_selector(sel, cur.get("obj"))
        return TargetSpec("object_or_player", selector=sel,
                          player=cur.get("player").choice(("any", "opponent", "you"), "a player:"))
    if len(keys) != 1:
        cur.fail("a target is exactly one of obj, player, any (or obj and player)")
    if cur.has("obj"):
        sel = parse_selector(cur.get("obj"), ctx)
        check_selector(sel, cur.get("obj"))
        return TargetSpec("object", selector=sel)
    if cur.has("player"):
        return TargetSpec("player", player=cur.get("player").choice(("any", "opponent", "you"), "a player:"))
    if not cur.get("any").boolean():
        cur.get("any").fail("expected true (any target)")
    return TargetSpec("any")


def _instruction(cur: Cursor, ctx: Ctx, n_targets: int, delayed: bool = False,
                 also: tuple[str, ...] = ()) -> Instruction:
    """One event of the effect, with references in place of ids; or ``{kind: delayed, ...}``,
    a delayed triggered ability the effect creates (CR 603.7). ``delayed``: inside one (it
    may name ``created``, the tokens the effect that created it created)."""
    cur.mapping(None, "an event such as {kind: draw, player: you}")
    if cur.has("kind") and cur.get("kind").value == "delayed" and not delayed:
        return _delayed(cur, ctx, n_targets)
    if cur.has("until") and not delayed and not also:  # 610.3: exiled until SELF leaves the battlefield
        from pyengine.lang.linked import parse_until

        return parse_until(cur, lambda c: _instruction(c, ctx, n_targets, delayed, also))
    if cur.has("kind") and cur.get("kind").value == "continuous" and not delayed:
        return _continuous(cur, ctx, n_targets)
    if cur.has("kind") and cur.get("kind").value == "may" and not delayed:
        return _may(cur, ctx, n_targets)
    if cur.has("kind") and cur.get("kind").value == "discard" and not cur.has("object") and not delayed:
        return _discard_cards(cur, ctx, n_targets)
    if cur.has("kind") and cur.get("kind").value == "sacrifice" and not cur.has("object") and not delayed:
        from pyengine.lang.sacrifice import parse_sacrifice  # 701.21a: chosen as it resolves

        return parse_sacrifice(cur, ctx, lambda c: _ref(c, PLAYER_WORDS, n_targets, "a player"), check_selector)
    if cur.has("kind") and cur.get("kind").value == "untap" and cur.has("what") and not delayed:
        from pyengine.lang.untap_chosen import parse_untap  # 701.26b: chosen as it resolves

        return parse_untap(cur, ctx, lambda c: _ref(c, PLAYER_WORDS, n_targets, "a player"), check_selector)
    if cur.has("kind") and cur.get("kind").value == "madness_cast" and not delayed and not also:
        cur.mapping({"kind", "object"}, "{kind: madness_cast, object: self} (CR 702.35a)")
        obj = _ref(cur.req("object"), ("self",), n_targets, "an object")
        return Instruction("madness_cast", (("object", obj),))
    if cur.has("kind") and cur.get("kind").value in ("cascade", "discover") and not delayed and not also:
        return _cascade(cur, n_targets)  # 702.85a, 701.57a (pyengine.game.cascade)
    if cur.has("kind") and cur.get("kind").value == "unless_pays" and not delayed:
        return _unless_pays(cur, ctx, n_targets)
    if cur.has("kind") and cur.get("kind").value == "each" and not delayed and not also:
        from pyengine.lang.each import parse_each  # "put a +1/+1 counter on each creature you control"

        return parse_each(cur, ctx, n_targets, _instruction)
    if cur.has("kind") and cur.get("kind").value == "add_mana" and not delayed and not also:
        return _add_mana(cur, n_targets, ctx)
    if cur.has("kind") and cur.get("kind").value == "proliferate" and not delayed and not also:
        cur.mapping({"kind", "player"}, "{kind: proliferate, player: REF} (CR 701.34a)")
        who = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
            else ("ref", "you")
        return Instruction("proliferate", (("player", who),))
    if cur.has("kind") and cur.get("kind").value in ("bolster", "populate", "amass", "explore", "connive",
                                                     "renown", "remove_or_sacrifice", "myriad",
                                                     "additional_phases") \
            and not delayed \
            and not also:
        from pyengine.lang.keyword_instr import parse_keyword  # 701.39a, 701.36a, 701.47a

        return parse_keyword(cur, n_targets, _ref, ctx, _instruction)
    if cur.has("kind") and cur.get("kind").value == "transform" and not also:  # 701.27a
        from pyengine.lang.keyword_instr import parse_keyword

        return parse_keyword(cur, n_targets, _ref, ctx, _instruction)
    if cur.has("kind") and cur.get("kind").value in ("tap", "untap") and not delayed:
        cur.mapping({"kind", "object"}, "{kind: tap|untap, object: REF} (CR 701.26)")
        # ``enchanted``: the permanent the source Aura is attached to (303.4)
        obj = _ref(cur.req("object"), (*OBJECT_WORDS, "enchanted"), n_targets, "an object")
        return Instruction(str(cur.get("kind").value), (("object", obj),))
    if cur.has("kind") and cur.get("kind").value in LOOK_KINDS:
        return _look(cur, n_targets)
    if cur.has("kind") and cur.get("kind").value == "counter" and not delayed:
        cur.mapping({"kind", "object"}, "{kind: counter, object: targeting} (CR 701.6a-b)")
        obj = _ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")
        return Instruction("counter", (("object", obj),))
    if cur.has("kind") and cur.get("kind").value == "copy_spell" and not delayed and not also:
        from pyengine.lang.copies import parse as parse_copy  # 707.10: a copy of a spell

        return parse_copy(cur, n_targets, _ref, OBJECT_WORDS)
    if cur.has("kind") and cur.get("kind").value == "attach" and not delayed:
        cur.mapping({"kind", "object", "to"}, "{kind: attach, object: REF, to: REF} (CR 701.3a)")
        obj = _ref(cur.req("object"), OBJECT_WORDS, n_targets, "an object")
        return Instruction("attach", (("object", obj), ("to", _ref(cur.req("to"), OBJECT_WORDS, n_targets,
                                                                      "an object"))))
    word = cur.req("kind").choice(tuple(S.KIND_FIELDS) + tuple(S.SUGAR), "an event kind:")
    kind = S.base_kind(word)
    names = S.KIND_FIELDS[kind]
    allowed = set(names) | {"kind"} | ({"token"} if kind == "create_tokens" else set())
    cur.mapping(allowed, f"a {kind} event")
    given: dict[str, Any] = {k: str(v) for k, v in S.SUGAR.get(word, (kind, ()))[1]}
    for key, sub in cur.items():
        if key == "kind":
            continue
        field = "as" if key == "token" else key
        given[field] = _value(sub, field, ctx, n_targets, delayed, also)
    for name in _REQUIRED.get(kind, ()):
        if name not in given:
            cur.fail(f"missing required field {'token' if name == 'as' else name!r} of a {kind} event")
    defaults = _DEFAULTS.get(kind, {})
    fields = tuple((f, given[f] if f in given else defaults.get(f)) for f in names)
    return Instruction(kind, fields)


# instructions the game performs itself, in order with the events (pyengine.game.library)
LOOK_KINDS = ("scry", "surveil", "search", "look", "exile_top")  # look: pyengine.lang.look


def _look(cur: Cursor, n_targets: int) -> Instruction:
    """``{kind: scry|surveil, player: REF, count: N}``: "scry 2" (CR 701.22a), "surveil 1"
    (701.25a); ``player`` defaults to ``you``, ``count`` to 1."""
    kind = str(cur.get("kind").value)
    if kind == "search":
        return _search(cur, n_targets)
    if kind == "look":
        from pyengine.lang.look import parse

        return parse(cur, n_targets)
    if kind == "exile_top":
        return _exile_top(cur, n_targets)
    cur.mapping({"kind", "player", "count"}, f"{{kind: {kind}, player: REF, count: N}}")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    count = cur.get("count").integer("a count", 0) if cur.has("count") else 1
    return Instruction(kind, (("player", player), ("count", count)))


def _search(cur: Cursor, n_targets: int) -> Instruction:
    """``{kind: search, player: REF, for: WORDS, count: N, to: hand|battlefield, tapped: BOOL,
    reveal: BOOL}``: "search your library for a basic land card, put it onto the battlefield
    tapped, then shuffle" (CR 701.23a, 701.24a; pyengine.game.search)."""
    cur.mapping({"kind", "player", "for", "count", "to", "tapped", "reveal"},
                "{kind: search, player: REF, for: WORDS, count: N, to: hand|battlefield, tapped: BOOL, "
                "reveal: BOOL} (CR 701.23a)")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    quality = cur.req("for").string("the quality searched for (supertype, card type, subtype words)")
    if not quality.split():
        cur.get("for").fail("the quality searched for names no supertype, card type or subtype")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    to = cur.get("to").choice(("hand", "battlefield"), "where the cards found go:") if cur.has("to") \
        else "hand"
    tapped = cur.get("tapped").boolean() if cur.has("tapped") else False
    reveal = cur.get("reveal").boolean() if cur.has("reveal") else False
    return Instruction("search", (("player", player), ("for", quality), ("count", count), ("to", to),
                                  ("tapped", tapped), ("reveal", reveal)))


def _cascade(cur: Cursor, n_targets: int) -> Instruction:
    """``{kind: cascade, player: REF}`` (cascade's instruction, its spell the ability's source,
    CR 702.85a) or ``{kind: discover, count: N, player: REF}`` (701.57a); ``player``: ``you``."""
    kind = str(cur.get("kind").value)
    if kind == "cascade":
        cur.mapping({"kind", "player"}, "{kind: cascade, player: REF} (CR 702.85a)")
    else:
        cur.mapping({"kind", "player", "count"}, "{kind: discover, count: N, player: REF} (CR 701.57a)")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    if kind == "cascade":
        return Instruction("cascade", (("player", player),))
    return Instruction("discover", (("player", player), ("count", cur.req("count").integer("N", 0))))


def _exile_top(cur: Cursor, n_targets: int) -> Instruction:
    """``{kind: exile_top, player: REF, count: N, may: play|cast, duration: end_of_turn|
    end_of_your_next_turn}``: "Exile the top card of your library. You may play that card this
    turn." (CR 701.13a, 611.2a, 601.3; pyengine.game.impulse)."""
    from pyengine.game.impulse import DURATIONS, MAYS

    cur.mapping({"kind", "player", "count", "may", "duration"},
                "{kind: exile_top, player: REF, count: N, may: play|cast, duration: end_of_turn|"
                "end_of_your_next_turn} (CR 701.13a)")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    may = cur.get("may").choice(MAYS, "what the player may do with the cards:") if cur.has("may") else None
    duration = cur.get("duration").choice(DURATIONS, "how long the permission lasts:") \
        if cur.has("duration") else None
    if (may is None) != (duration is None):
        cur.fail("give both 'may' and 'duration' (the permission and how long it lasts, 611.2a), or neither")
    return Instruction("exile_top", (("player", player), ("count", count), ("may", may),
                                     ("duration", duration)))


# how long a continuous effect an ability creates lasts (611.2a; the game ends "until end of
# turn" effects in the cleanup step, 514.2)
CONTINUOUS_DURATIONS = ("end_of_turn", "permanent", "next_untap_step")


def _continuous(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: continuous, object: REF, duration: end_of_turn, effect: EFFECT}``: "it gets
    +2/+2 until end of turn" as the ability resolves, a continuous effect (CR 611.2a) on the
    object REF names, that set locked in as it resolves (611.2c). ``affects: SELECTOR`` in
    place of ``object``: "creatures you control get +1/+1 until end of turn", the objects that
    match as it resolves, locked in then. EFFECT is an effect mapping (its operations) without
    ``affects``."""
    from pyengine.lang.effects import parse_effect

    cur.mapping({"kind", "object", "affects", "duration", "effect"},
                "a continuous effect {kind: continuous, object: REF, duration: end_of_turn, effect: {...}}")
    if cur.has("object") == cur.has("affects"):
        cur.fail("give exactly one of 'object' (a reference) and 'affects' (a selector)")
    obj = _ref(cur.get("object"), OBJECT_WORDS, n_targets, "an object") if cur.has("object") else None
    sel = parse_selector(cur.get("affects"), ctx) if cur.has("affects") else None
    duration = Duration(cur.req("duration").choice(CONTINUOUS_DURATIONS, "a duration:"))
    if duration == Duration.NEXT_UNTAP_STEP and obj is None:  # 502.3: the objects' controllers' step
        cur.get("duration").fail("next_untap_step lasts until the untap step of the controller of the "
                                 "objects it affects: give 'object'")
    at = cur.req("effect")
    if isinstance(at.value, dict) and "affects" in at.value:
        at.get("affects").fail("the effect affects what the entry's object or affects names (CR 611.2c); "
                               "no affects here")
    eff = parse_effect(at, ctx, allow_no_affects=True)
    if sel is not None:
        eff = replace(eff, affects=sel)
    return Instruction("continuous", (("object", obj), ("duration", duration), ("effect", eff)))


def _may(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: may, do: [EVENT...], then: [EVENT...], otherwise: [EVENT...]}``: "you may draw
    a card": events the ability's controller chooses to perform or not as it resolves (CR
    603.5); the script gives the choice. ``then``: what "If you do" says, ``otherwise``: what
    "If you don't" says (118.12: they check the choice)."""
    cur.mapping({"kind", "do", "then", "otherwise"},
                "an optional instruction {kind: may, do: [EVENT...], then: [...], otherwise: [...]}")
    effects = _events(cur, "do", ctx, n_targets, required=True, cost=True)
    then = _events(cur, "then", ctx, n_targets) if cur.has("then") else ()
    otherwise = _events(cur, "otherwise", ctx, n_targets) if cur.has("otherwise") else ()
    return Instruction("may", (("do", effects), ("then", then), ("otherwise", otherwise)))


def _events(cur: Cursor, key: str, ctx: Ctx, n_targets: int,
            required: bool = False, cost: bool = False) -> tuple[Instruction, ...]:
    """The events of a ``may`` or ``unless_pays`` list: events and discards (no continuous
    effect, delayed ability, tap or optional instruction); ``cost``: a ``may``'s ``do``, which
    may also pay mana (:func:`_pay_mana`)."""
    items = cur.req(key).seq("a list of events")
    if required and not items:
        cur.get(key).fail("expected at least one event")
    for c in items:
        if isinstance(c.value, dict) and c.value.get("kind") in ("may", "delayed", "continuous", "tap",
                                                                  "untap", "unless_pays"):
            c.get("kind").fail("this list holds events only")
        if isinstance(c.value, dict) and c.value.get("kind") == "pay_mana" and not cost:
            c.get("kind").fail("pay_mana is the optional action of a may's do (CR 118.12: a cost paid "
                               "as it resolves), nowhere else")
    return tuple(_pay_mana(c, n_targets) if isinstance(c.value, dict) and c.value.get("kind") == "pay_mana"
                 else _instruction(c, ctx, n_targets) for c in items)


def _pay_mana(cur: Cursor, n_targets: int) -> Instruction:
    """``{kind: pay_mana, player: you, mana: "{2}"}``: "you may pay {2}. If you do, ..." -- a
    cost paid as the ability resolves (CR 118.12, 118.3, 608.2d), only as the optional action
    of a ``may``; the player pays from their mana pool."""
    from pyengine.model.mana import parse_cost

    cur.mapping({"kind", "player", "mana"}, '{kind: pay_mana, player: REF, mana: "{N}"} (CR 118.12)')
    mana = cur.req("mana").string("mana symbols")
    try:
        symbols = parse_cost(mana).symbols
    except ValueError as e:
        cur.get("mana").fail(f"expected mana symbols: {e}")
    if not symbols or any(not (s.isdigit() or s in ("W", "U", "B", "R", "G", "C")) for s in symbols):
        cur.get("mana").fail("expected generic, colored or colorless mana symbols such as {1}{W}")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    return Instruction("pay_mana", (("player", player), ("mana", mana)))


def _add_mana(cur: Cursor, n_targets: int, ctx: Ctx | None = None) -> Instruction:
    """``{kind: add_mana, player: you, mana: "{B}{B}{B}"}``: "Add {B}{B}{B}." -- mana a spell
    or an ability that isn't a mana ability adds as it resolves (CR 106.3, 106.4, 605.5);
    ``player`` defaults to ``you``; ``mana`` is mana symbols of types (106.1: {W} {U} {B} {R}
    {G} {C}, each one mana; no generic mana), or a choice the player makes as it resolves
    (106.1a: ``"{R} or {G}"``, ``"one mana of any color"``, ``"two mana of any one color"``), or
    ``"[{B} or ]one mana of the chosen color"`` (the color chosen as its source entered, 607.2d).
    ``times: EXPR``: that mana added that many times, counted as it resolves (608.2h: "Add {G}
    for each creature you control", "an amount of {G} equal to SELF's power"; a choice made
    once for all of it: "X mana of any one color")."""
    from pyengine.game.add_mana import options

    cur.mapping({"kind", "player", "mana", "times"},
                '{kind: add_mana, player: REF, mana: "{B}{B}{B}", times: EXPR} (CR 106.4)')
    from pyengine.game.add_mana import chosen_ways

    mana = cur.req("mana").string("mana symbols")
    from pyengine.game.identity import PRODUCT
    from pyengine.game.mana_triggers import PRODUCED

    # 607.2d: "of the chosen color"; 903.4: "in your commander's color identity"
    if options(mana) is None and chosen_ways(mana, None) is None and mana not in (PRODUCT, PRODUCED):
        cur.get("mana").fail("expected mana symbols of types such as {B}{B}{B} or {R}{G}: {W} {U} {B} {R} "
                             "{G} {C}, each one mana (CR 106.1; no generic mana is added); or a choice: "
                             '"{R} or {G}", "one mana of any color", "two mana of any one color" (106.1a)')
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") \
        else ("ref", "you")
    if cur.has("times"):  # 608.2h: counted as it resolves
        times = parse_expr(cur.get("times"), ctx if ctx is not None else Ctx())
        if times.ref is not None and times.ref.kind not in ("self",) or times.op == "const":
            cur.get("times").fail("expected an amount counted as it resolves: count, power_of: self, ...")
        return Instruction("add_mana", (("player", player), ("mana", mana), ("times", times)))
    return Instruction("add_mana", (("player", player), ("mana", mana)))


def _discard_cards(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: discard, player: REF, count: N, random: false}``: the player discards N cards
    of their choice (701.9b; ``random: true``, at random), as many as they can (609.3).
    ``chooser: REF, card: SELECTOR`` (count 1): the player reveals their hand (701.20a) and the
    chooser chooses the card discarded among those that match (701.9b; none: nothing is
    discarded, 609.3)."""
    cur.mapping({"kind", "player", "count", "random", "chooser", "card"},
                "a discard {kind: discard, object: REF} or {kind: discard, player: REF, count: N} or "
                "{kind: discard, player: REF, chooser: REF, card: SELECTOR}")
    player = _ref(cur.req("player"), PLAYER_WORDS, n_targets, "a player")
    count = cur.get("count").integer("a count", 1) if cur.has("count") else 1
    rand = cur.get("random").boolean() if cur.has("random") else False
    if cur.has("chooser") != cur.has("card"):
        cur.fail("give both 'chooser' (who chooses from the revealed hand) and 'card' (the cards they may "
                 "choose), or neither (701.9b)")
    if not cur.has("card"):
        return Instruction("discard_cards", (("player", player), ("count", count), ("random", rand)))
    if count != 1 or rand:
        cur.fail("a discard chosen from a revealed hand takes one card, not at random (701.9b)")
    chooser = _ref(cur.get("chooser"), PLAYER_WORDS, n_targets, "a player")
    sel = parse_selector(cur.get("card"), ctx)
    if cur.get("card").has("zone"):
        cur.get("card").get("zone").fail("the cards are those of the revealed hand: no zone")
    return Instruction("discard_cards", (("player", player), ("count", 1), ("random", False),
                                         ("chooser", chooser), ("card", replace(sel, zone="hand"))))


def _unless_pays(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: unless_pays, mana: "{3}", player: REF | controller_of: REF, do: [EVENT...]}``:
    "[do] unless [the player / the controller of the object] pays {3}" (118.12a): the player
    chooses whether to pay; if they don't, the events happen."""
    cur.mapping({"kind", "mana", "life", "player", "controller_of", "do", "for_each_counter"},
                '{kind: unless_pays, mana: "{N}" or life: N, player: REF or controller_of: REF, '
                'do: [EVENT...], for_each_counter: {kind: KIND, on: REF}}')
    if cur.has("player") == cur.has("controller_of"):
        cur.fail("give exactly one of 'player' (who may pay) and 'controller_of' (an object: its controller)")
    if cur.has("mana") == cur.has("life"):
        cur.fail("give exactly one of 'mana' (mana symbols) and 'life' (an amount of life, 119.4)")
    life = cur.get("life").integer("an amount of life", 1) if cur.has("life") else None
    mana = cur.get("mana").string("a mana cost") if cur.has("mana") else ""
    try:
        from pyengine.model.mana import parse_cost

        if life is None:
            parse_cost(mana)
    except ValueError as e:
        cur.get("mana").fail(f"expected mana symbols: {e}")
    player = _ref(cur.get("player"), PLAYER_WORDS, n_targets, "a player") if cur.has("player") else None
    obj = _ref(cur.get("controller_of"), OBJECT_WORDS, n_targets, "an object") \
        if cur.has("controller_of") else None
    effects = _events(cur, "do", ctx, n_targets, required=True)
    per = None
    if cur.has("for_each_counter"):  # "pay {1} for each age counter on it" (702.24a): counted as it resolves
        sub = cur.get("for_each_counter")
        sub.mapping({"kind", "on"}, "{kind: COUNTER KIND, on: REF}")
        per = (sub.req("kind").string("a counter kind"),
               _ref(sub.req("on"), OBJECT_WORDS, n_targets, "an object"))
    return Instruction("unless_pays", (("mana", mana), ("player", player), ("controller_of", obj),
                                       ("do", effects), ("for_each_counter", per), ("life", life)))


def _delayed(cur: Cursor, ctx: Ctx, n_targets: int) -> Instruction:
    """``{kind: delayed, at: {step: STEP, player: P} | when: EVENT, do: [...]}``: "at the
    beginning of the next end step, sacrifice it" (CR 603.7a). It triggers only once, the
    next time its event occurs after it was created (603.7a, 603.7b); its references are
    bound as it is created."""
    cur.mapping({"kind", "at", "when", "do"},
                "a delayed triggered ability {kind: delayed, at: ..., do: [...]}")
    if cur.has("at") == cur.has("when"):
        cur.fail("give exactly one of 'when' (an event, CR 603.2) and 'at' (the beginning of a step)")
    pattern = _when(cur.get("when"), ctx) if cur.has("when") else _at(cur.get("at"))
    items = cur.req("do").seq("a list of events (what the delayed ability does)")
    if not items:
        cur.get("do").fail("expected at least one event")
    effects = tuple(_instruction(c, ctx, n_targets, delayed=True) for c in items)
    return Instruction("delayed", (("trigger", pattern), ("do", effects)))


def _ref(cur: Cursor, words: tuple[str, ...], n_targets: int, what: str) -> tuple[str, str]:
    word = cur.string(what)
    if word.startswith("target") and word != "targeting":
        n = 1 if word == "target" else int(word[6:]) if word[6:].isdigit() else 0
        if n < 1 or n > n_targets:
            cur.fail(f"{word!r} names no target: the ability has {n_targets} (`targets:`; "
                     "target, target2, ... name them in order)")
        return ("ref", word)
    if word not in words:
        cur.fail(f"expected {what}: {', '.join(words)}; got {word!r}")
    return ("ref", word)


def _value(cur: Cursor, field: str, ctx: Ctx, n_targets: int, delayed: bool = False,
           also: tuple[str, ...] = ()) -> Any:
    if field in S.INT_FIELDS:
        if isinstance(cur.value, dict) and set(cur.value) == {"counters_on"}:  # modular (702.43a)
            from pyengine.lang.lookback import parse_counters_on

            return parse_counters_on(cur)
        if cur.value == "that_much":  # the trigger event's amount (603.7c; pyengine.game.that_much)
            return ("that_much", "event")
        if isinstance(cur.value, dict):  # computed as the ability resolves (608.2h)
            before = len(ctx.object_refs)
            got = parse_expr(cur, ctx)
            # "equal to its power" of a target: `power_of: target` names the target (115.1)
            mine = ctx.object_refs[before:]
            del ctx.object_refs[before:]
            for _word, at in mine:
                _ref(at, (), n_targets, "a target")
            return got
        return cur.integer(f"an integer {field}", 0)
    if field in S.BOOL_FIELDS:
        return cur.boolean()
    if field in S.TEXT_FIELDS:
        return cur.string(f"a {field}")
    if field in S.WORD_FIELDS:
        options = S.WORD_FIELDS[field]
        word = cur.string(f"a {field}")
        if options and word not in options:
            cur.fail(f"expected a {field}: {', '.join(options)}; got {word!r}")
        return None if word == "none" else word
    if field == "as" and isinstance(cur.value, dict):
        from pyengine.lang.characteristics import parse_token_definition

        return parse_token_definition(cur, Ctx(players=ctx.players, key_prefix=f"{ctx.key_prefix}token"))
    if field in S.PLAYER_FIELDS:
        return _ref(cur, PLAYER_WORDS, n_targets, "a player")
    if field in S.EITHER_FIELDS:
        either = tuple(dict.fromkeys(OBJECT_WORDS + PLAYER_WORDS + (("created",) if delayed else ()) + also))
        return _ref(cur, either, n_targets, "an object or a player")
    if field == "object" and isinstance(cur.value, dict):  # the top card(s) of a library (mill)
        cur.mapping({"top_of"}, "{top_of: PLAYER} (the top cards of that player's library)")
        return ("top_of", _ref(cur.req("top_of"), PLAYER_WORDS, n_targets, "a player")[1])
    return _ref(cur, OBJECT_WORDS + (("created",) if delayed else ()) + also, n_targets, "an object")
