"""Combat legality (CR 508.1 declare attackers, 509.1 declare blockers), decided exactly by
the encodings under asp/combat/ with clingo.

* :mod:`pyengine.combat.model`: the board after layers, declarations, verdicts (typed).
* :mod:`pyengine.combat.build`: a game state, the layer engine's result and a query -> board.
* :mod:`pyengine.combat.facts`: board -> clingo facts (asp/combat/defined.lp).
* :mod:`pyengine.combat.service`: verify a proposal in one call; enumerate legal declarations.
* :mod:`pyengine.combat.components`: independent parts.
* :mod:`pyengine.combat.explain`: violations and requirements in words.
"""

from pyengine.combat.model import Board, Declaration, Item, Kind, Permanent, Target, Verdict
from pyengine.combat.service import enumerate_legal, judge, verify

__all__ = [
    "Board",
    "Declaration",
    "Item",
    "Kind",
    "Permanent",
    "Target",
    "Verdict",
    "enumerate_legal",
    "judge",
    "verify",
]
