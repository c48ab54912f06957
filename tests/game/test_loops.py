"""Loops (CR 104.4b, 731), the log's notes of the stack and the cleanup (603.2, 603.3, 608.2,
514.2), and the rule a refused trigger order carries (603.3b)."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import pytest

import pyengine.api as pe
from pyengine.cli import main
from pyengine.game import loops, new_game
from pyengine.game.actions import Advance, OrderTriggers, PutOnStack
from pyengine.game.model import IllegalAction, StackItem
from pyengine.game.run import GameAnswer
from pyengine.model.enums import Step
from tests.game.helpers import state

TURNS = Path(__file__).resolve().parents[2] / "scenarios" / "turns"


def _answer(name: str) -> GameAnswer:
    answer = pe.solve(pe.load(str(TURNS / f"{name}.yaml")), timeout=60)
    assert isinstance(answer, GameAnswer)
    return answer


def test_mandatory_tap_untap_loop_is_a_draw_not_an_illegal_action() -> None:
    # 104.4b, 731.4: the game comes back to the same moment and no player has another choice
    answer = _answer("loop-tap-untap-triggers-is-a-draw")
    assert answer.illegal is None
    res = answer.final["result"]
    assert res["draw"] and res["reason"] == "104.4b" and not res["winners"]
    last = answer.log[-1]
    assert (last.kind, last.rule, last.cause) == ("draw_game", "104.4b", "loop")
    assert "mandatory" in (last.detail or "")
    assert "the game is a draw (CR 104.4b)" in answer.render()
    # the loop is seen within a few actions: the log is short, not 10,000 actions long
    assert len(answer.log) < 20


def test_a_loop_with_an_optional_action_is_refused_by_731() -> None:
    # 104.4b: "Loops that contain an optional action don't result in a draw"
    answer = _answer("loop-with-an-optional-action-is-no-draw")
    assert answer.illegal is not None and answer.illegal.rule == "731.2a"
    assert "pyro" in answer.illegal.reason and "104.4b" in answer.illegal.reason
    assert not answer.final["result"]["draw"]


def test_state_triggers_and_counter_annihilation_loop_is_a_draw() -> None:
    answer = _answer("loop-state-triggers-and-counter-annihilation-is-a-draw")
    assert answer.illegal is None and answer.final["result"]["draw"]
    assert any(e.rule == "704.5q" for e in answer.log)  # the state-based action is in the loop


def test_moments_ignore_the_log_indices_ids_carry() -> None:
    assert loops.normal_id("rock:1@12") == "rock:1@" and loops.normal_id("delayed3@40") == "delayed@"
    assert loops.normal_id("bolt") == "bolt" and loops.normal_id("croc:0@state") == "croc:0@state"
    game = new_game(state())
    a = game.apply(PutOnStack(StackItem("ab:1@3", "alice", "x")))
    b = game.apply(PutOnStack(StackItem("ab:1@9", "alice", "x")))
    assert loops.moment(a) == loops.moment(b)
    c = game.apply(PutOnStack(StackItem("cd:1@3", "alice", "x")))
    assert loops.moment(a) != loops.moment(c)


def test_an_advance_that_never_repeats_nor_arrives_is_refused_by_731(monkeypatch: pytest.MonkeyPatch) -> None:
    # without a repeated moment the game can't tell a loop whose state grows from a long game:
    # the refusal says so (731.2a) instead of claiming an illegal action by 104.4b
    from pyengine.game import actions

    monkeypatch.setattr(actions, "MAX_ADVANCE", 2)
    game = new_game(state(step=Step.UPKEEP))
    with pytest.raises(IllegalAction) as info:
        game.apply(Advance(Step.END))
    assert info.value.rule == "731.2a" and "no moment repeated" in info.value.reason


def test_wrong_order_of_triggers_is_illegal_by_603_3b() -> None:
    # Ball Lightning's end step trigger and Thatcher Revolt's delayed ability: alice's order
    # must name each of her abilities once (603.3b); one naming something else is refused by
    # that rule, not by 400.7
    text = (TURNS / "trig-delayed-and-end-step-trigger-ordered.yaml").read_text()
    text = text.replace('order_triggers: {alice: ["delayed1@12", "ball:2@12"]}',
                        'order_triggers: {alice: ["ball:2@12", "ball:2@99"]}')
    text = text[:text.index("expect:")] + 'expect:\n  illegal: {action: 3, rule: "603.3b"}\n'
    result = pe.check(pe.loads(text, "order.yaml"))
    assert result.status.value == "pass", result.diffs
    game = new_game(state()).apply(OrderTriggers("alice", ("x",)))
    assert dict(game.trigger_orders)["alice"] == ("x",)  # kept until abilities trigger


def test_the_log_notes_triggering_the_stack_and_the_cleanup() -> None:
    answer = _answer("trig-flickerwisp-returns-card-at-next-end-step")
    kinds = [(n.kind, n.rule) for n in answer.notes if n.target == "wisp:1@4"]
    assert kinds == [("triggers", "603.6a"), ("put_on_stack", "603.3"), ("resolves", "608.2"),
                     ("leaves_stack", "608.2n")]
    text = answer.render()
    assert "wisp's ability (wisp:1@4) resolves  [CR 608.2]" in text
    resolves = text.index("wisp's ability (wisp:1@4) resolves")
    assert resolves < text.index("wall moves from battlefield to exile")
    # the log's own events keep their numbers (ability ids carry them)
    assert [e.index for e in answer.log] == list(range(1, len(answer.log) + 1))
    cleanup = _answer("cleanup-removes-damage-and-ends-jump")
    notes = {(n.kind, n.rule, n.obj) for n in cleanup.notes}
    assert ("damage_removed", "514.2", "giant") in notes and ("effect_ends", "514.2", "jump") in notes
    fizzle = _answer("bolt-target-gains-protection-in-response")
    assert [(n.kind, n.rule, n.cause) for n in fizzle.notes if n.kind == "not_resolved"] == \
        [("not_resolved", "608.2b", "targets")]


def test_play_json_has_the_notes_in_order_with_their_rules(tmp_path: Path) -> None:
    path = TURNS / "cleanup-removes-damage-and-ends-jump.yaml"
    js = io.StringIO()
    assert main(["play", str(path), "--json"], stdout=js, stderr=io.StringIO()) == 0
    log = json.loads(js.getvalue())["log"]
    notes = [e for e in log if "after" in e]
    kinds = {e["kind"] for e in notes}
    assert {"put_on_stack", "resolves", "leaves_stack", "damage_removed", "effect_ends"} <= kinds
    assert all(e["rule"] and e["text"] for e in log)
    # in order: each note after the log event it follows and before the next one
    pos = [e["index"] if "index" in e else e["after"] + 0.5 for e in log]
    assert pos == sorted(pos)
    early = io.StringIO()
    assert main(["play", str(path), "--json", "--until", "end-step"], stdout=early, stderr=io.StringIO()) == 0
    cut = json.loads(early.getvalue())["log"]
    assert not any(e["kind"] in ("damage_removed", "effect_ends") for e in cut)
    assert any(e["kind"] == "resolves" for e in cut)


def test_notes_are_no_trigger_events() -> None:
    # what no rule reads stays out of the log the trigger engine matches (603.2)
    answer = _answer("trig-flickerwisp-returns-card-at-next-end-step")
    from pyengine.events import NOTE_KINDS

    assert not any(e.kind in NOTE_KINDS for e in answer.log)
    assert all(n.kind in NOTE_KINDS for n in answer.notes)


def test_checks_that_come_back_to_a_moment_are_a_draw_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # state-based actions that undo each other round after round (no player receives priority
    # between them): the second time the same moment comes the loop is seen, long before the
    # round limit (104.4b, 731.4)
    from pyengine.game import checks
    from tests.game.helpers import creature

    rounds = []

    def flip(game, budget):  # type: ignore[no-untyped-def]
        rounds.append(1)
        objs = tuple(replace(o, tapped=not o.tapped) for o in game.state.objects)
        return game.with_state(objects=objs), True

    game = new_game(state(creature("x", "alice", 1, 1, 1)))
    monkeypatch.setattr(checks, "state_based", flip)
    game, happened = checks.checks(game, 30.0)
    assert happened and game.outcome.draw and game.outcome.reason == "104.4b"
    assert len(rounds) <= 3 and game.log[-1].cause == "loop" and "back to" in (game.log[-1].detail or "")
