"""Property test of casting forms (asp/cast/forms.lp) on random split and modal double-faced
cards: a cast whose form is left free is legal exactly when casting it as one of its forms is
(601.2a: the form is a choice of the cast); cast as a half or face, the spell's mana value is
that face's and its colors its mana cost's (709.3b, 712.8f, 202.3d, 202.2); fused, the two
halves' combined (702.102b-c, 709.4d); fused only with fuse (702.102a).

``PYENGINE_CASTFORMS_EXAMPLES`` sets the number of cards (default 8; CI runs 100).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pyengine.cast.model import Proposal
from pyengine.cast.service import check_cast
from pyengine.layers import engine as layers
from pyengine.model.mana import parse_cost
from pyengine.scenario.loader import load_text

EXAMPLES = int(os.environ.get("PYENGINE_CASTFORMS_EXAMPLES", "8"))
TIMEOUT = 60.0
COSTS = ("{R}", "{U}", "{1}{R}", "{1}{U}", "{2}", "{U}{R}", "{R}{R}", "{2}{U}", "{3}")
LETTER = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@st.composite
def cards(draw: st.DrawFn) -> dict:
    layout = draw(st.sampled_from(["split", "modal_dfc"]))
    kinds = ["Instant", "Sorcery"] if layout == "split" else ["Instant", "Sorcery", "Artifact", "Creature"]
    faces = [{"name": name, "cost": draw(st.sampled_from(COSTS)), "type": draw(st.sampled_from(kinds))}
             for name in ("Alpha", "Beta")]
    return {"layout": layout, "faces": faces, "fuse": layout == "split" and draw(st.booleans()),
            "mountains": draw(st.integers(0, 3)), "islands": draw(st.integers(0, 2)),
            "active": draw(st.sampled_from(["alice", "bob"]))}


def _text(card: dict) -> str:
    faces = []
    for f in card["faces"]:
        power = ", power: 1, toughness: 1" if f["type"] == "Creature" else ""
        kws = ", abilities: [fuse]" if card["fuse"] else ""
        faces.append(f"  - {{name: {f['name']}, mana_cost: '{f['cost']}', "
                     f"types: [{f['type']}]{power}{kws}}}")
    lands = [f"- {{id: m{i}, card: Mountain, controller: alice, timestamp: {i + 1}}}"
             for i in range(card["mountains"])]
    lands += [f"- {{id: i{i}, card: Island, controller: alice, timestamp: {i + 10}}}"
              for i in range(card["islands"])]
    return "\n".join([
        "id: casting/generated", "title: generated", "cr: ['601.2a']", "rationale: generated (601.2a)",
        "players: [alice, bob]", f"turn: {{active: {card['active']}}}", "objects:",
        "- id: card", "  name: Alpha // Beta", f"  layout: {card['layout']}", "  owner: alice",
        "  zone: hand", "  faces:", *faces, *lands, "query: {kind: cast, spell: card}",
        "expect: {legal: true}", ""])


def _colors(cost: str) -> tuple[str, ...]:
    return tuple(sorted({LETTER[s] for s in parse_cost(cost).symbols if s in LETTER}))


@settings(deadline=None, max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(cards())
def test_free_form_is_legal_iff_some_form_is(card: dict) -> None:
    note(_text(card))
    state = load_text(_text(card), "generated.yaml").state
    result = layers.compute(state, TIMEOUT)
    forms = ["face2"] + (["face1"] if card["layout"] == "split" else ["whole"]) + ["fused"]
    verdicts = {f: check_cast(state, Proposal("card", "alice", form=f), TIMEOUT, result=result)
                for f in forms}
    free = check_cast(state, Proposal("card", "alice"), TIMEOUT, result=result)
    assert free.legal == any(v.legal for v in verdicts.values())
    a, b = card["faces"]
    mv = {"face1": parse_cost(a["cost"]).mana_value, "whole": parse_cost(a["cost"]).mana_value,
          "face2": parse_cost(b["cost"]).mana_value,
          "fused": parse_cost(a["cost"]).mana_value + parse_cost(b["cost"]).mana_value}
    colors = {"face1": _colors(a["cost"]), "whole": _colors(a["cost"]), "face2": _colors(b["cost"]),
              "fused": _colors(a["cost"] + b["cost"])}
    for form, v in verdicts.items():
        if v.legal:
            assert v.mana_value == mv[form] and v.as_cast is not None
            assert v.as_cast.colors == colors[form] and v.as_cast.form == form
    if not card["fuse"]:
        assert not verdicts["fused"].legal
        assert verdicts["fused"].first is not None and verdicts["fused"].first.step in ("601.3", "601.2a")
