"""The turn engine's shortcuts answer exactly as the encodings do: every state-based-action
check (pyengine/sba/quiet.py, CR 704.5) and every trigger matching (pyengine/triggers/quiet.py,
CR 603.2) that the games of scenarios/turns make is answered with the shortcut on and off, and
the two answers (or the two refusals) must be equal; the shortcuts must also be taken."""

from __future__ import annotations

import collections
from pathlib import Path
from typing import Any

import pytest

from pyengine.queries import base as queries
from pyengine.sba import quiet as sba_quiet
from pyengine.sba import service as sba_service
from pyengine.scenario import runner
from pyengine.scenario.loader import load_file
from pyengine.triggers import quiet as trig_quiet
from pyengine.triggers import service as trig_service
from pyengine.triggers import special as trig_special

TURNS = Path(__file__).resolve().parents[2] / "scenarios" / "turns"


def _both(switch: Any, inner: Any, seen: collections.Counter, first: list[str], name: str) -> Any:
    """``inner`` answered with ``switch.SHORTCUT`` off, then on; the second answer is given."""
    def call(*a: Any, **k: Any) -> Any:
        answers = []
        for on in (False, True):
            switch.SHORTCUT = on
            try:
                answers.append(("answer", inner(*a, **k)))
            except Exception as e:  # noqa: BLE001 (a refusal must be the same refusal)
                answers.append(("error", type(e).__name__, str(e)))
        switch.SHORTCUT = True
        seen[name] += 1
        if answers[0] != answers[1]:
            seen[f"{name} differs"] += 1
            first.append(f"{name}: {answers[0]!r} against {answers[1]!r}")
        if answers[1][0] == "error":
            raise RuntimeError(answers[1][2])
        return answers[1][1]
    return call


