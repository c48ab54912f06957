"""Brute-force reference for permanents entering the battlefield and tokens being created
(CR 614.1c-d, 614.12, 616.1, 616.1g, 111.1, 707), written from the rules with its own data
model and tables; it imports nothing from the engine.

* CR 614.1c-d, 614.12: "enters with counters", "enters tapped", "as ~ enters, choose",
  "enters as a copy" modify how a permanent enters: they modify the one entering event. The
  counters it enters with are part of that event (122.6), so Hardened Scales and Doubling
  Season modify them there, and two effects that each give it counters give one event.
* CR 614.12: which effects apply, and how, is checked on the permanent as it would exist on
  the battlefield after the effects already applied (a copy effect changes what it is, a
  control effect whose it is); its own abilities apply only as it would exist (a Clone that
  enters as a copy of a creature has that creature's "enters with" abilities, 707.5).
* CR 616.1: its controller (as it would enter) applies the applicable effects one at a time in
  any order, each once (614.5): first those that change under whose control it enters
  (616.1b), then copy effects (616.1c), then any (616.1e), until none applies (616.1f).
* CR 122.6a: the counters it enters with are put by its controller.
* CR 614.7: zero counters is no event.
* CR 111.1, 616.1g: an effect creating tokens is modified first (Doubling Season, Anointed
  Procession, Divine Visitation); then each token's entering is its own event, modified as
  above, independently of the others.
* CR 707.2, 111.3 (a token that is a copy): its copiable values are the original's.

The effects a case may hold are a small fixed table (:data:`KINDS`) of real cards' texts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement
from typing import Any

# kind -> the card text it stands for (each is one static ability unless noted)
KINDS = {
    "scales": "If one or more +1/+1 counters would be put on a creature you control, that many "
              "plus one +1/+1 counters are put on it instead. (Hardened Scales)",
    "season": "If an effect would create one or more tokens under your control, it creates twice "
              "that many of those tokens instead. If an effect would put one or more counters on a "
              "permanent you control, it puts twice that many of those counters on that permanent "
              "instead. (Doubling Season: two abilities)",
    "procession": "If an effect would create one or more tokens under your control, it creates "
                  "twice that many of those tokens instead. (Anointed Procession)",
    "consuls": "Creatures your opponents control enter tapped. (Authority of the Consuls)",
    "grumgully": "Each other creature you control enters with an additional +1/+1 counter on it.",
    "gather": "If a creature would enter under an opponent's control, it enters under your "
              "control instead. (Gather Specimens)",
    "vorinclex": "If you would put one or more counters on a permanent or player, put twice that "
                 "many instead. If an opponent would put one or more counters on a permanent or "
                 "player, they put half that many instead, rounded down. (two abilities)",
    "visitation": "If one or more creature tokens would be created under your control, that many "
                  "4/4 white Angel creature tokens with flying are created instead. (Divine "
                  "Visitation)",
}


@dataclass(frozen=True)
class Card:
    """Copiable values that matter here (707.2): a name, card types, and its own abilities
    that modify how it enters (614.1c): ("counters", N) "enters with N +1/+1 counters",
    ("tapped",), ("choice", (W, ...)) "as ~ enters, choose W or ...", ("copy", (TYPE, ...))
    "you may have ~ enter as a copy of a permanent of one of these types" (707.5, 616.1c)."""

    name: str
    types: tuple[str, ...]
    own: tuple[tuple[Any, ...], ...] = ()


ANGEL = Card("Angel", ("Creature",))  # Divine Visitation's 4/4 white Angel with flying


@dataclass(frozen=True)
class Perm:
    """A permanent on the battlefield."""

    id: str
    controller: str
    card: Card


@dataclass(frozen=True)
class Static:
    """A permanent's static ability (or a resolved effect, for gather) of a kind of KINDS."""

    id: str
    controller: str
    kind: str


@dataclass(frozen=True)
class EnterCase:
    """Players, the battlefield, the effects, and one event: ``card`` (an object ``card_id``
    entering from ``zone`` under ``control``'s control) or, with ``token`` (a Card: an inline
    token; a str: the id of a permanent the tokens are copies of), ``count`` tokens created
    under ``control``'s control."""

    players: tuple[str, ...]
    battlefield: tuple[Perm, ...]
    statics: tuple[Static, ...]
    control: str
    card_id: str | None = None
    card: Card | None = None
    zone: str | None = None
    token: Card | str | None = None
    count: int = 1

    def perm(self, pid: str) -> Perm:
        return next(p for p in self.battlefield if p.id == pid)


@dataclass(frozen=True)
class Entering:
    """One entering event as it stands: under whose control, as a copy of what, tapped, the
    +1/+1 counters it enters with, the choice made, the effects applied (614.5)."""

    control: str
    copy_of: str | None = None
    tapped: bool = False
    counters: int = 0
    choice: str | None = None
    applied: frozenset[str] = field(default_factory=frozenset)


B, C, E = 1, 2, 3  # CR 616.1b, 616.1c, 616.1e


