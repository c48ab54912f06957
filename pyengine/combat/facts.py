"""Board and declarations as clingo facts (documented in asp/combat/defined.lp).

Players and objects are strings, a target is ``p(P)`` or ``o(O)``, closed vocabularies
(card types, colors, supertypes, keywords, mana symbols) are constants. Facts come out sorted,
so the same board always gives the same program.
"""

from __future__ import annotations

import clingo

from pyengine.combat.model import ITEM_KINDS, Board, Declaration, Item, Kind, Target
from pyengine.facts import Const, Fn, declare, fact, term
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
    "protection": 3,
    "power": 2,
    "tapped": 1,
    "summoning_sick": 1,
    "protector": 2,
    "attacking": 2,
    "cost_mana": 3,
    "cant_attack": 2,
    "cant_attack_target": 3,
    "cant_attack_alone": 2,
    "max_attackers": 2,
    "attack_cost": 3,
    "must_attack": 2,
    "must_attack_target": 3,
    "goaded": 2,
    "player_must_attack": 3,
    "cant_block": 2,
    "cant_block_attacker": 3,
    "cant_block_alone": 2,
    "max_blockers": 2,
    "block_cost": 2,
    "cant_be_blocked": 2,
    "cant_be_blocked_by": 3,
    "min_blockers": 3,
    "max_blocked_by": 3,
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
}
MANA_CONSTS = {"generic": "generic", "W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}


def target_term(target: Target) -> Fn:
    """``p(P)`` for a player, ``o(O)`` for a permanent."""
    return Fn("p" if target.kind == "player" else "o", target.id)


def _word(value: str) -> Const | str:
    """A characteristic word: card types, supertypes and colors are constants."""
    for enum in (CardType, Supertype, Color):
        for member in enum:
            if member.value == value:
                return Const(member.asp)
    return value


def _param(kind: str, value: str) -> Const | str:
    if kind in ("type", "supertype", "color"):
        return _word(value)
    if value == "":
        return Const("none")
    return value


def _item(item: Item) -> clingo.Symbol:
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
    return fact(item.kind, *args)  # type: ignore[arg-type]


def board_facts(board: Board) -> list[clingo.Symbol]:
    """Every fact of ``board``, sorted."""
    out: set[clingo.Symbol] = set()
    add = out.add
    for pid in board.players:
        add(fact("player", pid))
    add(fact("attacking_player", board.active))
    for pid in board.defending:
        add(fact("defending_player", pid))
    add(fact("declaring_player", board.declaring_player))
    for pid, pool in board.mana:
        for sym, amount in pool:
            add(fact("mana", pid, Const(MANA_CONSTS[sym]), amount))
    for perm in board.permanents:
        o = perm.id
        add(fact("permanent", o))
        add(fact("controller", o, perm.controller))
        for t in perm.types:
            add(fact("card_type", o, _word(t)))
        for t in perm.subtypes:
            add(fact("subtype", o, t))
        for t in perm.supertypes:
            add(fact("supertype", o, _word(t)))
        for c in perm.colors:
            add(fact("color", o, _word(c)))
        for k in perm.keywords:
            add(fact("keyword", o, Const(KEYWORD_CONSTS[k])))
        for kind, value in perm.landwalk:
            add(fact("landwalk", o, Const(kind), _param(kind, value)))
        for kind, value in perm.protection:
            add(fact("protection", o, Const(kind), _param(kind, value)))
        if perm.power is not None:
            add(fact("power", o, perm.power))
        if perm.tapped:
            add(fact("tapped", o))
        if perm.summoning_sick:
            add(fact("summoning_sick", o))
        if perm.protector is not None:
            add(fact("protector", o, perm.protector))
    for attacker, target in board.attacks:
        add(fact("attacking", attacker, target_term(target)))
    for eid, cost in board.costs:
        for sym, amount in cost:
            add(fact("cost_mana", eid, Const(MANA_CONSTS[sym]), amount))
    for item in board.items:
        add(_item(item))
    return sorted(out)


def declaration_facts(board: Board, decl: Declaration) -> list[clingo.Symbol]:
    """The ``given_*`` facts of a proposed declaration (targets resolved against the board:
    a target id is a player id or a permanent id)."""
    out = []
    players = set(board.players)
    for a, b in decl.pairs:
        if board.kind == Kind.ATTACK:
            tgt = Target("player", b) if b in players else Target("object", b)
            out.append(fact("given_attack", a, target_term(tgt)))
        else:
            out.append(fact("given_block", a, b))
    for eid, creature in decl.paid:
        out.append(fact("given_paid", eid, creature))
    return sorted(out)


def read_target(sym: clingo.Symbol) -> str:
    """The id inside a target term p(P) / o(O)."""
    return sym.arguments[0].string


__all__ = ["KEYWORD_CONSTS", "board_facts", "declaration_facts", "read_target", "target_term", "term"]
