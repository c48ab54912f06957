"""Could O be chosen as a target of a spell or ability whose source is S and which P controls?
Hexproof (CR 702.11), shroud (702.18) and protection (702.16b, 702.16j-k), decided by
asp/common/targeting.lp with the qualities of asp/common/qualities.lp (the same answer
combat's evasion and damage prevention read).

The interface for casting and activating (601.2c, 602.2b), which will include those two
files in its own program:

- input: :func:`facts` gives, for a state after layers, every object's characteristics
  (``q_object``, ``q_color``, ...), every player (``q_player``), what each object and player
  has (``q_protection``, ``q_hexproof``, ``q_shroud``), and one ``q_target(O, S, P)`` per
  question (objects ``o("id")``, players ``p("id")``; schema asp/common/defined.lp);
- output: ``untargetable(O, S, P, Rule)`` for every rule that forbids the target; a target is
  legal for these rules when there is none.

:func:`untargetable` runs the questions alone (entry ``targeting``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pyengine import encodings, qualities, solver
from pyengine import facts as F
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.layers.result import LayerResult
from pyengine.model.enums import Zone
from pyengine.model.objects import GameState
from pyengine.registry import read

encodings.register("targeting", "common/targeting_query.lp")

PLAYER_WORDS = ("hexproof", "shroud")


@dataclass(frozen=True)
class Question:
    """Could ``target`` (an object id, or a player id with ``player=True``) be a target of a
    spell or ability with source ``source`` (an object id: the spell itself, or the
    ability's source) controlled by ``controller``?"""

    target: str
    source: str
    controller: str
    player: bool = False


def _o(oid: str) -> F.Fn:
    return F.Fn("o", oid)


def _p(pid: str) -> F.Fn:
    return F.Fn("p", pid)


def facts(state: GameState, result: LayerResult, questions: Iterable[Question]) -> F.FactSet:
    """The facts of asp/common/targeting.lp for ``state`` after layers (``result``)."""
    out = F.FactSet()
    players = state.player_ids
    for pid in players:
        out.add("q_player", _p(pid))
        pch = result.players.get(pid)
        for ability in pch.abilities if pch is not None else ():
            _ability(out, _p(pid), ability, None, players)
    for obj in state.objects:
        ch = result.objects.get(obj.id)
        if ch is None:
            continue
        controlled = obj.zone in (Zone.BATTLEFIELD, Zone.STACK)
        qualities.object_facts(out.add, _o(obj.id), name=ch.name, colors=ch.colors, types=ch.types,
                               subtypes=ch.subtypes, supertypes=ch.supertypes,
                               controller=_p(ch.controller) if controlled else None, owner=_p(obj.owner))
        if obj.zone != Zone.BATTLEFIELD:
            continue  # shroud, hexproof and protection are of permanents and players (702.18a,
            # 702.11b, 702.16b): a spell with hexproof on the stack can be targeted
        for name, param in ch.keywords:
            _ability(out, _o(obj.id), name, param, players)
    for q in questions:
        out.add("q_target", _p(q.target) if q.player else _o(q.target), _o(q.source), _p(q.controller))
    return out


def _ability(out: F.FactSet, holder: F.Fn, name: str, param: str | None, players: tuple[str, ...]) -> None:
    """One keyword of an object ((name, parameter)) or ability of a player (its words)."""
    if name.startswith("protection from "):
        name, param = "protection", name[len("protection from "):]
    if name == "protection" and param:
        out.add("q_protection", holder, qualities.term(qualities.parse(param, players), _p))
    elif name in PLAYER_WORDS:
        out.add(f"q_{name}", holder)


def untargetable(state: GameState, result: LayerResult, questions: Iterable[Question],
                 timeout: float | Budget = 10.0) -> dict[Question, tuple[str, ...]]:
    """For each question, the rules (CR numbers) that forbid the target, sorted; none: legal.
    ``timeout``: seconds, or the budget of the query this is part of."""
    qs = list(questions)
    res = solver.solve([encodings.path("targeting")], facts(state, result, qs),
                       what="targeting", budget=Budget.of(timeout, "the targeting question"))
    found: dict[tuple[bool, str, str, str], set[str]] = {}
    for u in read(res.model, O.Untargetable, ordered=False):
        o, s, p = u.target, u.source, u.controller
        key = (o.name == "p", o.arguments[0].string, s.arguments[0].string, p.arguments[0].string)
        found.setdefault(key, set()).add(u.rule)
    return {q: tuple(sorted(found.get((q.player, q.target, q.source, q.controller), ()))) for q in qs}
