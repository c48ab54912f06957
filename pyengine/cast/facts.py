"""A proposed cast and its board as clingo facts (documented in asp/cast/defined.lp).

Ids are strings, objects ``o(Id)`` and players ``p(Id)`` (the terms asp/common/targeting.lp
reads), words are constants; nothing is formatted into program text.
"""

from __future__ import annotations

from typing import Any

import clingo

from pyengine import targeting
from pyengine.cast import qualities
from pyengine.cast.charsets import characteristics_facts, symbol_term
from pyengine.cast.forms import FORM_TERMS
from pyengine.cast.mana import mana_abilities, mana_options
from pyengine.cast.model import Proposal
from pyengine.cast.spec import CastingSpec, TargetSpec, spec_of
from pyengine.errors import ScenarioError
from pyengine.facts import Const, FactSet, Fn, declare
from pyengine.layers.result import LayerResult
from pyengine.model.enums import Step, Zone
from pyengine.model.mana import parse_cost
from pyengine.model.objects import GameState

_SCHEMA = {
    "caster": 1,
    "cast_player": 1,
    "spell": 1,
    "spell_zone": 1,
    "spell_owner": 1,
    "has_cost": 1,
    "cost_sym": 3,
    "layout": 1,
    "cs_type": 2,
    "cs_subtype": 2,
    "cs_color": 2,
    "cs_kw": 2,
    "cs_mana_cost": 1,
    "cs_cost_sym": 3,
    "cs_mv": 2,
    "cs_x_min": 2,
    "cs_ability": 2,
    "cs_pt": 3,
    "face_down_ability": 2,
    "tinst_text": 2,
    "given_form": 1,
    "on_adventure": 1,
    "max_x": 1,
    "active_player": 1,
    "main_phase": 0,
    "stack_busy": 0,
    "ce": 3,
    "ce_controller": 2,
    "ce_filter": 3,
    "ce_mana": 3,
    "ce_min": 2,
    "ce_name": 2,
    "ce_obj": 2,
    "ce_mv": 3,
    "ce_zone": 2,
    "ce_self": 2,
    "cs_name": 2,
    "spell_top": 0,
    "spell_commander": 0,
    "commander_tax": 1,
    "addl_life_x": 0,
    "addl_sac_x": 1,
    "extra_target_cost": 2,
    "tinst": 4,
    "tw_filter": 3,
    "tw_zone": 2,
    "tw_players": 1,
    "tw_objects": 1,
    "tw_controller": 2,
    "tw_quality": 4,
    "tw_tapped": 2,
    "tw_combat": 2,
    "tw_cmp": 4,
    "obj_quality": 3,
    "obj_tapped": 1,
    "obj_combat": 2,
    "obj_num": 3,
    "tdivide": 2,
    "tdivide_x": 1,
    "tgroup": 2,
    "tgroup_one_graveyard": 1,
    "obj": 1,
    "obj_zone": 2,
    "obj_type": 2,
    "obj_color": 2,
    "obj_ctrl": 2,
    "mode": 1,
    "choose": 2,
    "addl_sac": 2,
    "addl_sac_filter": 3,
    "addl_life": 1,
    "perm": 1,
    "tapped": 1,
    "creature": 1,
    "artifact": 1,
    "perm_color": 2,
    "sick": 1,
    "produces": 4,
    "mana_cost": 3,
    "mana_life": 3,
    "mana_alt": 2,
    "mana_prohibited": 2,
    "gy": 1,
    "pool": 2,
    "caster_life": 1,
    "cast_this_turn": 1,
    "madness_window": 0,
    "free_window": 2,
    "rebound_window": 0,
    "lost_life_this_turn": 1,
    "given": 1,
    "given_alt": 1,
    "given_kicked": 0,
    "given_bought_back": 0,
    "given_entwined": 0,
    "given_discard": 1,
    "given_replicate": 1,
    "perm_mv": 2,
    "given_mode": 1,
    "given_mode_twice": 1,
    "given_x": 1,
    "given_pay_as": 3,
    "given_target": 2,
    "given_target_twice": 2,
    "given_divide": 2,
    "given_sac": 1,
    "given_tap": 2,
    "given_tap_any": 1,
    "given_tap_repeat": 1,
    "given_pool": 2,
    "given_convoke": 1,
    "given_delve": 1,
    "given_improvise": 1,
    "listing": 0,
}
for _name, _arity in _SCHEMA.items():
    declare(_name, _arity)

