"""The instruction ``{kind: transform, object: REF}`` as a spell or ability resolves (CR
701.27a): the permanent turns over to its other face (pyengine.game.keyword_faces.transform:
nothing happens to a permanent that isn't a transforming double-faced card, 701.27c, nor to
one whose other face is an instant or sorcery, 701.27d; a face-down one stays as it is, 712.15a).

701.27f: an activated or triggered ability of a permanent (not a delayed triggered ability of
it) that tries to transform that permanent transforms it only if it hasn't transformed since
the ability was put onto the stack; the game log's ``transform`` events since the ability's
``put_on_stack`` note say whether it has.
"""

from __future__ import annotations

from pyengine.budget import Budget
from pyengine.game.keyword_faces import transform
from pyengine.game.keyword_model import Transform
from pyengine.game.model import Game, StackItem
from pyengine.model.enums import Zone


def transformed_since(game: Game, item: StackItem, oid: str) -> bool:
    """Whether ``oid`` transformed after ``item`` was put onto the stack (701.27f)."""
    put = [n.index for n in game.notes if n.kind == "put_on_stack" and n.target == item.id]
    if not put:
        return False
    since = put[-1]
    return any(e.kind == "transform" and e.obj == oid for e in game.log[since:])


def transform_instr(game: Game, item: StackItem, oid: str, budget: Budget | float) -> Game:
    o = next((x for x in game.state.objects if x.id == oid), None)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return game  # 701.27a: only a permanent transforms (it left: 400.7, a new object)
    own = item.obj is None and item.source == oid and not item.id.startswith("delayed")
    if own and transformed_since(game, item, oid):
        return game  # 701.27f
    return transform(game, Transform(oid), budget)
