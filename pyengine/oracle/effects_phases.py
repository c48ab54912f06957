"""Additional phases as an instruction (CR 500.8, 505.1a; pyengine.game.extra_phases):

- "After this main phase, there is an additional combat phase followed by an additional main
  phase." (Relentless Assault, Aggravated Assault): ``{kind: additional_phases, phases:
  [combat, main], after: main_phase}``;
- "After this phase, there is an additional combat phase." (an attack or combat damage
  trigger's): ``{kind: additional_phases, phases: [combat], after: phase}``.

Not read here (stay text): "after the second main phase this turn", "if it's the first combat
phase of the turn", "two additional combat phases", "at the beginning of that combat, ..."
(a delayed trigger on the new phase), and "there's an additional combat phase after this phase"
under "if it's your main phase".
"""

from __future__ import annotations

from typing import Any

_SENTENCES = {
    "after this main phase, there is an additional combat phase followed by an additional main phase":
        {"kind": "additional_phases", "phases": ["combat", "main"], "after": "main_phase"},
    "after this phase, there is an additional combat phase":
        {"kind": "additional_phases", "phases": ["combat"], "after": "phase"},
}


def sentence(s: str, eff: Any) -> bool:
    """Read the sentence into ``eff.do``; False when it is not one read here."""
    got = _SENTENCES.get(s.strip().rstrip(".").lower())
    if got is None:
        return False
    eff.do.append({**got, "phases": list(got["phases"])})
    return True