_LETTER = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
_MAIN = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


class Located(Exception):
    """A malformed part of a proposal found once layers are known: the field and what was
    expected (the query module adds the file and line)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field, self.message = field, message


def o(oid: str) -> Fn:
    return Fn("o", oid)


def p(pid: str) -> Fn:
    return Fn("p", pid)


def cast_factset(
    state: GameState,
    result: LayerResult,
    proposal: Proposal,
    *,
    listing: bool = False,
    stack_busy: bool = False,
    combat: dict[str, frozenset[str]] | None = None,
    history: Any = None,
    madness: bool = False,
    free: tuple[str, int] | None = None,
    window: str | None = None,
) -> list[clingo.Symbol]:
    """Every fact of the cast ``proposal`` on ``state`` after layers (``result``); ``combat``:
    each attacking or blocking creature's states (506.4), a game's combat; ``history``: a
    game's turn so far (pyengine.triggers.history.TurnHistory), for surge and spectacle."""
    fs = FactSet()
    add = fs.add
    for pid in state.player_ids if history is not None else ():  # 702.117a, 702.137a
        if history.amount("spells_cast", pid):
            add("cast_this_turn", p(pid))
        if history.amount("life_lost", pid):
            add("lost_life_this_turn", p(pid))
    spell = state.object(proposal.spell)
    ch = result.objects[spell.id]
    caster = proposal.player
    spec = spec_of(spell.printed.casting, spell.printed.mana_cost)
    for pid in state.player_ids:
        add("cast_player", p(pid))
    add("caster", p(caster))
    add("spell", o(spell.id))
    add("spell_zone", Const(spell.zone.value))
    add("spell_owner", p(spell.owner))
    if spell.on_adventure is not None:
        add("on_adventure", p(spell.on_adventure))
    if spell.zone == Zone.LIBRARY and spell.top_of_library:
        add("spell_top")  # the top card of its owner's library (401.2, 601.3)
    if spell.commander:  # 903.8: its owner may cast it from the command zone, {2} more each time
        add("spell_commander")
        if spell.zone == Zone.COMMAND and spell.commander_casts:
            add("commander_tax", 2 * spell.commander_casts)
    # the card's characteristics (after layers) and each face's (asp/cast/forms.lp chooses)
    for text, each in characteristics_facts(add, spell.printed, ch, spec):
        _targets(add, each, text)
    costs: dict[str, tuple[str, ...]] = {}
    # the mana cost the proposal's hybrid and Phyrexian choices are read against
    cost_text = spell.printed.mana_cost
    if proposal.form in ("face1", "face2"):
        cost_text = spell.printed.faces[int(proposal.form[4:]) - 1].mana_cost
    if cost_text is not None:
        costs["mana"] = parse_cost(cost_text).symbols
    for k, param in ch.keywords:
        if k in ("kicker", "flashback", "overload", "bestow", "buyback", "evoke", "dash", "blitz", "entwine",
                 "surge", "spectacle", "madness", "replicate", "emerge") \
                and param and k not in costs:
            costs[k] = parse_cost(param).symbols
    for name, symbols in costs.items():
        if name == "mana":
            continue
        add("has_cost", Const(name))
        for i, sym in enumerate(symbols):
            add("cost_sym", Const(name), i, symbol_term(sym))
    add("active_player", p(state.turn.active))
    if state.turn.step in _MAIN:
        add("main_phase")
    if stack_busy or any(x.zone == Zone.STACK and x.id != spell.id for x in state.objects):
        add("stack_busy")
    if madness:  # 702.35a, 608.2g: cast as the card's madness triggered ability resolves
        add("madness_window")
    if free is not None:  # 702.85a, 701.57a, 608.2g: cast without paying its mana cost as it resolves
        add("free_window", Const(free[0]), free[1])
    if window == "rebound":  # 702.88a, 608.2g: cast as its rebound delayed triggered ability resolves
        add("rebound_window")
    _cost_effects(add, result)
    from pyengine.cast import affinity  # 702.41a: a reduction per permanent counted

    affinity.facts(add, ch.keywords, state, result, caster, (p(caster), o(spell.id)))
    for i in range(1, len(spec.modes) + 1):
        add("mode", i)
    if spec.modes:
        add("choose", *spec.choose)
    if spec.cost_per_extra_target is not None:  # 601.2f: an increase per target beyond the first
        for sym in parse_cost(spec.cost_per_extra_target).symbols:
            kind, n = (Const("generic"), int(sym)) if sym.isdigit() else (Const(sym.lower()), 1)
            add("extra_target_cost", kind, n)
    for n, extra in enumerate(spec.additional):
        if extra.kind == "life":
            if extra.count == "x":  # 107.3a: the announced X
                add("addl_life_x")
            else:
                add("addl_life", extra.count)
        else:
            if extra.count == "x":
                add("addl_sac_x", n)
            else:
                add("addl_sac", n, extra.count)
            for key, words in extra.filters:
                for w in words:
                    add("addl_sac_filter", n, Const(key), Const(w))
    available = _board(add, state, result, caster, spell.id, combat or {})
    if any(extra.count == "x" for extra in spec.additional):
        # 107.3a, 119.4: X in an additional cost is bounded by life or permanents too
        available = max(available, state.player(caster).life)
    add("max_x", available)
    _given(add, proposal, costs, state)
    if listing:
        add("listing")
    # CR 601.2c, 115.5: every other object and every player, asked of asp/common/targeting.lp
    asked = targeting.facts(state, result, _questions(state, spell.id, caster))
    return fs.symbols() + asked.symbols()


