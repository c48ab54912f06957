"""Hypothesis strategies: a permanent entering the battlefield, or tokens being created, under
up to 4 effects on how it enters (tests/oracles/entering_oracle.py), for the replacement
differential test.

Each case is generated in the oracle's form and written out as a scenario in the effect
language, so the whole path is tested: the loader, the collection of effects, the
identities of entering objects (pyengine/replacement/entering.py), clingo.
"""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import strategies as st

from tests.oracles.entering_oracle import Card, EnterCase, Perm, Static

PLAYERS = ("alice", "bob")
# the cards a case is made of: (name, card types, own abilities); counters for the kinds
# that give +1/+1 counters
PLAIN = (Card("Bear", ("Creature",)), Card("Tapper", ("Creature",), (("tapped",),)),
         Card("Voice", ("Creature",), (("choice", ("white", "blue")),)),
         Card("Ornament", ("Artifact",)))
COUNTERS = (Card("Trisk", ("Artifact", "Creature"), (("counters", 2),)),
            Card("Hydra", ("Creature",), (("counters", 1),)),
            Card("Relic", ("Artifact",), (("counters", 1),)))
COPIERS = (Card("Clone", ("Creature",), (("copy", ("Creature",)),)),
           Card("Metamorph", ("Artifact", "Creature"), (("copy", ("Artifact", "Creature")),)))
MAIN_KINDS = ("scales", "season", "procession", "consuls", "gather", "vorinclex", "visitation",
              "grumgully")


@st.composite
def entering_cases(draw: Any, bug: str = "") -> EnterCase:
    """A random case. At most one effect gives the entering permanent +1/+1 counters (its own
    "enters with", or one "enters with an additional counter"), unless ``bug`` is
    ``"counters"``: then it has its own and one or two more (the engine's known gap: each is
    its own event)."""
    grum = bug == "counters" or draw(st.integers(0, 3)) == 0
    cards = PLAIN + COUNTERS if not grum or bug == "counters" else PLAIN
    kinds = tuple(k for k in MAIN_KINDS if k != "grumgully")
    statics = [Static(f"e{i + 1}", draw(st.sampled_from(PLAYERS)), draw(st.sampled_from(kinds)))
               for i in range(draw(st.integers(0, 3 if bug != "counters" else 2)))]
    if grum:
        statics += [Static(f"g{i + 1}", draw(st.sampled_from(PLAYERS)), "grumgully")
                    for i in range(1 if bug != "counters" else draw(st.integers(1, 2)))]
    perms = tuple(Perm(f"p{i + 1}", draw(st.sampled_from(PLAYERS)), draw(st.sampled_from(cards)))
                  for i in range(draw(st.integers(0, 2))))
    control = draw(st.sampled_from(PLAYERS))
    tokens = draw(st.booleans())
    # at most 4 tokens: the engine follows each token's entering on its own
    doublers = sum(s.kind in ("season", "procession") and s.controller == control for s in statics)
    most = 2 if doublers < 2 and bug != "counters" else 1
    if bug == "counters":
        # its own counters, and grumgully's for a creature its controller controls
        statics = [Static(s.id, control, s.kind) if s.kind == "grumgully" else s for s in statics]
        card = draw(st.sampled_from(COUNTERS[:2]))
        if tokens:
            return EnterCase(PLAYERS, perms, tuple(statics), control, token=card)
        return EnterCase(PLAYERS, perms, tuple(statics), control, "x", card, "stack")
    if tokens:
        copyable = [p.id for p in perms if not any(a[0] == "copy" for a in p.card.own)]
        token: Card | str = draw(st.sampled_from(cards + tuple(copyable)))
        return EnterCase(PLAYERS, perms, tuple(statics), control, token=token,
                         count=draw(st.integers(1, most)))
    card = draw(st.sampled_from(cards + COPIERS))
    zone = draw(st.sampled_from(("stack", "graveyard")))
    return EnterCase(PLAYERS, perms, tuple(statics), control, "x", card, zone)


# --- Writing a case as a scenario ----------------------------------------------------------------

def _own(ab: tuple[Any, ...]) -> dict[str, Any]:
    if ab[0] == "counters":
        return {"text": f"This enters with {ab[1]} +1/+1 counters.",
                "static": {"enters_with_counters": {"counter": "+1/+1", "amount": ab[1]}}}
    if ab[0] == "tapped":
        return {"text": "This enters tapped.", "static": {"enters_tapped": True}}
    if ab[0] == "choice":
        return {"text": "As this enters, choose " + " or ".join(ab[1]) + ".",
                "static": {"replace": {"event": {"kind": "enter", "object": "self"},
                                       "choice": list(ab[1])}}}
    assert ab[0] == "copy"
    return {"text": "You may have this enter as a copy of a permanent of these types.",
            "static": {"replace": {"event": {"kind": "enter", "object": "self"},
                                   "as": {"any_types": list(ab[1]), "zone": "battlefield"},
                                   "optional": True}}}


