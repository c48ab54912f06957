"""Board and declarations as clingo facts (documented in asp/combat/defined.lp).

Players and objects are strings, a target is ``p(P)`` or ``o(O)``, closed vocabularies
(card types, colors, supertypes, keywords, mana symbols) are constants. Facts come out sorted,
so the same board always gives the same program.
"""

from __future__ import annotations

import clingo

from pyengine import qualities
from pyengine.combat.model import ITEM_KINDS, Board, Declaration, Item, Kind, Target
from pyengine.facts import Const, FactSet, Fn, declare, term
from pyengine.model.enums import CardType, Color, Supertype

_SCHEMA = {
    "player": 1,
    "attacking_player": 1,
    "defending_player": 1,
    "declaring_player": 1,
    "mana": 3,
    "permanent": 1,
    "controller": 2,
    "card_type": 2,
    "subtype": 2,
    "supertype": 2,
    "color": 2,
    "keyword": 2,
    "landwalk": 3,
    "power": 2,
    "tapped": 1,
    "summoning_sick": 1,
    "protector": 2,
    "attacking": 2,
    "cost_mana": 3,
    "cant_attack": 2,
    "cant_attack_target": 3,
    "cant_attack_alone": 2,
    "attack_only_alone": 2,
    "max_attackers": 2,
    "max_attackers_player": 3,
    "max_attackers_turn": 2,
    "attack_unless_others": 3,
    "attack_helper": 2,
    "attack_cost": 3,
    "must_attack": 2,
    "must_attack_target": 3,
    "goaded": 2,
    "player_must_attack": 3,
    "cant_block": 2,
    "cant_block_attacker": 3,
    "cant_block_alone": 2,
    "block_only_alone": 2,
    "max_blockers": 2,
    "max_blockers_turn": 2,
    "earlier": 1,
    "block_unless_others": 3,
    "block_helper": 2,
    "block_cost": 2,
    "cant_be_blocked": 2,
    "cant_be_blocked_by": 3,
    "min_blockers": 3,
    "max_blocked_by": 3,
    "blocked_only_by_all": 2,
    "extra_blocks": 3,
    "block_any_number": 2,
    "must_block": 2,
    "must_block_attacker": 3,
    "must_be_blocked": 2,
    "lure": 2,
    "given_attack": 2,
    "given_block": 2,
    "given_paid": 2,
}
for _name, _arity in _SCHEMA.items():
    declare(_name, _arity)

# keyword abilities of CR 702 that the combat encodings read, by display name
KEYWORD_CONSTS = {
    "flying": "flying",
    "reach": "reach",
    "defender": "defender",
    "haste": "haste",
    "menace": "menace",
    "shadow": "shadow",
    "horsemanship": "horsemanship",
    "fear": "fear",
    "intimidate": "intimidate",
    "skulk": "skulk",
    "vigilance": "vigilance",
    "decayed": "decayed",
}
MANA_CONSTS = {"generic": "generic", "W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


def target_term(target: Target) -> Fn:
    """``p(P)`` for a player, ``o(O)`` for a permanent."""
    return Fn("p" if target.kind == "player" else "o", target.id)


# characteristic words that are constants: card types, supertypes and colors
_WORDS = {m.value: Const(m.asp) for enum in (Color, Supertype, CardType) for m in enum}


def _word(value: str) -> Const | str:
    """A characteristic word: card types, supertypes and colors are constants."""
    return _WORDS.get(value, value)


def _param(kind: str, value: str) -> Const | str:
    if kind in ("type", "supertype", "color"):
        return _word(value)
    if value == "":
        return Const("none")
    return value


def _item(item: Item) -> tuple:
    fields = ITEM_KINDS[item.kind][0]
    args: list[object] = [item.effect]
    for name in fields:
        if name == "target":
            assert item.target is not None
            args.append(target_term(item.target))
        elif name == "n":
            args.append(item.n)
        else:
            args.append(getattr(item, name))
    if item.kind == "goaded":  # goaded(O, P): no effect argument (CR 701.15d)
        args = args[1:]
    return (item.kind, *args)


def board_facts(board: Board) -> list[clingo.Symbol]:
    """Every fact of ``board``, sorted."""
    return board_factset(board).symbols()


def board_factset(board: Board, decl: Declaration | None = None) -> FactSet:
    """Every fact of ``board`` (and of a proposed declaration ``decl``), for the gateway."""
    out = FactSet()
    add = out.add
    for pid in board.players:
        add("player", pid)
    add("attacking_player", board.active)
    for pid in board.defending:
        add("defending_player", pid)
    add("declaring_player", board.declaring_player)
    for pid, pool in board.mana:
        for sym, amount in pool:
            add("mana", pid, Const(MANA_CONSTS[sym]), amount)
    for perm in board.permanents:
        o = perm.id
        add("permanent", o)
        add("controller", o, perm.controller)
        for t in perm.types:
            add("card_type", o, _word(t))
        for t in perm.subtypes:
            add("subtype", o, t)
        for t in perm.supertypes:
            add("supertype", o, _word(t))
        for c in perm.colors:
            add("color", o, _word(c))
        for k in perm.keywords:
            add("keyword", o, Const(KEYWORD_CONSTS[k]))
        for kind, value in perm.landwalk:
            add("landwalk", o, Const(kind), _param(kind, value))
        if perm.name:
            add("q_name", o, perm.name)
        for quality in perm.protection:  # CR 702.16m: one fact per quality
            add("q_protection", o, qualities.term(quality, str))
        if perm.power is not None:
            add("power", o, perm.power)
        if perm.tapped:
            add("tapped", o)
        if perm.summoning_sick:
            add("summoning_sick", o)
        if perm.protector is not None:
            add("protector", o, perm.protector)
    for attacker, target in board.attacks:
        add("attacking", attacker, target_term(target))
    for eid, cost in board.costs:
        for sym, amount in cost:
            add("cost_mana", eid, Const(MANA_CONSTS[sym]), amount)
    for item in board.items:
        add(*_item(item))
    for oid in board.earlier:  # declared in an earlier combat of this turn (500.8)
        add("earlier", oid)
    if decl is not None:
        _declaration(board, decl, out)
    return out


def declaration_facts(board: Board, decl: Declaration) -> list[clingo.Symbol]:
    """The ``given_*`` facts of a proposed declaration (targets resolved against the board:
    a target id is a player id or a permanent id)."""
    out = FactSet()
    _declaration(board, decl, out)
    return out.symbols()


def _declaration(board: Board, decl: Declaration, out: FactSet) -> None:
    players = set(board.players)
    for a, b in decl.pairs:
        if board.kind == Kind.ATTACK:
            tgt = Target("player", b) if b in players else Target("object", b)
            out.add("given_attack", a, target_term(tgt))
        else:
            out.add("given_block", a, b)
    for eid, creature in decl.paid:
        out.add("given_paid", eid, creature)


def read_target(sym: clingo.Symbol) -> str:
    """The id inside a target term p(P) / o(O)."""
    return sym.arguments[0].string


__all__ = [
    "KEYWORD_CONSTS", "board_facts", "board_factset", "declaration_facts", "read_target", "target_term",
    "term",
]