def _questions(state: GameState, spell: str, caster: str) -> list[targeting.Question]:
    qs = [targeting.Question(x.id, spell, caster) for x in state.objects if x.id != spell]
    return qs + [targeting.Question(pid, spell, caster, player=True) for pid in state.player_ids]


def _cost_effects(add, result: LayerResult) -> None:  # type: ignore[no-untyped-def]
    for e, eff in enumerate(x for x in result.active if x.op.area == "casting"):
        op = eff.op
        add("ce", e, Const(op.kind), Const(str(op.arg("players"))))
        add("ce_controller", e, p(eff.controller))
        spells: Any = op.arg("spells")
        for key, words in spells:
            if key == "self" and eff.source is not None:  # 113.6e-f: the card itself
                add("ce_self", e, o(eff.source))
            if key == "objects":  # the cards an effect named ("you may play that card", 611.2c)
                for oid in words:
                    add("ce_obj", e, o(oid))
                continue
            for w in words:
                if key == "names":  # 201.2: names compared case-insensitively
                    add("ce_name", e, w.casefold())
                elif key in ("mv_at_least", "mv_at_most"):
                    add("ce_mv", e, Const(key[3:]), int(w))
                elif key == "mv_parity":
                    add("ce_mv", e, Const("parity"), Const(w))
                else:
                    add("ce_filter", e, Const(key), Const(w))
        if op.kind == "cast_from":
            add("ce_zone", e, Const(str(op.arg("zone"))))
        if op.kind in ("cost_more", "cost_less"):
            for sym in parse_cost(str(op.arg("mana"))).symbols:
                if sym.isdigit():
                    add("ce_mana", e, Const("generic"), int(sym))
                else:
                    add("ce_mana", e, Const(sym.lower()), 1)
        if op.kind == "cost_minimum":
            add("ce_min", e, op.arg("mana"))


def _target_facts(add, t: TargetSpec, origin, text) -> None:  # type: ignore[no-untyped-def]
    add("tinst", t.id, t.lo, t.hi, origin)
    add("tinst_text", t.id, text)
    for key, words in t.filters:
        for w in words:
            add("tw_filter", t.id, Const(key), Const(w))
    add("tw_zone", t.id, Const(t.zone))
    if t.players:
        add("tw_players", t.id)
    if t.objects:
        add("tw_objects", t.id)
    if t.controller:
        add("tw_controller", t.id, Const(t.controller))
    qualities.target_facts(add, t.id, t.qualities)
    if t.group is not None:  # one instance of the word "target" in N entries (115.3)
        add("tgroup", t.id, t.group)
        if t.one_graveyard:
            add("tgroup_one_graveyard", t.group)
    if t.divide == "x":
        add("tdivide_x", t.id)
    elif t.divide is not None:
        add("tdivide", t.id, t.divide)


