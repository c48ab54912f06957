"""Quoted abilities (CR 113.1, 113.2): an ability an effect gives an object, written in
quotation marks ("create a 1/1 black Rat creature token with "This creature can't block."",
"... token. It has "Sacrifice this creature: Add {C}.""). The quoted text is compiled
recursively with the same templates as a printed paragraph, "this creature" / "this token"
being the object that has it (201.5); a quoted ability the compiler can't compile into what
the engines read (one seen only as present or absent included) leaves the sentence unread.

Effect sentences are split into sentences with each quotation kept whole
(:func:`protect`, :func:`restore`); only the sentences this module reads may hold one.
"""

from __future__ import annotations

import re
from typing import Any

MARK = "\x00Q{}\x00"
_MARKED = re.compile(r"\x00Q(\d+)\x00")
SELF_WORDS = r"\b[Tt]his (?:creature|token|permanent|artifact|land|enchantment)\b"


def protect(text: str) -> tuple[str, list[str]]:
    """The text with each quotation replaced by a mark (a quotation ending its sentence with
    its own period keeps that period outside the mark), and the quotations."""
    quotes: list[str] = []

    def mark(m: re.Match[str]) -> str:
        quotes.append(m.group(0))
        end = "." if m.group(1).endswith(".") else ""
        return MARK.format(len(quotes) - 1) + end

    return re.sub(r'"([^"]*)"', mark, text), quotes


def restore(sentence: str, quotes: list[str]) -> str:
    """A sentence with its marks replaced by their quotations (a period a quotation carried
    outside dropped)."""
    return re.sub(r"\x00Q(\d+)\x00\.?", lambda m: quotes[int(m.group(1))], sentence)


def has_mark(sentence: str) -> bool:
    return _MARKED.search(sentence) is not None


def ability(quoted: str, card: dict[str, Any]) -> list[Any] | None:
    """The abilities of one quoted ability ('"..."', its quotation marks included) for an
    object of ``card``'s types and subtypes, or None when it doesn't compile into what the
    engines read (CR 113.2: one ability; 113.1: granted, as printed ones are)."""
    from pyengine.oracle import phrases as P
    from pyengine.oracle.templates import TEXT_ONLY, match

    if not (quoted.startswith('"') and quoted.endswith('"')) or '"' in quoted[1:-1]:
        return None
    text = quoted[1:-1].strip()
    par = re.sub(SELF_WORDS, "SELF", text)
    found = match(par, card, text)
    if found is None or found[0] in TEXT_ONLY:
        return None
    name, got = found
    if name == "keywords" and not all(isinstance(k, str) and k in P.ENGINE_KEYWORDS for k in got):
        return None  # a keyword no engine runs (CR 702)
    if any(isinstance(a, dict) and set(a) & {"spell", "_unread", "_does"} for a in got):
        return None
    return list(got)


def _made(v: Any) -> set[str]:
    """The names of the tokens the abilities create (111.4)."""
    if isinstance(v, dict):
        here = {str(v["token"].get("name"))} if v.get("kind") == "create_tokens" and isinstance(
            v.get("token"), dict) else set()
        return here.union(*(_made(x) for x in v.values()))
    if isinstance(v, list):
        return set().union(*(_made(x) for x in v))
    return set()


def distinct(name: str, abilities: list[Any]) -> bool:
    """Whether the abilities create no token named as the token that has them: the game knows a
    token definition by its name (111.4: both would be "Ooze Token"), so two different
    definitions can't share one."""
    return name not in _made(abilities)


def with_abilities(phrase: str, card: dict[str, Any]) -> list[Any] | None:
    """The abilities of a token's "with ..." phrase: keywords the engines run and quoted
    abilities ("with flying and "..."", "with "...""), or None."""
    from pyengine.oracle import phrases as P

    marked, quotes = protect(phrase)
    parts = [restore(p, quotes) for p in re.split(r",? and |, ", marked) if p]
    out: list[Any] = []
    for part in parts:
        if part.startswith('"'):
            got = ability(part, card)
        else:
            kws = P.keyword_list(part)
            got = kws if kws and all(isinstance(k, str) and k in P.ENGINE_KEYWORDS for k in kws) else None
        if got is None:
            return None
        out += got
    return out or None


def token_has(s: str, eff: Any) -> bool:
    """"It has "..."" / "They have "..."" after a sentence creating tokens: those tokens have
    that ability too (CR 111.3: the effect defines the token's abilities, 113.1)."""
    m = re.fullmatch(r'(it has|they have) ("[^"]*")', s)
    if not m or not eff.do or eff.do[-1].get("kind") != "create_tokens":
        return False
    ev = eff.do[-1]
    if (m.group(1) == "it has") != (ev.get("count", 1) == 1):
        return False
    token = ev["token"]
    if "Creature" not in token.get("types", ()) or "power" not in token:
        return False  # a predefined token's abilities are its rules' (111.10)
    got = ability(m.group(2), {"types": token["types"], "subtypes": token.get("subtypes", [])})
    if got is None or not distinct(str(token.get("name")), got):
        return False
    ev["token"] = {**token, "abilities": [*token.get("abilities", []), *got]}
    return True


GRANT_TEXT = "ability grant (text)"  # a paragraph granting a quoted ability seen only as text


def grants_text_only(abilities: Any) -> bool:
    """Whether the abilities grant an ability the compiler saw only as present or absent
    (``{text: ...}``, as an activated or triggered ability it doesn't compile): the paragraph
    is then recognised but not compiled into what the engines run (113.1: the granted ability
    is an ability like a printed one)."""
    if isinstance(abilities, dict):
        granted = abilities.get("add_abilities")
        if isinstance(granted, list) and any(isinstance(a, dict) and set(a) == {"text"} for a in granted):
            return True
        return any(grants_text_only(v) for v in abilities.values())
    if isinstance(abilities, list):
        return any(grants_text_only(v) for v in abilities)
    return False


def sentence(marked: str, quotes: list[str]) -> str | None:
    """A sentence holding a quotation, restored, when it is one this module's readers take: a
    token created with it ("create ... with "..."", "It has / They have "...""), or an object
    gaining it until end of turn ("Until end of turn, target creature gains "..."", read as
    "target creature gains "..." until end of turn", 611.2a); else None."""
    if re.fullmatch(r"(?:[Cc]reate|It has|They have) .*", marked):
        return restore(marked, quotes)
    m = re.fullmatch(r"[Uu]ntil end of turn, (.+ gains? \x00Q\d+\x00)", marked)
    if m and "\x00" not in m.group(1).split(" gain")[0]:
        return restore(m.group(1), quotes) + " until end of turn"
    return None
