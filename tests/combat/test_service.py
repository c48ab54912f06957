"""The combat service: optimisation, one-call verification, enumeration by components,
and the invariants of the answers (generate vs check, determinism, renaming)."""

from __future__ import annotations

import pytest

from pyengine.combat.model import Board, Declaration, Item, Kind, Permanent, Target
from pyengine.combat.service import enumerate_legal, verify
from pyengine.errors import SolverTimeout
from tests.combat.helpers import attack_board, block_board, creature, decl, violations

EXAMPLE = attack_board(
    creature("A", "a"),
    creature("B", "a"),
    items=(Item("must_attack", "e1", "A"), Item("max_attackers", "e2", n=1)),
)


def test_508_1d_example_maximum_and_only_legal_declaration() -> None:
    """CR 508.1d example: the maximum is 1 and only A attacking is legal."""
    v = enumerate_legal(EXAMPLE)
    assert v.maximum == 1
    assert v.legal_declarations == (decl(("A", "b")),)
    assert v.count == 1 and v.count_exact


@pytest.mark.parametrize(
    "proposal,legal,checks",
    [
        (decl(("A", "b")), True, set()),
        (decl(("B", "b")), False, {"requirements"}),
        (decl(("A", "b"), ("B", "b")), False, {"max_attackers"}),
        (decl(), False, {"requirements"}),
    ],
    ids=["a_alone", "b_alone", "both", "neither"],
)
def test_508_1d_example_verified_in_one_call(proposal: Declaration, legal: bool, checks: set[str]) -> None:
    """Each proposal of the CR 508.1d example gets its verdict and violations."""
    v = verify(EXAMPLE, proposal)
    assert v.legal is legal
    assert {x.check for x in v.violations} == checks
    assert v.maximum == 1 and v.witness == decl(("A", "b"))


def test_witness_reaches_maximum_and_passes_check() -> None:
    """The witness obeys the maximum and breaks no rule (generate vs check)."""
    v = verify(EXAMPLE, decl())
    assert sum(r.witness for r in v.requirements) == v.maximum
    assert violations(EXAMPLE, v.witness) == set()


def test_every_enumerated_declaration_passes_check() -> None:
    """Generate vs verify: every declaration the enumeration lists is legal when checked."""
    board = block_board(
        creature("A", "a", "menace"),
        creature("B", "b"),
        creature("C", "b"),
        creature("D", "b"),
        attacks={"A": "b"},
        items=(Item("must_be_blocked", "e", "A"),),
    )
    v = enumerate_legal(board)
    assert v.count == 4  # any two or all three of B, C, D
    for d in v.legal_declarations or ():
        assert verify(board, d).legal


def test_independent_attackers_are_split_into_components() -> None:
    """Three attackers with no shared restriction: three parts, 2 x 2 x 2 declarations."""
    board = attack_board(
        creature("A", "a"), creature("B", "a"), creature("C", "a"), items=(Item("must_attack", "e", "A"),)
    )
    v = enumerate_legal(board)
    assert v.components == 3
    assert v.count == 4 and v.maximum == 1


def test_global_restriction_keeps_the_board_whole() -> None:
    """A cap on attackers couples every attacker (one part)."""
    v = enumerate_legal(EXAMPLE)
    assert v.components == 1


def test_count_and_sample_when_too_many() -> None:
    """More legal declarations than the list limit: exact count, a sample of the limit."""
    board = attack_board(*(creature(f"c{i}", "a") for i in range(8)))
    v = enumerate_legal(board, list_limit=10)
    assert v.count == 2**8 and v.count_exact
    assert len(v.legal_declarations or ()) == 10


