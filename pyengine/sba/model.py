"""The typed input and output of the state-based-action service (CR 704): what happened
since the last check, the actions a check performs and the legend-rule groups waiting for a
choice.

Only the shape of the input is validated here; every rules question is decided by the
encodings under asp/sba/.
"""

from __future__ import annotations

from dataclasses import dataclass

# the kinds of action a check performs (704.3: all of them simultaneously, as one event)
KINDS = ("lose_game", "draw_game", "put_into_graveyard", "destroy", "cease_to_exist", "unattach",
         "remove_counters")


def _ids(value: object, what: str) -> frozenset[str]:
    if isinstance(value, (str, bytes)) or not isinstance(value, (frozenset, set, tuple, list)):
        raise ValueError(f"{what} must be a set of ids, got {value!r}")
    out = frozenset(value)
    for item in out:
        if not isinstance(item, str) or not item:
            raise ValueError(f"{what}: an id must be a non-empty string, got {item!r}")
    return out


@dataclass(frozen=True)
class SinceLastCheck:
    """What the state itself doesn't show: what happened since state-based actions were last
    checked, and what is waiting on the stack.

    ``drew_from_empty``: players who attempted to draw from an empty library (704.5b).
    ``deathtouch_damaged``: objects dealt damage by a source with deathtouch (704.5h, 702.2b).
    ``stack_empty``: whether the stack is empty (accepted for callers; under the current rules
    704.5s and 714.4 ask only whether the Saga is the source of a chapter ability waiting).
    ``sagas_sourcing``: Sagas that are the source of a chapter ability that has triggered and
    not yet left the stack (704.5s, 714.4). ``battles_sourcing``: battles that are the source
    of an ability that has triggered and not yet left the stack (704.5v)."""

    drew_from_empty: frozenset[str] = frozenset()
    deathtouch_damaged: frozenset[str] = frozenset()
    stack_empty: bool = True
    sagas_sourcing: frozenset[str] = frozenset()
    battles_sourcing: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name in ("drew_from_empty", "deathtouch_damaged", "sagas_sourcing", "battles_sourcing"):
            object.__setattr__(self, name, _ids(getattr(self, name), name))
        if not isinstance(self.stack_empty, bool):
            raise ValueError(f"stack_empty must be true or false, got {self.stack_empty!r}")


NOTHING_SINCE = SinceLastCheck()  # nothing happened since the last check; the stack is empty


@dataclass(frozen=True, order=True)
class SbaAction:
    """One state-based action: its kind (:data:`KINDS`), the CR rule that performs it, why,
    and what it acts on (an object, or a player), with a counter kind and an amount for
    ``remove_counters``.

    ``put_into_graveyard`` is not destruction (704.5f, i, j, k, m, s, v, y: regeneration and
    indestructible don't apply); ``destroy`` is (704.5g, h: regeneration may replace it);
    ``draw_game`` (104.4a) replaces the ``lose_game`` of every player when all would lose at
    once."""

    kind: str
    rule: str
    reason: str
    obj: str | None = None
    player: str | None = None
    counter: str | None = None
    amount: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown state-based action kind {self.kind!r}; "
                             f"expected one of {', '.join(KINDS)}")

    def render(self) -> str:
        """``CR 704.5g: destroy bears (lethal damage: 2 damage, toughness 2)``."""
        what = self.obj if self.obj is not None else self.player or "the game"
        extra = f" {self.amount} {self.counter}" if self.counter is not None else ""
        return f"CR {self.rule}: {self.kind.replace('_', ' ')}{extra} {what} ({self.reason})"


@dataclass(frozen=True, order=True)
class LegendGroup:
    """Two or more legendary permanents with one name and one controller, no choice given:
    the controller chooses the one kept (704.5j)."""

    controller: str
    name: str
    candidates: tuple[str, ...]


@dataclass(frozen=True)
class SbaCheck:
    """One check (704.3): every action that applies, performed simultaneously, and the
    legend-rule groups whose choice the caller must make (no action is given for them)."""

    actions: tuple[SbaAction, ...]
    legend_groups: tuple[LegendGroup, ...] = ()

    @property
    def any(self) -> bool:
        """Whether the check performs anything or waits for a legend-rule choice."""
        return bool(self.actions or self.legend_groups)