def _targets(add, spec: CastingSpec, text) -> None:  # type: ignore[no-untyped-def]
    for t in spec.targets:
        _target_facts(add, t, Const("spell"), text)
    for i, m in enumerate(spec.modes, 1):
        for t in m.targets:
            _target_facts(add, t, Fn("mode", i), text)
    for t in spec.kicker_targets:
        _target_facts(add, t, Const("kicker"), text)


def _controls_subtype(state: GameState, result: LayerResult, player: str, subtypes: tuple[str, ...]) -> bool:
    """Whether ``player`` controls a permanent with one of ``subtypes`` (after layers)."""
    for x in state.objects:
        ch = result.objects.get(x.id)
        if x.zone == Zone.BATTLEFIELD and ch is not None and ch.controller == player and \
                set(ch.subtypes) & set(subtypes):
            return True
    return False


def _board(add, state: GameState, result: LayerResult, caster: str, spell: str,  # type: ignore[no-untyped-def]
           combat: dict[str, frozenset[str]] | None = None) -> int:
    """Objects, permanents, mana sources, graveyard and pool; returns the mana available
    (the bound of a freely chosen X)."""
    available = 0
    for x in state.objects:
        if x.id == spell:
            continue
        ch = result.objects.get(x.id)
        if ch is None:
            continue
        t = o(x.id)
        add("obj", t)
        add("obj_zone", t, Const(x.zone.value))
        for ty in ch.types:
            add("obj_type", t, Const(ty.lower()))
        for c in ch.colors:
            add("obj_color", t, Const(c.lower()))
        add("obj_ctrl", t, p(ch.controller if x.zone in (Zone.BATTLEFIELD, Zone.STACK) else x.owner))
        on_field = x.zone == Zone.BATTLEFIELD
        qualities.object_facts(add, t, ch, x.tapped and on_field,
                               (combat or {}).get(x.id, frozenset()) if on_field else frozenset())
        if x.zone == Zone.GRAVEYARD and x.owner == caster:
            add("gy", t)
            available += 1
        if x.zone != Zone.BATTLEFIELD or ch.controller != caster:
            continue
        add("perm", t)
        types = {ty.lower() for ty in ch.types}
        if x.tapped:
            add("tapped", t)
        if "creature" in types:
            add("creature", t)
            if not x.controlled_since_turn_start and not ch.has_keyword("haste"):
                add("sick", t)  # CR 602.5a
        if "artifact" in types:
            add("artifact", t)
        add("perm_mv", t, ch.mana_value)  # 702.119a: emerge's reduction
        for c in ch.colors:
            add("perm_color", t, Const(_LETTER[c.lower()]))
        options = mana_options(ch.abilities)
        for a, opt in enumerate(options):
            for k, sym in enumerate(opt.symbols):
                add("produces", t, a, k, Const(sym.lower()))
            for word, has in (("tap", opt.tap), ("sacrifice", opt.sacrifice)):
                if has:
                    add("mana_cost", t, a, Const(word))
            if opt.life:
                add("mana_life", t, a, opt.life)
            if a and options[a - 1].ability == opt.ability:
                add("mana_alt", t, a)
            if opt.requires and not _controls_subtype(state, result, caster, opt.requires):
                add("mana_prohibited", t, a)  # 602.5: "Activate only if you control a Swamp"
        available += 1 + max((len(o.symbols) for o in options), default=0)
    player = state.player(caster)
    for sym, n in _pool(player.mana):
        add("pool", Const(sym), n)
        available += n
    add("caster_life", player.life)
    return available


def _pool(text: str) -> list[tuple[str, int]]:
    """A mana pool in symbols: colored letters, and a number as that much colorless mana
    (mana in a pool has a type, never "generic", CR 106.4)."""
    found: dict[str, int] = {}
    for sym in parse_cost(text).symbols:
        key, n = ("c", int(sym)) if sym.isdigit() else (sym.lower(), 1)
        found[key] = found.get(key, 0) + n
    return sorted((k, n) for k, n in found.items() if n)