def test_answers_do_not_depend_on_fact_order_or_ids() -> None:
    """Renaming creatures and reordering items leaves the legal set (renamed) unchanged."""
    items = (Item("lure", "e1", "A"), Item("must_block", "e2", "C"))
    board = block_board(
        creature("A", "a"),
        creature("A2", "a", "flying"),
        creature("C", "b"),
        creature("D", "b"),
        attacks={"A": "b", "A2": "b"},
        items=items,
    )
    renamed = {"A": "z1", "A2": "z0", "C": "y9", "D": "y0"}

    def rn(x: str) -> str:
        return renamed.get(x, x)

    other = Board(
        Kind.BLOCK,
        board.players,
        board.active,
        board.defending,
        tuple(
            reversed(
                [Permanent(rn(p.id), p.controller, p.types, keywords=p.keywords) for p in board.permanents]
            )
        ),
        tuple(reversed([Item(i.kind, i.effect, rn(i.subject), rn(i.other)) for i in items])),
        tuple((rn(a), t) for a, t in board.attacks),
    )
    one, two = enumerate_legal(board), enumerate_legal(other)
    mapped = {Declaration.of(((rn(a), rn(b)) for a, b in d.pairs)) for d in one.legal_declarations or ()}
    assert mapped == set(two.legal_declarations or ())
    assert one.maximum == two.maximum == 3  # Lure for C and D, and C blocks if able


def test_same_board_same_answer() -> None:
    """Determinism: the same board gives the same verdict, witness included."""
    assert verify(EXAMPLE, decl()) == verify(EXAMPLE, decl())


def test_timeout_is_reported_never_a_verdict() -> None:
    """A solver timeout raises SolverTimeout rather than answering."""
    perms = [creature(f"a{i}", "a") for i in range(60)] + [creature(f"b{i}", "b") for i in range(60)]
    items = tuple(Item("lure", f"l{i}", f"a{i}") for i in range(60))
    board = block_board(*perms, attacks={f"a{i}": "b" for i in range(60)}, items=items)
    with pytest.raises(SolverTimeout):
        enumerate_legal(board, timeout=0.05)


def test_attack_target_ids_resolve_players_and_permanents() -> None:
    """A proposal names a planeswalker by id and a player by id."""
    board = attack_board(
        creature("x", "a"),
        Permanent("w", "b", frozenset({"Planeswalker"})),
        items=(Item("must_attack_target", "e", "x", target=Target("object", "w")),),
    )
    assert verify(board, decl(("x", "w"))).legal
    assert not verify(board, decl(("x", "b"))).legal


def test_an_illegal_declaration_that_obeys_more_than_the_maximum_says_why() -> None:
    """CR 508.1d example: A and B both attacking obeys A's requirement (1) but breaks the
    restriction; when an illegal declaration obeys more than any legal one can, the account
    says the maximum is of declarations that break no restriction."""
    from pyengine.combat.explain import render

    both = decl(("A", "b"), ("B", "b"))
    v = verify(EXAMPLE, both)
    assert "requirements obeyed: 1 of a maximum of 1" in render(v)
    v = verify(attack_board(creature("A", "a"), creature("B", "a"),
                            items=(Item("must_attack", "e1", "A"), Item("must_attack", "e3", "B"),
                                   Item("max_attackers", "e2", n=1))), both)
    assert not v.legal and v.obeyed == 2 and v.maximum == 1
    assert ("requirements obeyed: 2, more than the maximum of 1 a declaration that breaks no "
            "restriction obeys (CR 508.1d, 509.1c)") in render(v)


def test_listing_declarations_keeps_to_the_time_limit() -> None:
    """Found by the bad-input hunt: listing 1,000,000 of the 2^40 declarations of forty
    attackers took about 20 s after a 5 s limit; the listing now counts against the limit."""
    import time

    board = attack_board(*(creature(f"c{i}", "a") for i in range(40)))
    started = time.perf_counter()
    with pytest.raises(SolverTimeout, match="list legal attack declarations"):
        enumerate_legal(board, timeout=1.0, list_limit=10**6)
    assert time.perf_counter() - started < 5.0  # not the 15 s or so of the whole listing
