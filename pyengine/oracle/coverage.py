"""How much of the card data compiles: per card status, per template, per card type, and the
most common unrecognised paragraphs (with card names written CARDNAME, so one template
shows as one line)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from pyengine.oracle import data
from pyengine.oracle.compile import STATUSES, Compiled, compile_card, self_refs
from pyengine.oracle.effects_quoted import GRANT_TEXT
from pyengine.oracle.templates import KEYWORDS_TEXT, TEMPLATES


@dataclass
class Coverage:
    """Counts over every card face of the data."""

    source: str = ""
    cards: int = 0
    status: Counter[str] = field(default_factory=Counter)
    by_type: dict[str, Counter[str]] = field(default_factory=dict)
    templates: Counter[str] = field(default_factory=Counter)  # paragraphs recognised
    template_cards: Counter[str] = field(default_factory=Counter)  # cards using it
    refused: Counter[str] = field(default_factory=Counter)  # template matched, parser refused
    unrecognised: Counter[str] = field(default_factory=Counter)
    unrun_keywords: Counter[str] = field(default_factory=Counter)  # CR 702 keywords held by name

    def add(self, got: Compiled, types: tuple[str, ...]) -> None:
        self.cards += 1
        st = got.status
        self.status[st] += 1
        for t in types or ("(no type)",):
            self.by_type.setdefault(t, Counter())[st] += 1
        used = set()
        for c in got.clauses:
            if c.template is None:
                key = re.sub(r"\d+", "N", self_refs(c.text, got.name).replace("SELF", "CARDNAME"))
                self.unrecognised[key] += 1
                if c.why:
                    self.refused[c.why.split(":")[-1].strip()[:80]] += 1
            else:
                self.templates[c.template] += 1
                used.add(c.template)
                if c.template == KEYWORDS_TEXT:
                    for kw in c.why.split(": ", 1)[-1].split(", "):
                        self.unrun_keywords[kw] += 1
        for u in used:
            self.template_cards[u] += 1


def measure() -> Coverage:
    """Compile every card face of the data."""
    store = data.load()
    cov = Coverage(source=store.source)
    for card in store.faces():
        cov.add(compile_card(card), card.types)
    return cov


def _pct(n: int, total: int) -> str:
    return f"{n:>6} ({100.0 * n / total:5.1f}%)" if total else f"{n:>6}"


def render(cov: Coverage, top: int = 50) -> str:
    """The coverage report, as text."""
    total = cov.cards
    lines = [f"card data: {cov.source}", f"{total} card faces", "",
             "status (full: every paragraph compiled into what the engines read; text-only: "
             "every paragraph recognised, some as triggered/activated/spell abilities or CR 702 "
             "keywords seen as present or absent; partial: some paragraphs not understood; "
             "none: no paragraph).",
             "  Held by their words and not text-only: \"This spell can't be countered\" (the "
             "game reads it when an instruction would counter the spell: CR 101.2, 113.6g) and "
             "\"As this enters, choose a creature type\" (the choice is the permanent's "
             "`chosen`, which the layer and combat engines read: 614.12a, 607.2d; a game does "
             "not make the choice yet, so a permanent entering in a game has none). \"Choose a "
             "color\" is a replacement effect whose choice the replacement engine offers; a "
             "game keeps the color chosen as the permanent's `chosen` (607.2d)."]
    for st in STATUSES:
        lines.append(f"  {st:<10} {_pct(cov.status[st], total)}")
    lines += ["", "templates (paragraphs recognised; cards using the template):"]
    names = [n for n, _ in TEMPLATES[:1]] + [KEYWORDS_TEXT] + [n for n, _ in TEMPLATES[1:]] + [GRANT_TEXT]
    for name in names:
        lines.append(f"  {name:<34} {cov.templates[name]:>7} paragraphs {cov.template_cards[name]:>7} cards")
    if cov.unrun_keywords:
        lines += ["", "CR 702 keywords held by name only, no engine runs them (paragraphs; top 20):",
                  "  " + ", ".join(f"{k} {n}" for k, n in cov.unrun_keywords.most_common(20))]
    lines += ["", "by card type (" + " / ".join(STATUSES) + "):"]
    for t, c in sorted(cov.by_type.items(), key=lambda kv: -sum(kv[1].values())):
        lines.append(f"  {t:<14} {sum(c.values()):>6}: " + " / ".join(str(c[s]) for s in STATUSES))
    lines += ["", f"the {top} most common unrecognised paragraphs (card names as CARDNAME, numbers N):"]
    for text, n in cov.unrecognised.most_common(top):
        lines.append(f"  {n:>5}  {text[:150]}")
    if cov.refused:
        lines += ["", "matched by a template but refused by the effect-language parser:"]
        for text, n in cov.refused.most_common(10):
            lines.append(f"  {n:>5}  {text}")
    return "\n".join(lines) + "\n"
