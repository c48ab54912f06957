"""Typed answers of the replacement engine: every reachable outcome with one sequence of
choices reaching it, and the verdict on a proposed sequence."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pyengine.replacement.event import Event

TIER_TEXT = {"616.1a": "self-replacement effects first", "616.1b": "effects on who controls an "
             "entering object next", "616.1c": "effects making it enter as a copy next",
             "616.1d": "effects making it enter back face up next", "616.1e": "any applicable effect"}


@dataclass(frozen=True)
class Step:
    """One application: at step ``t``, ``chooser`` chose ``effect`` (under ``rule``, a 616.1
    tier) for ``event``, taking its alternative ``alternative``."""

    t: int
    effect: str
    alternative: str
    chooser: str
    rule: str
    event: Event
    # the event as the engine names it (kind, fields), to propose this step again
    on: tuple[Any, Any] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"step": self.t, "effect": self.effect, "choice": self.alternative,
                "chosen_by": self.chooser, "tier": self.rule, "event": self.event.to_json()}

    def render(self) -> str:
        """One line."""
        alt = "" if self.alternative in ("main", "shield") else f", choosing {self.alternative}"
        return (f"{self.t}. {self.chooser} applies {self.effect}{alt} to: {self.event.render()} "
                f"[{self.rule}: {TIER_TEXT.get(self.rule, '')}]")


@dataclass(frozen=True)
class Outcome:
    """A final result: the events that happen (a multiset), those a "can't" effect stopped,
    the one-shot effects used (times) and the shields left (only those that changed)."""

    events: tuple[Event, ...]
    blocked: tuple[tuple[Event, str], ...] = ()
    used: tuple[tuple[str, int], ...] = ()
    shields: tuple[tuple[str, int], ...] = ()
    witness: tuple[Step, ...] = field(default=(), compare=False, hash=False)

    @property
    def key(self) -> tuple[Any, ...]:
        """What the outcome is, independent of how it was reached."""
        return (tuple(sorted(Counter(self.events).items(), key=repr)),
                tuple(sorted(Counter(self.blocked).items(), key=repr)),
                tuple(sorted(self.used)), tuple(sorted(self.shields)))

    def to_json(self) -> dict[str, Any]:
        """JSON form (the scenario expectation format plus the witness)."""
        out: dict[str, Any] = {"events": [e.to_json() for e in sorted(self.events, key=repr)]}
        if self.blocked:
            out["blocked"] = [e.to_json() | {"stopped_by": c} for e, c in self.blocked]
        if self.used:
            out["used"] = dict(self.used)
        if self.shields:
            out["shields"] = dict(self.shields)
        out["sequence"] = [s.to_json() for s in self.witness]
        return out

    def summary(self) -> str:
        """One line: what happens."""
        parts = [e.render() for e in sorted(self.events, key=repr)] or ["nothing happens"]
        parts += [f"{e.render()} can't happen ({c})" for e, c in self.blocked]
        parts += [f"{k} used" for k, _ in self.used]
        parts += [f"{k} has {n} left" for k, n in self.shields]
        return "; ".join(parts)

    def render(self) -> str:
        """The outcome and the sequence reaching it."""
        lines = [self.summary()]
        lines += ["   " + s.render() for s in self.witness] or ["   (no effect applies)"]
        return "\n".join(lines)


@dataclass(frozen=True)
class EffectInfo:
    """An effect the engine considered: ``status`` is present, late (614.4) or cant."""

    id: str
    text: str
    source: str | None
    controller: str
    status: str


@dataclass(frozen=True, order=True)
class Violation:
    """Why a proposed sequence is illegal: the rule, the check, and its arguments."""

    rule: str
    check: str
    args: str

    def render(self) -> str:
        """One line."""
        return f"{self.rule} {self.check}: {self.args}"


@dataclass(frozen=True)
class Verdict:
    """A proposed sequence: legal or not, why, and where it leads."""

    legal: bool
    violations: tuple[Violation, ...]
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        return {"legal": self.legal, "violations": [v.__dict__ for v in self.violations],
                "outcome": self.outcome.to_json() if self.outcome else None}


@dataclass(frozen=True)
class ReplacementAnswer:
    """Every outcome the legal choices reach (one witness sequence each), the effects
    considered, and the verdict on a proposed sequence if one was given."""

    events: tuple[Event, ...]
    effects: tuple[EffectInfo, ...]
    outcomes: tuple[Outcome, ...]
    verdict: Verdict | None = None
    stats: dict[str, float] = field(default_factory=dict, compare=False, hash=False)

    def to_json(self) -> dict[str, Any]:
        """JSON form."""
        out: dict[str, Any] = {
            "event": [e.to_json() for e in self.events],
            "effects": [e.__dict__ for e in self.effects],
            "outcomes": [o.to_json() for o in self.outcomes],
        }
        if self.verdict is not None:
            out["proposal"] = self.verdict.to_json()
        return out

    def render(self) -> str:
        """The event, the effects and every outcome with a sequence reaching it."""
        lines = ["event: " + "; ".join(e.render() for e in self.events)]
        for e in self.effects:
            lines.append(f"  effect {e.id} ({e.status}, {e.controller}): {e.text}")
        lines.append(f"{len(self.outcomes)} reachable outcome(s):")
        for i, o in enumerate(self.outcomes, start=1):
            lines.append(f"[{i}] " + o.render())
        if self.verdict is not None:
            v = self.verdict
            lines.append("proposed sequence: " + ("legal" if v.legal else "illegal"))
            lines += ["   " + x.render() for x in v.violations]
            if v.outcome is not None:
                lines.append("   leads to: " + v.outcome.summary())
        return "\n".join(lines)

    def tree(self) -> str:
        """The outcome tree: the sequences of choices reaching the outcomes (one legal sequence
        per outcome, CR 616.1), merged where they begin alike, so each branch is a choice and
        each leaf an outcome; then the verdict on a proposed sequence, if one was given."""
        lines = ["event: " + "; ".join(e.render() for e in self.events)]
        for e in self.effects:
            lines.append(f"  effect {e.id} ({e.status}, {e.controller}): {e.text}")
        lines.append(f"{len(self.outcomes)} reachable outcome(s); the affected player, or the affected "
                     "object's controller, chooses which effect applies next (CR 616.1); one legal "
                     "sequence to each:")
        root: dict[Any, Any] = {}  # step -> subtree; None keys hold the outcomes ending there
        for i, o in enumerate(self.outcomes, start=1):
            node = root
            for step in o.witness:
                node = node.setdefault(step, {})
            node.setdefault(None, []).append((i, o))
        self._branch(root, 1, lines)
        if self.verdict is not None:
            v = self.verdict
            lines.append("proposed sequence: " + ("legal" if v.legal else "illegal"))
            lines += ["   " + x.render() for x in v.violations]
            if v.outcome is not None:
                lines.append("   leads to: " + v.outcome.summary())
        return "\n".join(lines)

    @staticmethod
    def _branch(node: dict[Any, Any], depth: int, lines: list[str]) -> None:
        pad = "   " * depth
        for i, o in node.get(None, []):
            tail = "" if o.witness else " (no effect applies)"
            lines.append(f"{pad}=> outcome [{i}]: {o.summary()}{tail}")
        for step, sub in node.items():
            if step is not None:
                lines.append(pad + step.render())
                ReplacementAnswer._branch(sub, depth + 1, lines)
