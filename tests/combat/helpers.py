"""Tiny boards for the encoding unit tests, and the calls that judge them."""

from __future__ import annotations

import clingo

from pyengine import encodings, solver
from pyengine.combat import service  # noqa: F401  (registers the combat entry points)
from pyengine.combat.facts import board_facts, declaration_facts
from pyengine.combat.model import Board, Declaration, Item, Kind, Permanent, Target


def creature(oid: str, controller: str, *keywords: str, **kw: object) -> Permanent:
    """A creature with CR 702 keywords and any other Permanent fields."""
    types = frozenset({"Creature"} | set(kw.pop("types", ())))  # type: ignore[arg-type]
    return Permanent(oid, controller, types, keywords=frozenset(keywords), **kw)  # type: ignore[arg-type]


def attack_board(
    *perms: Permanent,
    items: tuple[Item, ...] = (),
    players: tuple[str, ...] = ("a", "b"),
    defending: tuple[str, ...] = ("b",),
    **kw: object,
) -> Board:
    """An attack board: player "a" attacks."""
    return Board(Kind.ATTACK, players, "a", defending, perms, items, **kw)  # type: ignore[arg-type]


def block_board(
    *perms: Permanent,
    attacks: dict[str, str] | None = None,
    items: tuple[Item, ...] = (),
    players: tuple[str, ...] = ("a", "b"),
    **kw: object,
) -> Board:
    """A block board: player "b" blocks; ``attacks`` maps attackers to players (default "b")."""
    pairs = tuple(sorted((x, Target("player", t)) for x, t in (attacks or {}).items()))
    return Board(Kind.BLOCK, players, "a", ("b",), perms, items, pairs, **kw)  # type: ignore[arg-type]


def run(board: Board, entry: str, decl: Declaration | None = None, **kw: object) -> solver.SolveResult:
    """Solve ``entry`` (a registered combat entry point) on ``board`` (and ``decl``)."""
    facts = board_facts(board) + (declaration_facts(board, decl) if decl is not None else [])
    return solver.solve([encodings.path(entry)], facts, what="test", timeout=30.0, **kw)  # type: ignore[arg-type]


def violations(board: Board, decl: Declaration) -> set[tuple[str, str]]:
    """(rule, check) of every violation of ``decl`` (check entry, no optimisation)."""
    entry = "combat_attack_check" if board.kind == Kind.ATTACK else "combat_block_check"
    model = run(board, entry, decl).model
    return {(s.arguments[0].string, s.arguments[1].name) for s in model.atoms("violation", 3)}


def atoms(board: Board, decl: Declaration, name: str) -> set[clingo.Symbol]:
    """The shown atoms ``name`` of the check entry."""
    entry = "combat_attack_check" if board.kind == Kind.ATTACK else "combat_block_check"
    return set(run(board, entry, decl).model.atoms(name))


def decl(*pairs: tuple[str, str], paid: tuple[tuple[str, str], ...] = ()) -> Declaration:
    """A declaration."""
    return Declaration.of(pairs, paid)
