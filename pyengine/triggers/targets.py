"""The legal targets of a triggered ability (CR 603.3d: chosen as it is put on the stack,
following 601.2c; checked again as it resolves, 608.2b).

Which objects and players each target can be is asp/triggers/candidates.lp's (selectors,
"any target", player words); hexproof, shroud and protection are asp/common/targeting.lp's
(:func:`pyengine.targeting.untargetable`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pyengine import encodings, layers
from pyengine import shown as O
from pyengine.budget import Budget
from pyengine.errors import EncodingError
from pyengine.facts import Const
from pyengine.model.objects import GameState
from pyengine.model.triggers import TargetSpec
from pyengine.registry import read
from pyengine.solver import solve
from pyengine.targeting import Question, untargetable
from pyengine.triggers.facts import Builder

encodings.register("triggers_targets", "triggers/targets.lp")

Target = tuple[str, bool]  # (id, is a player)


def legal_targets(state: GameState, specs: Sequence[TargetSpec], source: str | None, controller: str,
                  it: str | None = None, *, budget: Budget | None = None,
                  combat: Mapping[str, frozenset[str]] | None = None) -> tuple[frozenset[Target], ...]:
    """For each target of the ability (in order), who or what can be chosen in ``state``:
    ``source`` is the ability's source (hexproof, shroud and protection are judged against it
    while it exists), ``controller`` what ``you`` names, ``it`` the object its trigger event
    was about; ``combat``: each attacking or blocking creature's states in the game's combat
    ("target attacking creature", 506.4; with no combat, none; a game's:
    pyengine.game.target_qualities.combat_states)."""
    if not specs:
        return ()
    budget = budget or Budget(10.0, "the trigger engine")
    result = layers.compute(state, timeout=budget)
    b = Builder()
    b.players(state)
    b.world("after", state, result.objects, {}, combat if combat is not None else {})
    b.fs.add("t_ctx", source or Const("none"), controller, it if it is not None else Const("none"))
    for n, spec in enumerate(specs, 1):
        if spec.what == "object_or_player" and spec.selector is not None:  # 115.1: one or the other
            b.fs.add("t_target_obj", n, b.selector(spec.selector))
            b.fs.add("t_target_player", n, Const(spec.player))
        elif spec.what == "object" and spec.selector is not None:
            b.fs.add("t_target_obj", n, b.selector(spec.selector))
        elif spec.what == "player":
            b.fs.add("t_target_player", n, Const(spec.player))
        else:
            b.fs.add("t_target_any", n)
    answer = solve([encodings.path("triggers_targets")], b.fs,
                   what="the legal targets of a triggered ability", budget=budget)
    if not answer.satisfiable:
        raise EncodingError("triggers: the targets encoding has no answer (it has one answer set)")
    found: dict[int, set[Target]] = {n: set() for n in range(1, len(specs) + 1)}
    for c in read(answer.model, O.Candidate, ordered=False):
        found[c.number].add((c.obj, False))
    for p in read(answer.model, O.CandidatePlayer, ordered=False):
        found[p.number].add((p.player, True))
    if source is not None and any(o.id == source for o in state.objects):
        qs = {(t, is_p): Question(t, source, controller, is_p) for n in found for t, is_p in found[n]}
        banned = untargetable(state, result, qs.values(), timeout=budget)
        for n in found:
            found[n] = {t for t in found[n] if not banned[qs[t]]}
    return tuple(frozenset(found[n]) for n in range(1, len(specs) + 1))
