"""CR 702 keyword abilities on real cards (the pyengine[cards] extra; skipped without it): a
triggered keyword is compiled from its own rule's wording and runs (prowess, 702.108a); a
keyword no engine runs keeps the card text-only, named, never counted as compiled (bushido
702.45a, echo 702.30a; equip and crew are compiled from their rules, test_oracle_keyword_activated);
deck-construction keywords have nothing to run."""

from __future__ import annotations

import pytest

from pyengine import oracle
from pyengine.oracle.keyword_rules import DEFINITIONS
from tests.oracle import support

pytestmark = support.BUNDLED



def test_prowess_is_its_rule_a_cast_trigger_pumping_itself_until_end_of_turn() -> None:
    got = oracle.compiled("Monastery Swiftspear")
    assert got is not None and got.status == "full"
    prowess = got.card["abilities"][1]
    assert prowess["text"] == "Prowess"
    cast = {"kind": "cast", "player": "you", "obj": {"not_types": ["Creature"]}}
    assert prowess["trigger"] == {"when": cast}
    assert prowess["do"] == [{"kind": "continuous", "object": "self", "duration": "end_of_turn",
                              "effect": {"modify_pt": {"power": 1, "toughness": 1}}}]


# Bloodthorn Flail's "Equip—Pay {3} or discard a card." is a choice of costs the game doesn't pay;
# Deepcavern Imp's "Echo—Discard a card." a cost echo's definition doesn't read (702.30a)
# (bushido compiles now: "blocks or becomes blocked", tests/oracle/test_oracle_compound_heads.py;
# rampage too: tests/oracle/test_oracle_combat_keywords.py); Basilica Guards' extort (702.101a:
# its hybrid "pay {W/B}" and "the total life lost this way") is not read
@pytest.mark.parametrize("name,keyword", [("Bloodthorn Flail", "equip"), ("Basilica Guards", "extort"),
                                          ("Deepcavern Imp", "echo")])
def test_a_keyword_no_engine_runs_leaves_the_card_text_only_and_names_it(name: str, keyword: str) -> None:
    got = oracle.compiled(name)
    assert got is not None and got.status == "text-only", (name, got and got.status)
    held = [c for c in got.clauses if c.template == "keywords (text)"]
    assert held and keyword in held[0].why


def test_plain_partner_changes_only_deck_construction() -> None:
    # CR 702.124a: nothing of it happens in a game, so it doesn't keep a card from compiling
    got = oracle.compiled("Thrasios, Triton Hero")
    assert got is not None
    assert not [c for c in got.clauses if c.template == "keywords (text)" and "partner" in c.why]


def test_the_definitions_are_the_rules_words() -> None:
    # each is CR 702.xa's quoted meaning: read from the rules text, not paraphrased
    import os
    from pathlib import Path

    shared = Path(__file__).resolve().parents[2].parent / "shared"
    rules = shared / "reference" / "comprehensive-rules-2026-01-16.txt"
    if not rules.exists():  # the shared folder next to the checkout; CI provides it
        missing = "the Comprehensive Rules text is missing: ../shared/reference/ from the repository root"
        if os.environ.get("CI") == "true":
            pytest.fail(missing + "; CI must provide it", pytrace=False)
        pytest.skip(missing)
    text = rules.read_text(encoding="utf-8").replace("\u2019", "'")
    from pyengine.oracle.keyword_activated import DEFINITIONS as ACTIVATED

    for kw, definition in {**DEFINITIONS, **ACTIVATED}.items():
        assert definition in text, kw
