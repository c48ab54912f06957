"""State-based actions (CR 704), decided by asp/sba/: one check of a game state."""

from pyengine.sba.model import LegendGroup, SbaAction, SbaCheck, SinceLastCheck
from pyengine.sba.service import check

__all__ = ["LegendGroup", "SbaAction", "SbaCheck", "SinceLastCheck", "check"]