def _chars(card: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"name": card.name, "types": list(card.types)}
    if "Creature" in card.types:
        out |= {"power": 1, "toughness": 1}
    if card.own:
        out["abilities"] = [_own(a) for a in card.own]
    return out


ENTER_MINE = {"kind": "enter", "object": {"types": ["Creature"]}, "control": "you"}
ENTER_THEIRS = {"kind": "enter", "object": {"types": ["Creature"]}, "control": "opponent"}
PERMANENT = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]
ANGEL = {"name": "Angel", "types": ["Creature"], "subtypes": ["Angel"], "colors": ["white"],
         "power": 4, "toughness": 4, "abilities": ["flying"]}


def _static(kind: str) -> list[dict[str, Any]]:
    """The abilities of a kind of KINDS in the effect language."""
    tokens = {"replace": {"event": {"kind": "create_tokens", "control": "you"}, "count": {"times": 2}}}
    ops: list[dict[str, Any]] = {
        "scales": [{"replace": {"event": {"kind": "counters", "counter": "+1/+1", "target": {
            "objects": {"types": ["Creature"], "controller": "you"}}}, "amount": {"plus": 1}}}],
        "season": [tokens, {"replace": {"event": {"kind": "counters", "cause": ["effect", "enters"],
                                                  "target": {"objects": {"controller": "you",
                                                                         "any_types": PERMANENT}}},
                                        "amount": {"times": 2}}}],
        "procession": [tokens],
        "consuls": [{"enters_tapped": ENTER_THEIRS}],
        "grumgully": [{"replace": {"event": ENTER_MINE, "counters": {"+1/+1": 1}}}],
        "gather": [{"replace": {"event": ENTER_THEIRS, "control": "you"}}],
        "vorinclex": [{"replace": {"event": {"kind": "counters", "by": "you"}, "amount": {"times": 2}}},
                      {"replace": {"event": {"kind": "counters", "by": "opponent"},
                                   "amount": {"half": True}}}],
        "visitation": [{"replace": {"event": {"kind": "create_tokens", "control": "you",
                                              "as": {"types": ["Creature"]}},
                                    "instead": [{"kind": "create_tokens", "token": ANGEL,
                                                 "count": "same"}]}}],
    }[kind]
    return [{"text": f"{kind} {n + 1}", "static": op} for n, op in enumerate(ops)]


def entering_scenario(case: EnterCase) -> str:
    """The case as a scenario file (YAML text)."""
    objects: list[dict[str, Any]] = []
    effects: list[dict[str, Any]] = []
    stamp = 1
    for p in case.battlefield:
        objects.append({"id": p.id, **_chars(p.card), "controller": p.controller, "timestamp": stamp})
        stamp += 1
    for s in case.statics:
        if s.kind == "gather":  # a resolved spell's effect (Gather Specimens)
            effects.append({"id": s.id, "controller": s.controller, "timestamp": stamp,
                            **_static(s.kind)[0]["static"]})
        else:
            objects.append({"id": s.id, "name": f"Source {s.id}", "types": ["Enchantment"],
                            "controller": s.controller, "timestamp": stamp,
                            "abilities": _static(s.kind)})
        stamp += 1
    if case.card is not None:
        objects.append({"id": case.card_id, **_chars(case.card), "owner": case.control,
                        "zone": case.zone})
        event: dict[str, Any] = {"kind": "enter", "object": case.card_id, "from": case.zone,
                                 "control": case.control}
    else:
        tok = _chars(case.token) if isinstance(case.token, Card) else case.token
        event = {"kind": "create_tokens", "control": case.control, "token": tok, "count": case.count}
    doc = {
        "id": "replacement/property-entering", "title": "random case", "cr": ["614.12", "616.1"],
        "rationale": "random", "players": list(case.players), "turn": {"active": case.players[0]},
        "objects": objects, "effects": effects, "query": {"kind": "replacement", "event": event},
        "expect": {"outcomes": []},
    }
    return yaml.dump(doc, Dumper=_NoAliases, sort_keys=False)


class _NoAliases(yaml.SafeDumper):
    """Writes a value shared by two places twice (the loader refuses YAML aliases)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True
