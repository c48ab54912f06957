"""Combat damage assignment (CR 510.1, 510.4, 702.2c, 702.19), decided by asp/damage/:
check a proposed assignment of one combat damage step, or list the legal ones."""

from pyengine.damage.model import (
    Assignment,
    Attacker,
    Blocker,
    Combat,
    Creature,
    Keyword,
    Listing,
    Recipient,
    Share,
    Step,
    Verdict,
    Violation,
    assignment,
)
from pyengine.damage.service import check, legal_assignments

__all__ = ["Assignment", "Attacker", "Blocker", "Combat", "Creature", "Keyword", "Listing", "Recipient",
           "Share", "Step", "Verdict", "Violation", "assignment", "check", "legal_assignments"]
