"""A static grant of a keyword ("Other creatures you control have exalted", CR 613.1f): a
triggered keyword is granted as the triggered ability its CR 702 definition says it is, and a
grant of a keyword no engine runs leaves the paragraph not understood (a name alone would look
like a working ability that the game refuses, 603.1)."""

from __future__ import annotations

from pyengine.oracle.templates import compile_text


def _granted(text: str) -> list[object] | None:
    got = compile_text(text, {})
    if got is None:
        return None
    (ability,) = got
    assert isinstance(ability, dict)
    return list(ability["static"]["add_abilities"])


def test_a_granted_triggered_keyword_is_its_rules_ability() -> None:
    # CR 702.83a: "Whenever a creature you control attacks alone, that creature gets +1/+1
    # until end of turn"; 506.5: attacks alone
    (exalted,) = _granted("Other creatures you control have exalted.")  # type: ignore[misc]
    assert isinstance(exalted, dict)
    when = exalted["trigger"]["when"]
    assert when["kind"] == "attacks" and when.get("alone") is True
    assert exalted["do"][0]["effect"] == {"modify_pt": {"power": 1, "toughness": 1}}


def test_a_granted_keyword_the_engines_follow_by_name_is_its_word() -> None:
    assert _granted("Creatures you control have flying and vigilance.") == ["flying", "vigilance"]


def test_a_granted_keyword_no_engine_runs_is_not_understood() -> None:
    # CR 702.85a cascade and 702.107a myriad are triggered abilities with no definition compiled
    assert compile_text("Creatures you control have cascade.", {}) is None
    assert compile_text("Other creatures you control have myriad.", {}) is None