def test_the_shortcuts_answer_as_the_encodings_over_every_game_of_the_turns_scenarios(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: collections.Counter = collections.Counter()
    first: list[str] = []
    monkeypatch.setattr(sba_service, "check", _both(sba_quiet, sba_service.check, seen, first, "sba"))
    monkeypatch.setattr(trig_service, "match", _both(trig_quiet, trig_service.match, seen, first, "triggers"))
    delayed = _both(trig_quiet, trig_special.match_delayed, seen, first, "delayed")
    monkeypatch.setattr(trig_special, "match_delayed", delayed)
    taken = collections.Counter()
    nothing, meets = sba_quiet.nothing, trig_quiet.meets

    def counted_nothing(*a: Any) -> bool:
        got = nothing(*a)
        taken["sba"] += got and sba_quiet.SHORTCUT
        return got

    def counted_meets(*a: Any) -> bool:
        got = meets(*a)
        taken["triggers"] += (not got) and trig_quiet.SHORTCUT
        return got

    monkeypatch.setattr(sba_quiet, "nothing", counted_nothing)
    monkeypatch.setattr(trig_quiet, "meets", counted_meets)
    paths = runner.discover([TURNS])
    failed = _failing(paths)
    assert not first, first[0]
    assert not failed, failed
    # the shortcuts are taken (most checks find nothing; most events meet no ability's kind)
    assert len(paths) >= 250 and seen["sba"] >= 1000 and seen["triggers"] >= 1000
    assert taken["sba"] >= seen["sba"] // 2 and taken["triggers"] >= 50, (taken, seen)


def test_rebound_is_answered_as_the_layer_engine_does_over_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 702.88a, 113.6e: whether a resolving spell has rebound, asked of the layer engine and
    # answered "no" without it where no value of the objects or effects says rebound
    # (pyengine.game.mentions): the games of scenarios/turns and the rebound games of
    # scenarios/cards, each question answered both ways
    from pyengine.game import mentions, rebound

    seen: collections.Counter = collections.Counter()
    first: list[str] = []
    monkeypatch.setattr(rebound, "has_rebound", _both(mentions, rebound.has_rebound, seen, first, "rebound"))
    answers: collections.Counter = collections.Counter()
    taken: collections.Counter = collections.Counter()
    said, has = mentions.mentions, rebound.has_rebound

    def counted(*a: Any) -> bool:
        got = said(*a)
        taken[a[1]] += (not got) and mentions.SHORTCUT
        return got

    def answered(*a: Any, **k: Any) -> bool:
        got = has(*a, **k)
        answers[got] += 1
        return got

    monkeypatch.setattr(mentions, "mentions", counted)
    monkeypatch.setattr(rebound, "has_rebound", answered)
    paths = runner.discover([TURNS]) + sorted((TURNS.parent / "cards").glob("*rebound*.yaml"))
    failed = _failing(paths)
    assert not first, first[0]
    assert not failed, failed
    # asked often, answered both ways, and the shortcut taken for most questions
    assert seen["rebound"] >= 50 and answers[True] >= 2 and answers[False] >= 50, (seen, answers)
    assert taken["rebound"] >= seen["rebound"] // 2, (taken, seen)


def _plain_defs(state: Any, extra: Any) -> list[tuple[str, Any]]:
    """Every token definition of the state, found by walking all its values each time (what
    pyengine.game.tokens._defs keeps by part)."""
    from pyengine import catalog, walk
    from pyengine.model.objects import Characteristics
    from pyengine.model.triggers import Instruction
    from pyengine.replacement import spec as S
    from pyengine.replacement.event import state_token_defs

    out: list[tuple[str, Any]] = list(state_token_defs(state).items())
    cards = [catalog.lookup(o.card) for o in state.objects if o.card]
    does = [c.does.effects for c in cards if c is not None and c.does is not None]
    does += [f.effects for c in cards if c is not None for f in c.face_does if f is not None]
    does += [m for c in cards if c is not None and c.does is not None for m in c.does.modes]
    faces = [o.other_face.abilities for o in state.objects if o.other_face is not None]
    for x in walk.values([[o.printed.abilities for o in state.objects], faces, does, list(extra)]):
        if isinstance(x, Instruction) and x.kind == "create_tokens":
            chars = dict(x.fields).get("as")
            if isinstance(chars, Characteristics) and chars.name:
                out.append((chars.name, chars))
        elif isinstance(x, S.Value) and x.kind == "tokendef" and x.word is not None:
            out.append((x.word, x.chars))
    return out


def test_token_definitions_kept_by_part_are_those_a_walk_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    # 111.1, 111.4: the definitions a game knows at each batch of events, found from the parts
    # kept (pyengine.game.tokens._kept) and by walking every value again, in the same order
    from pyengine.game import tokens

    seen: collections.Counter = collections.Counter()
    first: list[str] = []
    kept = tokens._defs

    def both(state: Any, extra: Any) -> list[tuple[str, Any]]:
        got = kept(state, extra)
        seen["calls"] += 1
        seen["found"] += bool(got)
        if got != _plain_defs(state, extra):
            first.append(f"{[n for n, _ in got]} against {[n for n, _ in _plain_defs(state, extra)]}")
        return got

    monkeypatch.setattr(tokens, "_defs", both)
    cards = TURNS.parent / "cards"
    paths = runner.discover([TURNS]) + sorted(p for p in cards.glob("*.yaml") if "token" in p.read_text())
    for path in paths:
        scenario = load_file(path)
        kind = queries.get(scenario.kind)
        kind.solve(scenario.state, scenario.query, 60.0)
    assert not first, first[0]
    assert seen["calls"] >= 500 and seen["found"] >= 50, seen


def _failing(paths: list[Any]) -> list[str]:
    """The scenarios among ``paths`` whose answer differs from their expectation."""
    failed = []
    for path in paths:
        scenario = load_file(path)
        kind = queries.get(scenario.kind)
        answer = kind.solve(scenario.state, scenario.query, 60.0)
        if runner._compare(kind, scenario, answer)[1]:
            failed.append(str(path))
    return failed
