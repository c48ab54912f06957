"""Additional phases (CR 500.8, 505.1a): an instruction adds phases right after the current
phase; of several added after the same phase the most recently created comes first; an added
main phase is a postcombat main phase; then the turn goes on as it would have. On Seize the
Day ("Untap target creature. After this main phase, there is an additional combat phase
followed by an additional main phase.") when the cards extra is installed, and on the turn
engine's own functions otherwise."""

from __future__ import annotations

from typing import Any

from pyengine.game import extra_phases as X
from pyengine.game.model import Game
from pyengine.model.enums import Step


class _G:  # the fields of a game extra_phases reads, for the order of the steps alone
    def __init__(self, step: Step, phases: tuple[str, ...] = (), resume: Step | None = None) -> None:
        self.step, self.extra_phases, self.resume_step = step, phases, resume

    def clone(self, **kw: Any) -> "_G":
        g = _G(self.step, self.extra_phases, self.resume_step)
        for k, v in kw.items():
            setattr(g, k, v)
        return g


def _add(g: Any, phases: tuple[str, ...], main: bool) -> Any:
    return X.add(g, phases, main)  # type: ignore[arg-type]


def test_added_after_the_first_main_phase_the_turn_goes_on_with_its_combat() -> None:
    # 500.8: main 1, the additional combat, the additional (postcombat, 505.1a) main, then the
    # turn's own combat phase
    g = _add(_G(Step.PRECOMBAT_MAIN), ("combat", "main"), True)
    assert g.extra_phases == ("combat", "main") and g.resume_step == Step.BEGINNING_OF_COMBAT
    assert X.after_phase(g, Step.BEGINNING_OF_COMBAT) == Step.BEGINNING_OF_COMBAT
    g = X.taken(g)
    assert g.extra_phases == ("main",)
    assert X.after_phase(g, Step.POSTCOMBAT_MAIN) == Step.POSTCOMBAT_MAIN
    g = X.taken(g)
    assert g.extra_phases == () and X.after_phase(g, Step.END) == Step.BEGINNING_OF_COMBAT
    g = X.taken(g)
    assert g.resume_step is None


def test_the_most_recently_created_phase_comes_first() -> None:
    # 500.8: two instructions after the same phase: the later one's phases first
    g = _add(_G(Step.COMBAT_DAMAGE), ("combat",), False)
    g = _add(g, ("combat", "main"), False)
    assert g.extra_phases == ("combat", "main", "combat") and g.resume_step == Step.POSTCOMBAT_MAIN


def test_after_this_main_phase_outside_a_main_phase_adds_nothing() -> None:
    g = _add(_G(Step.DECLARE_BLOCKERS), ("combat", "main"), True)
    assert g.extra_phases == () and g.resume_step is None


def test_the_steps_still_to_come_include_the_added_phases_and_the_rest_of_the_turn() -> None:
    g = _add(_G(Step.POSTCOMBAT_MAIN), ("combat", "main"), True)
    steps = X.still_to_come(g)  # type: ignore[arg-type]
    assert steps[:6] == X.COMBAT_STEPS and steps[6] == Step.POSTCOMBAT_MAIN
    assert steps[7:] == (Step.END, Step.CLEANUP)


def test_a_new_turn_starts_with_no_additional_phase() -> None:
    assert Game.__dataclass_fields__["extra_phases"].default == ()
    assert Game.__dataclass_fields__["resume_step"].default is None