def _given(add, pr: Proposal, costs: dict[str, tuple[str, ...]], state: GameState) -> None:  # type: ignore[no-untyped-def]
    if pr.form is not None:
        add("given", Const("form"))
        add("given_form", FORM_TERMS[pr.form])
    if pr.alternative is not None:
        add("given", Const("alt"))
        for a in pr.alternative:
            add("given_alt", Const(a))
    if pr.kicked is not None:
        add("given", Const("kicker"))
        if pr.kicked:
            add("given_kicked")
    if pr.buyback is not None:  # 702.27a
        add("given", Const("buyback"))
        if pr.buyback:
            add("given_bought_back")
    if pr.entwined is not None:  # 702.42a
        add("given", Const("entwine"))
        if pr.entwined:
            add("given_entwined")
    if pr.modes is not None:
        add("given", Const("modes"))
        for m in set(pr.modes):
            add("given_mode", m)
            if pr.modes.count(m) > 1:
                add("given_mode_twice", m)
    if pr.x is not None:
        add("given", Const("x"))
        add("given_x", pr.x)
    base = (pr.alternative[0] if pr.alternative else "mana") if pr.alternative is not None else "mana"
    base = {"bestowed": "bestow", "morph": "face_down", "disguise": "face_down"}.get(pr.form or "", base)
    symbols = costs.get(base, ())
    for field, choices, kinds in (("hybrid", pr.hybrid, ("h", "h2")), ("phyrexian", pr.phyrexian, ("p",))):
        if choices is None:
            continue
        where = [i for i, s in enumerate(symbols) if getattr(symbol_term(s), "name", "x") in kinds]
        if len(where) != len(choices):
            raise Located(
                field,
                f"expected one choice per {field} symbol of the cost paid ({len(where)}), got {len(choices)}",
            )
        for i, choice in zip(where, choices, strict=True):
            term = symbol_term(symbols[i])
            assert isinstance(term, Fn)
            allowed = (
                {str(a).upper() for a in term.args}
                | ({"2"} if term.name == "h2" else set())
                | ({"life"} if field == "phyrexian" else set())
            )
            if choice.upper() not in {a.upper() for a in allowed}:
                raise Located(
                    field,
                    f"{{{symbols[i]}}} is paid with one of {sorted(allowed)}, not {choice!r} (CR 107.4e-f)",
                )
            low = choice.lower()
            add(
                "given_pay_as",
                Const(base),
                i,
                Fn("g", 2) if low == "2" else Const("life") if low == "life" else Fn("c", Const(low)),
            )
    if pr.targets is not None:
        add("given", Const("targets"))
        for inst, chosen in pr.targets:
            for t in set(chosen):
                add("given_target", inst, _who(t))
                if chosen.count(t) > 1:
                    add("given_target_twice", inst, _who(t))
    if pr.divide is not None:
        add("given", Const("divide"))
        for t, n in pr.divide:
            add("given_divide", _who(t), n)
    if pr.sacrifice is not None:
        add("given", Const("sacrifice"))
        for s in pr.sacrifice:
            add("given_sac", o(s))
    if pr.replicate:  # 702.56a: the replicate cost paid N times
        add("given_replicate", pr.replicate)
    if pr.discard is not None:  # 702.81a, 702.133a
        add("given", Const("discard"))
        for d in pr.discard:
            add("given_discard", o(d))
    if pr.payment is not None:
        _payment(add, pr, state)


def _payment(add, pr: Proposal, state: GameState) -> None:  # type: ignore[no-untyped-def]
    pay = pr.payment
    assert pay is not None
    add("given", Const("payment"))
    for sid, mana in pay.tap:
        if [s for s, _ in pay.tap].count(sid) > 1:
            add("given_tap_repeat", o(sid))
        if mana is None:
            add("given_tap_any", o(sid))
        else:
            add("given_tap", o(sid), Const(mana))
    for sym, n in pay.pool:
        add("given_pool", Const(sym.lower()), n)
    for s in pay.convoke:
        add("given_convoke", o(s))
    for s in pay.delve:
        add("given_delve", o(s))
    for s in pay.improvise:
        add("given_improvise", o(s))


def _who(word: str) -> Fn:
    kind, _, oid = word.partition(":")
    return p(oid) if kind == "p" else o(oid)


__all__ = ["Located", "ScenarioError", "cast_factset", "mana_abilities"]
