"""Everything pyengine says about one scenario, under one time limit: the layer result, the
query's answer, the explanation in text (``pyengine explain``'s) and the picture in DOT
(``pyengine graph``'s): the dependency graph of the continuous effects for a characteristics
query (CR 613.8), the witness for an attack or block query (CR 508.1, 509.1), the outcome tree
for a replacement query (CR 616.1); a game's timeline, the state-based actions (CR 704.5), the
triggered abilities and their stack order (CR 603.3b), the steps of a cast (CR 601.2).
The layers are computed once and shared."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.budget import Budget
from pyengine.errors import PyengineError
from pyengine.layers import compute
from pyengine.layers.result import LayerResult
from pyengine.queries import base as queries
from pyengine.scenario.model import Scenario

COMBAT = ("attack", "block")
KINDS = ("game", "sba", "triggers", "cast", "damage")  # accounts in explain_kinds, pictures in pictures_kinds


@dataclass(frozen=True)
class Analysis:
    """A scenario's layer result, its query's answer and, for combat, the board."""

    scenario: Scenario
    layers: LayerResult
    answer: Any
    board: Any = None  # a pyengine.combat.model.Board for an attack or block query

    def text(self) -> str:
        """The explanation, as ``pyengine explain`` prints it after the title line."""
        from pyengine.explain import combat, render

        kind = self.scenario.kind
        if kind == "characteristics":
            return render(self.layers)
        parts = []
        if self.layers.applications or self.layers.player_applications:
            parts.append("Continuous effects first (CR 613):\n" + render(self.layers) + "\n")
        if kind in COMBAT:
            parts.append(combat(self.answer, kind, self.board))
        elif kind in KINDS:
            from pyengine import explain_kinds

            parts.append(explain_kinds.text(kind, self.answer, self.scenario.query))
        elif kind == "replacement":
            parts.append(self.answer.tree())
        else:
            parts.append(self.answer.render())
        return "\n".join(parts)

    def dot(self) -> str:
        """The picture of the answer as Graphviz DOT text."""
        from pyengine.depgraph import graphs, to_dot
        from pyengine.pictures import combat_dot, replacement_dot

        kind, title = self.scenario.kind, self.scenario.id
        if kind in COMBAT:
            return combat_dot(self.answer, self.board, title=title)
        if kind == "replacement":
            return replacement_dot(self.answer, title=title)
        if kind in KINDS:
            from pyengine import pictures_kinds

            return pictures_kinds.dot(kind, self.answer, self.scenario.query, title)
        return to_dot(graphs(self.layers), title=title)


def analyse(scenario: Scenario, timeout: float | Budget) -> Analysis:
    """Answer the scenario's query within ``timeout`` (seconds, or a budget already begun):
    raises :class:`pyengine.errors.SolverTimeout` when the time runs out, never a guess."""
    budget = Budget.of(timeout, f"the {scenario.kind} query of {scenario.id}")
    kind = queries.get(scenario.kind)
    if kind is None or kind.solve is None:  # the loader refuses these; never a guess
        raise PyengineError(f"{scenario.file}: query.kind: {scenario.kind!r} is not supported yet")
    state, query = scenario.state, scenario.query
    layers = compute(state, timeout=budget)
    if scenario.kind == "characteristics":
        answer = layers.select(query.objects, query.fields, query.players, query.player_fields)
        return Analysis(scenario, layers, answer)
    if scenario.kind in COMBAT:
        from pyengine.combat import query as cq

        board = cq.board_of(state, query, budget)
        proposed = cq.resolve_payments(board, query.proposal) if query.proposal is not None else None
        return Analysis(scenario, layers, cq.judge(board, proposed, budget, query.list_limit), board)
    return Analysis(scenario, layers, kind.solve(state, query, budget))  # type: ignore[arg-type]
