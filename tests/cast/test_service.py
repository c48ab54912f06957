"""The casting service as the turn engine calls it (pyengine.cast.service): a proposal built
in Python, the verdict's first failing step, the total cost, payment listings and counts."""

from __future__ import annotations

from pyengine.cast.model import Payment, Proposal
from pyengine.cast.service import check_cast, legal_payments
from pyengine.scenario.loader import load_text

BOARD = """\
id: casting/service
title: service
cr: ["601.2"]
rationale: service (601.2)
players: [alice, bob]
turn: {active: alice}
objects:
  - {id: bolt, card: Lightning Bolt, owner: alice, zone: hand}
  - {id: bears, card: Grizzly Bears, controller: bob, timestamp: 1}
  - {id: thalia, card: "Thalia, Guardian of Thraben", controller: bob, timestamp: 2}
LANDS
query: {kind: cast, spell: bolt}
expect: {legal: true}
"""


def _state(lands: int):
    text = BOARD.replace("LANDS", "\n".join(
        f"  - {{id: m{i}, card: Mountain, controller: alice, timestamp: {10 + i}}}" for i in range(lands)))
    return load_text(text, "service.yaml").state


def test_legal_cast_locks_in_thalias_tax() -> None:
    state = _state(2)
    verdict = check_cast(state, Proposal("bolt", "alice", targets=(("any", ("o:bears",)),),
                                         payment=Payment(tap=(("m0", None), ("m1", None)))))
    assert verdict.legal and verdict.total is not None
    assert verdict.total.symbols() == "{1}{R}"
    assert verdict.mana_value == 1


def test_first_failing_step_is_the_earliest() -> None:
    state = _state(1)
    # the target is the spell itself (115.5, 601.2c) and the payment is short (601.2h)
    verdict = check_cast(state, Proposal("bolt", "alice", targets=(("any", ("o:bolt",)),),
                                         payment=Payment(tap=(("m0", None),))))
    assert not verdict.legal
    assert verdict.first is not None and verdict.first.step == "601.2c"
    assert {v.step for v in verdict.violations} == {"601.2c", "601.2h"}


def test_nothing_given_asks_whether_it_can_be_cast() -> None:
    assert check_cast(_state(2), Proposal("bolt", "alice")).legal
    short = check_cast(_state(1), Proposal("bolt", "alice"))
    assert not short.legal and short.first is not None and short.first.step == "601.2h"
    # any target: the creatures and the players, not the Mountain (115.4)
    assert dict(short.legal_targets)["any"] == ("bears", "player alice", "player bob", "thalia")


def test_payments_listed_then_counted() -> None:
    state = _state(5)
    proposal = Proposal("bolt", "alice", targets=(("any", ("p:bob",)),))
    listed = legal_payments(state, proposal)
    # {1}{R} from five Mountains: any two of them (601.2h)
    assert listed.count == 10 and len(listed.payments) == 10 and listed.exact
    counted = legal_payments(state, proposal, limit=3)
    assert counted.count == 10 and counted.payments == ()
