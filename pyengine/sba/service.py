"""The state-based-action service (CR 704): one check of a game state.

Every rules decision is made by the encodings under asp/sba/ (and the shared qualities of
asp/common/qualities.lp); this module gets the characteristics from the layer engine, builds
facts, calls :func:`pyengine.solver.solve` once and reads the answer.
"""

from __future__ import annotations

from collections.abc import Mapping

import clingo

from pyengine import encodings
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.layers.result import LayerResult
from pyengine.model.objects import GameState
from pyengine.registry import read
from pyengine.sba import quiet
from pyengine.sba.facts import sba_factset
from pyengine.sba.model import NOTHING_SINCE, LegendGroup, SbaAction, SbaCheck, SinceLastCheck
from pyengine.sba.reasons import reason
from pyengine.solver import solve

encodings.register("sba", "sba/sba.lp")

TIMEOUT = 10.0



class LegendChoiceError(ValueError):
    """A legend-rule choice that names no group of the state (``key``: controller, name)."""

    def __init__(self, key: tuple[str, str], message: str) -> None:
        super().__init__(f"legend_choices: {message}")
        self.key = key
        self.message = message

def _validate(state: GameState, since: SinceLastCheck, legend_choices: Mapping[tuple[str, str], str]) -> None:
    """Ids in ``since`` and ``legend_choices`` must name players and objects of ``state``."""
    if not isinstance(since, SinceLastCheck):
        raise ValueError(f"since must be a SinceLastCheck, got {since!r}")
    players = set(state.player_ids)
    objects = {o.id for o in state.objects}
    for pid in sorted(since.drew_from_empty):
        if pid not in players:
            raise ValueError(f"since.drew_from_empty: unknown player {pid!r}; expected one of "
                             f"{', '.join(state.player_ids)}")
    for field in ("deathtouch_damaged", "sagas_sourcing", "battles_sourcing"):
        for oid in sorted(getattr(since, field)):
            if oid not in objects:
                raise ValueError(f"since.{field}: unknown object {oid!r}: no object has this id")
    for key, kept in legend_choices.items():
        if not (isinstance(key, tuple) and len(key) == 2 and all(isinstance(k, str) for k in key)):
            raise ValueError(f"legend_choices: a key is (controller, name), got {key!r}")
        if key[0] not in players:
            raise ValueError(f"legend_choices: unknown player {key[0]!r}")
        if not isinstance(kept, str) or kept not in objects:
            raise ValueError(f"legend_choices[{key[0]!r}, {key[1]!r}]: unknown object {kept!r}")


def _target(sym: clingo.Symbol) -> tuple[str | None, str | None]:
    """(object id, player id) of ``o(O)``, ``p(P)`` or ``game``."""
    if sym.name == "o":
        return sym.arguments[0].string, None
    if sym.name == "p":
        return None, sym.arguments[0].string
    return None, None


def check(state: GameState, *, since: SinceLastCheck = NOTHING_SINCE,
          legend_choices: Mapping[tuple[str, str], str] = {},  # noqa: B006 (read only)
          budget: Budget | None = None, timeout: float = TIMEOUT,
          layers: LayerResult | None = None) -> SbaCheck:
    """Every state-based action that applies to ``state`` (704.3: all performed at once),
    and the legend-rule groups whose choice is the caller's (704.5j: their controller chooses;
    no action is given for them). ``legend_choices``: (controller, name) -> the id kept; a
    choice for no such group, or keeping an object outside its group, is a ValueError.
    ``budget``: the deadline of the query this check is part of (else ``timeout`` seconds).
    ``layers``: the layer engine's answer for ``state`` when the caller has it already (else
    it is computed here); the characteristics are always those after every continuous effect."""
    from pyengine.layers import compute

    _validate(state, since, legend_choices)
    budget = budget if budget is not None else Budget(timeout, "the state-based-action check")
    if layers is None:
        layers = compute(state, timeout=budget)
    if quiet.nothing(state, layers, since, legend_choices):  # 704.5: provably none applies
        return SbaCheck(())
    facts = sba_factset(state, layers, since, legend_choices)
    result = solve([encodings.path("sba")], facts, what="check state-based actions", budget=budget)
    if not result.satisfiable:
        raise EncodingError("sba: the encoding has no answer (it is stratified)")
    model = result.model
    members: dict[tuple[str, str], list[str]] = {}
    for m in read(model, O.LegendMember, ordered=False):
        members.setdefault((m.controller.arguments[0].string, m.name), []).append(m.obj.arguments[0].string)
    for (pid, name), kept in legend_choices.items():
        group = members.get((pid, name))
        if group is None:
            raise LegendChoiceError((pid, name), f"{pid} controls no two legendary permanents named "
                                                  f"{name!r} (CR 704.5j)")
        if kept not in group:
            raise LegendChoiceError((pid, name), f"{kept!r} is not one of them: {pid}'s legendary "
                                                  f"permanents named {name!r} are {', '.join(sorted(group))}")
    counters: dict[tuple[str, str], list[tuple[str, int]]] = {}
    for c in read(model, O.SbaCounters, ordered=False):
        counters.setdefault((c.obj.arguments[0].string, c.rule), []).append((c.counter, c.amount))
    merged: dict[tuple[str, str | None, str | None, str], list[str]] = {}
    for a in read(model, O.Sba):
        target_obj, target_player = _target(a.target)
        merged.setdefault((a.kind, target_obj, target_player, a.rule), []).append(reason(a.rule, a.why))
    actions: list[SbaAction] = []
    for (kind, on_obj, on_player, rule), whys in merged.items():
        text = "; ".join(sorted(set(whys)))
        if kind == "remove_counters" and on_obj is not None:
            for counter, amount in sorted(counters.get((on_obj, rule), [])):
                actions.append(SbaAction(kind, rule, text, obj=on_obj, counter=counter, amount=amount))
        else:
            actions.append(SbaAction(kind, rule, text, obj=on_obj, player=on_player))
    groups = tuple(sorted(LegendGroup(pid, name, tuple(sorted(ids)))
                          for (pid, name), ids in members.items() if (pid, name) not in legend_choices))
    return SbaCheck(tuple(sorted(actions)), groups)