class EnteringOracle:
    """Every outcome of one case."""

    def __init__(self, case: EnterCase) -> None:
        self.case = case

    # -- what the permanent is, as it would exist (614.12) -----------------------------
    def base(self) -> Card:
        c = self.case
        if c.card is not None:
            return c.card
        assert c.token is not None
        return c.token if isinstance(c.token, Card) else c.perm(c.token).card

    def current(self, base: Card, s: Entering) -> Card:
        return self.case.perm(s.copy_of).card if s.copy_of else base

    def options(self, base: Card, s: Entering) -> list[tuple[int, str, list[Entering]]]:
        """The applicable effects: (tier, id, the events each of its choices makes)."""
        card = self.current(base, s)
        creature = "Creature" in card.types
        out: list[tuple[int, str, list[Entering]]] = []

        def add(tier: int, eid: str, results: list[Entering]) -> None:
            if eid not in s.applied and results:
                out.append((tier, eid, [replace(r, applied=s.applied | {eid}) for r in results]))

        ident = s.copy_of or "self"
        for i, ab in enumerate(card.own):
            eid = f"own:{ident}:{i}"
            if ab[0] == "counters":
                add(E, eid, [replace(s, counters=s.counters + ab[1])])
            elif ab[0] == "tapped":
                add(E, eid, [replace(s, tapped=True)])
            elif ab[0] == "choice":
                add(E, eid, [replace(s, choice=w) for w in ab[1]])
            elif ab[0] == "copy":  # optional: declining is a choice too
                cands = [p.id for p in self.case.battlefield if set(p.card.types) & set(ab[1])]
                if cands:
                    add(C, eid, [replace(s, copy_of=x) for x in cands] + [s])
        for st in self.case.statics:
            mine = s.control == st.controller
            if st.kind == "gather" and creature and not mine:
                add(B, st.id, [replace(s, control=st.controller)])
            elif st.kind == "consuls" and creature and not mine:
                add(E, st.id, [replace(s, tapped=True)])
            elif st.kind == "grumgully" and creature and mine:
                add(E, st.id, [replace(s, counters=s.counters + 1)])
            elif s.counters <= 0:
                continue  # CR 614.7: no counters, nothing to modify
            elif st.kind == "scales" and creature and mine:
                add(E, st.id, [replace(s, counters=s.counters + 1)])
            elif st.kind == "season" and mine:
                add(E, st.id + "/counters", [replace(s, counters=s.counters * 2)])
            elif st.kind == "vorinclex":  # CR 122.6a: its controller puts them
                if mine:
                    add(E, st.id + "/1", [replace(s, counters=s.counters * 2)])
                else:
                    add(E, st.id + "/2", [replace(s, counters=s.counters // 2)])
        return out

    def enter_outcomes(self, base: Card, control: str) -> set[Entering]:
        """CR 616.1: the final forms of one entering event."""
        done: set[Entering] = set()
        seen: set[Entering] = set()
        todo = [Entering(control)]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            opts = self.options(base, s)
            if not opts:
                done.add(replace(s, applied=frozenset()))
                continue
            tier = min(t for t, _, _ in opts)
            for t, _, results in opts:
                if t == tier:
                    todo += results
        return done

    # -- tokens (111.1, 616.1g) ---------------------------------------------------------
    def creations(self) -> set[tuple[Any, int]]:
        """The final forms of the creation: (token, count)."""
        done: set[tuple[Any, int]] = set()
        seen: set[Any] = set()
        todo = [(self.case.token, self.case.count, frozenset())]
        ctl = self.case.control
        while todo:
            tok, n, applied = todo.pop()
            if (tok, n, applied) in seen:
                continue
            seen.add((tok, n, applied))
            nxt = []
            card = tok if isinstance(tok, Card) else self.case.perm(tok).card
            for st in self.case.statics:
                if st.controller != ctl:
                    continue
                if st.kind in ("season", "procession"):
                    nxt.append((st.id + "/tokens", (tok, n * 2)))
                elif st.kind == "visitation" and "Creature" in card.types:
                    nxt.append((st.id, (ANGEL, n)))
            nxt = [(eid, r) for eid, r in nxt if eid not in applied]
            if not nxt:
                done.add((tok, n))
            for eid, (t2, n2) in nxt:
                todo.append((t2, n2, applied | {eid}))
        return done

    # -- outcomes -------------------------------------------------------------------------
    def events(self, s: Entering, obj: Any, frm: str | None, cause: str, as_: Any) -> list[Any]:
        out = [("move", obj, 1, frm, "battlefield", cause, None, ("p", s.control),
                ("o", s.copy_of) if s.copy_of else as_, s.tapped, "front", s.choice)]
        if s.counters > 0:  # CR 614.7
            out.append(("counters", obj, "+1/+1", s.counters, ("p", s.control), "enters"))
        return out

    def run(self) -> set[tuple[Any, ...]]:
        c = self.case
        if c.card is not None:
            assert c.card_id is not None
            me = ("o", c.card_id)
            return {_key(self.events(s, me, c.zone, "effect", me))
                    for s in self.enter_outcomes(c.card, c.control)}
        out: set[tuple[Any, ...]] = set()
        for tok, n in self.creations():
            card = tok if isinstance(tok, Card) else self.case.perm(tok).card
            as_ = ("tokdef", tok.name) if isinstance(tok, Card) else ("o", tok)
            each = sorted(self.enter_outcomes(card, c.control), key=repr)
            for combo in combinations_with_replacement(each, n):
                evs = [e for s in combo for e in self.events(s, ("token",), None, "create", as_)]
                out.add(_key(evs))
        return out


def _key(events: list[Any]) -> tuple[Any, ...]:
    """An outcome in the form of the differential test: (events, blocked, used, shields)."""
    return (tuple(sorted(events, key=repr)), (), (), ())


def outcomes(case: EnterCase) -> set[tuple[Any, ...]]:
    """Every outcome the legal choices reach."""
    return EnteringOracle(case).run()


__all__ = ["ANGEL", "Card", "EnterCase", "KINDS", "Perm", "Static", "outcomes"]
