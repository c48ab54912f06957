"""pyengine/lang/ops_replacement.py: the replacement operations of the effect language, and
one-line errors on bad input."""

from __future__ import annotations

import pytest

from pyengine.errors import ScenarioError
from pyengine.lang.effects import OPS, Ctx, parse_effect
from pyengine.lang.yamlread import Cursor, load_yaml
from pyengine.replacement import spec as S


def effect(text: str) -> S.Spec:
    eff = parse_effect(Cursor.root(load_yaml(text, "t.yaml"), "t.yaml"), Ctx(players=("alice", "bob")))
    return dict(eff.ops[0].args)["spec"]


def test_every_operation_is_registered_with_schema_and_doc() -> None:
    names = [n for n, spec in OPS.items() if spec.area == "replacement"]
    assert sorted(names) == ["cant", "cant_be_regenerated", "enters_tapped", "enters_with_counters",
                             "prevent", "regenerate", "replace", "skip", "unpreventable"]
    for n in names:
        assert OPS[n].schema and OPS[n].doc and not OPS[n].needs_affects


def test_replace_reads_pattern_and_modification() -> None:
    spec = effect("replace: {event: {kind: damage, target: {players: opponent}, amount: {gte: 2}},"
                  " amount: {plus: 2}}")
    assert isinstance(spec, S.ReplacementSpec)
    assert spec.pattern.kind == "damage" and ("amount", "gte", 2) in spec.pattern.ranges
    assert spec.alternatives[0].changes[0][:2] == ("amount", "plus")


def test_sugar_kinds_imply_fields() -> None:
    spec = effect("replace: {event: {kind: dies}, to: exile}")
    assert spec.pattern.kind == "move"
    assert dict(spec.pattern.words) == {"from": ("battlefield",), "to": ("graveyard",)}


def test_121_2_a_draw_pattern_watches_single_draws() -> None:
    spec = effect("replace: {event: {kind: draw, player: you}, count: {times: 2}}")
    assert ("count", "lte", 1) in spec.pattern.ranges


def test_optional_adds_a_decline_alternative() -> None:
    spec = effect("replace: {event: {kind: enter, object: self}, tapped: true, optional: true}")
    assert [a.label for a in spec.alternatives] == ["main", "decline"]


def test_prevent_shield_and_regenerate() -> None:
    shield = effect("prevent: {event: {target: affected}, shield: 3}")
    assert shield.shield == 3 and shield.prevention and shield.pattern.kind == "damage"
    regen = effect("regenerate: {object: self}")
    assert regen.regeneration and regen.uses == 1 and regen.alternatives[0].instead


def test_cant_variants() -> None:
    assert effect("cant: {kind: lose_game, player: you}").what == "happen"
    assert effect("cant_be_regenerated: affected").what == "regenerate"
    assert effect("unpreventable: true").what == "prevent"


BAD = {
    "unknown_kind": ("replace: {event: {kind: explode}, amount: {plus: 1}}", "event.kind"),
    "field_of_another_kind": ("replace: {event: {kind: draw, target: you}, count: {times: 2}}",
                              "event.target"),
    "no_modification": ("replace: {event: {kind: damage}}", "replace"),
    "bad_amount_op": ("replace: {event: {kind: damage}, amount: {squared: 2}}", "amount.squared"),
    "prevent_both": ("prevent: {event: {}, amount: 1, shield: 2}", "prevent"),
    "cant_library": ("cant: {kind: draw, library: {lte: 0}}", "cant.library"),
    "bad_zone": ("replace: {event: {kind: damage}, to: nowhere}", "replace.to"),
    "also_with_a_shield": ("prevent: {event: {}, shield: 2, also: [{kind: gain_life, amount: prevented}]}",
                           "prevent.also"),
    "controller_of_a_player_field": (
        "prevent: {event: {}, amount: all, also: [{kind: draw, player: {controller_of: target}}]}",
        "prevent.also[0].player.controller_of"),
    "set_with_another_op": ("replace: {event: {kind: damage}, amount: {set: 2, plus: 1}}", "amount"),
    "set_negative": ("replace: {event: {kind: damage}, amount: {set: -1}}", "amount.set"),
    "all_but_not_a_number": ("prevent: {event: {}, amount: {all_but: one}}", "prevent.amount.all_but"),
    "all_but_other_key": ("prevent: {event: {}, amount: {but: 1}}", "prevent.amount"),
    "prevented_not_a_number": (
        "prevent: {event: {}, amount: all, also: [{kind: gain_life, amount: prevents}]}",
        "prevent.also[0].amount"),
}


def test_614_1a_n_instead_sets_the_amount() -> None:
    """"It deals 2 damage instead" (Equal Treatment) sets the amount: not times, not plus."""
    spec = effect("replace: {event: {kind: damage, amount: {gte: 1}}, amount: {set: 2}}")
    assert spec.alternatives[0].changes == (("amount", "set", S.Value("int", number=2)),)


def test_prevent_all_but_n() -> None:
    """"Prevent all but 1 of that damage" (Temple Altisaur): a prevention leaving N."""
    spec = effect("prevent: {event: {target: self}, amount: {all_but: 1}}")
    assert spec.prevention and spec.alternatives[0].prevent == ("all_but", 1)


def test_615_5_prevention_with_an_additional_effect() -> None:
    spec = effect("prevent: {event: {target: self}, amount: all, also: [{kind: draw, "
                  "player: {controller_of: source}, count: prevented}]}")
    (alt,) = spec.alternatives
    assert alt.prevent == "all" and not alt.instead
    assert dict(alt.templates[0].fields) == {"player": S.Value("controller_of", field="source"),
                                             "count": S.Value("prevented")}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_is_a_one_line_error(name: str) -> None:
    text, path = BAD[name]
    with pytest.raises(ScenarioError) as err:
        effect(text)
    msg = str(err.value)
    assert "\n" not in msg and msg.startswith("t.yaml:") and path in msg


PREVENTED_IN_A_REPLACEMENT = """\
id: x
title: prevented outside a prevention effect
cr: ["615.5"]
rationale: x
players: [alice, bob]
turn: {active: bob}
objects:
  - {id: bears, card: Grizzly Bears, controller: alice, timestamp: 2}
  - id: e
    name: E
    types: [Enchantment]
    controller: alice
    timestamp: 3
    abilities:
      - static:
          replace: {event: {kind: damage}, amount: {times: 2}, also: [{kind: gain_life, amount: prevented}]}
query:
  kind: replacement
  event: {kind: damage, source: bears, target: bob, amount: 2}
expect: {outcomes: []}
"""


def test_prevented_outside_a_prevention_effect_is_a_one_line_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import io

    from pyengine.cli import main

    path = tmp_path / "bad.yaml"
    path.write_text(PREVENTED_IN_A_REPLACEMENT)
    out, err = io.StringIO(), io.StringIO()
    code = main(["solve", str(path)], stdout=out, stderr=err)
    lines = err.getvalue().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{path}:16:"), err.getvalue()
    assert "also[0]" in lines[0] and "prevents nothing" in lines[0], lines[0]
