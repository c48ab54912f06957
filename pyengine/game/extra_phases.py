"""Additional phases (CR 500.8, 505.1a): "After this main phase, there is an additional combat
phase followed by an additional main phase." (Relentless Assault) and "After this phase, there
is an additional combat phase." (Hellkite Charger's trigger) as the game follows them.

The game keeps the phases still to come before the turn goes on as it would have
(:attr:`pyengine.game.model.Game.extra_phases`) and the step it would have gone on to
(``resume``). An instruction adds its phases right after the current phase, ahead of those
added earlier (500.8: of several phases created after the same phase, the most recently
created occurs first). When the current phase ends (a main phase, or the combat phase at its
end of combat step), the first phase still to come begins; when none is left the turn goes on
from ``resume``. An additional main phase is a postcombat main phase (505.1a: only the turn's
first main phase is precombat); an additional combat phase has all the combat steps (506.1).
"After this main phase" read when it isn't a main phase adds nothing (the phase it names
doesn't exist).
"""

from __future__ import annotations

from pyengine.game.model import Game
from pyengine.model.enums import Step

KIND = "additional_phases"
PHASES = ("combat", "main")
FIRST_STEP = {"combat": Step.BEGINNING_OF_COMBAT, "main": Step.POSTCOMBAT_MAIN}
MAIN_STEPS = (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
COMBAT_STEPS = (Step.BEGINNING_OF_COMBAT, Step.DECLARE_ATTACKERS, Step.DECLARE_BLOCKERS,
                Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
# the step the turn goes on to after each phase that can be followed by additional phases
_AFTER = {"precombat_main": Step.BEGINNING_OF_COMBAT, "combat": Step.POSTCOMBAT_MAIN,
          "postcombat_main": Step.END}


def add(game: Game, phases: tuple[str, ...], after_main: bool) -> Game:
    """The phases added after the current phase (500.8); ``after_main``: "after this main
    phase", nothing unless the current phase is a main phase."""
    step = game.step
    if after_main and step not in MAIN_STEPS:
        return game
    if step not in MAIN_STEPS and step not in COMBAT_STEPS:
        return game  # "after this phase" in the beginning or ending phase: not followed here
    resume = game.resume_step
    if not game.extra_phases:
        phase = step.value if step in MAIN_STEPS else "combat"
        resume = _AFTER[phase]
    return game.clone(extra_phases=tuple(phases) + game.extra_phases, resume_step=resume)


def after_phase(game: Game, natural: Step) -> Step:
    """The step that follows the end of the current phase: the first additional phase's, else
    ``resume`` if additional phases were taken, else ``natural``."""
    return FIRST_STEP[game.extra_phases[0]] if game.extra_phases else game.resume_step or natural


def ends_phase(step: Step) -> bool:
    """Whether the step is the last of its phase (a main phase, or end of combat)."""
    return step in MAIN_STEPS or step == Step.END_OF_COMBAT


def taken(game: Game) -> Game:
    """The game as the next phase begins: the first additional phase taken from those to come,
    or ``resume`` used once none is left."""
    if game.extra_phases:
        return game.clone(extra_phases=game.extra_phases[1:])
    return game.clone(resume_step=None)


def still_to_come(game: Game) -> tuple[Step, ...]:
    """The steps of the additional phases still to come and of the rest of the turn after them
    (empty when no additional phase was created): where a script's ``advance`` may go this
    turn although the step's place in the turn's order is behind the current one."""
    from pyengine.game.model import ORDER

    if not game.extra_phases and game.resume_step is None:
        return ()
    out: list[Step] = []
    for phase in game.extra_phases:
        out += COMBAT_STEPS if phase == "combat" else (Step.POSTCOMBAT_MAIN,)
    resume = game.resume_step or Step.END
    return (*out, *ORDER[ORDER.index(resume):])
