"""Keyword abilities (CR 702) as the engines run them.

A keyword line ("Flying, prowess", "Bushido 2") gives the engines' keyword words, and other
CR 702 keywords by name. A name alone runs only where an engine follows that keyword's rule
(``RUN_BY_NAME``: the casting engine's costs and forms, the state-based actions' Enchant,
activations' Cycling). A triggered keyword is compiled from its own rule's wording
(``DEFINITIONS``, CR 702.xa: "Prowess" means "Whenever you cast a noncreature spell, this
creature gets +1/+1 until end of turn.") through the same templates as a printed paragraph,
and runs when that compiles into a triggered ability. Any other keyword is seen only as
present or absent: its paragraph is text-only, never counted as compiled.
"""

from __future__ import annotations

import re
from typing import Any, Callable

# followed by an engine from the name alone (the cast engine reads costs and forms, 702.8,
# 702.33, 702.34, 702.51, 702.66, 702.96, 702.102, 702.103, 702.126, 702.37, 702.168; the
# state-based actions read Enchant, 702.5, 704.5m; activations read Cycling, 702.29a)
RUN_BY_NAME = frozenset({"enchant", "cycling", "kicker", "flashback", "overload", "convoke", "delve",
                         "improvise", "morph", "disguise", "bestow", "fuse",
                         "megamorph",  # 702.37b: morph, read by the cast engine and the game
                         "rebound",  # 702.88a: followed by the game (pyengine.game.rebound)
                         "retrace", "jump-start"})  # 702.81a, 702.133a: asp/cast/graveyard_casts.lp

# static keywords with a number that an engine reads as the keyword word "NAME N" (the
# replacement engine's damage results read toxic's total value: 702.164b, 702.164c)
STATIC_NUMBERED = frozenset({"toxic"})

# keywords that change only how a deck is built (CR 702.124a: plain partner, 903.3c), so a
# game has nothing of them to run ("partner with [name]" also triggers: 702.124j)
NO_GAME_RULES = frozenset({"partner"})

# CR 702.xa: what each triggered keyword means, word for word ("N": the keyword's number)
DEFINITIONS = {
    "prowess": "Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.",
    "bushido": "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of turn.",
    "flanking": ("Whenever this creature becomes blocked by a creature without flanking, the blocking "
                 "creature gets -1/-1 until end of turn."),
    "afflict": "Whenever this creature becomes blocked, defending player loses N life.",
    "battle cry": ("Whenever this creature attacks, each other attacking creature gets +1/+0 until end "
                   "of turn."),
    "annihilator": "Whenever this creature attacks, defending player sacrifices N permanents.",
    "afterlife": ("When this permanent is put into a graveyard from the battlefield, create N 1/1 white "
                  "and black Spirit creature tokens with flying."),
    "exalted": "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",
    "renown": ("When this creature deals combat damage to a player, if it isn't renowned, put N +1/+1 "
               "counters on it and it becomes renowned."),
    "poisonous": ("Whenever this creature deals combat damage to a player, that player gets N poison "
                  "counters."),
    "dethrone": ("Whenever this creature attacks the player with the most life or tied for most life, put "
                 "a +1/+1 counter on this creature."),
    "rampage": ("Whenever this creature becomes blocked, it gets +N/+N until end of turn for each creature "
                "blocking it beyond the first."),
    "mentor": ("Whenever this creature attacks, put a +1/+1 counter on target attacking creature with "
               "power less than this creature's power."),
    "undying": ("When this permanent is put into a graveyard from the battlefield, if it had no +1/+1 "
                "counters on it, return it to the battlefield under its owner's control with a +1/+1 "
                "counter on it."),
    "persist": ("When this permanent is put into a graveyard from the battlefield, if it had no -1/-1 "
                "counters on it, return it to the battlefield under its owner's control with a -1/-1 "
                "counter on it."),
    "soulshift": ("When this permanent is put into a graveyard from the battlefield, you may return target "
                  "Spirit card with mana value N or less from your graveyard to your hand."),
    "fabricate": ("When this permanent enters, you may put N +1/+1 counters on it. If you don't, create N "
                  "1/1 colorless Servo artifact creature tokens."),
    "evolve": ("Whenever a creature you control enters, if that creature's power is greater than this "
               "creature's power and/or that creature's toughness is greater than this creature's "
               "toughness, put a +1/+1 counter on this creature."),
}

# a keyword held by name: its words, then its number, cost or em-dash cost ("Bushido 2",
# "Equip {2}", "Ward—Pay 3 life.")
_NAMED = re.compile(r"([a-z][a-z' !-]*?)(?:\s+(\d+)|\s*[{\u2014].*)?", re.S)


def _name(text: str) -> tuple[str, str | None]:
    """(keyword, its number) of a keyword line's item."""
    m = _NAMED.fullmatch(text.strip().lower())
    return (m.group(1), m.group(2)) if m else (text.strip().lower(), None)


def runnable(items: list[Any], compile_text: Callable[[str], tuple[str, list[Any]] | None],
             self_refs: Callable[[str], str]) -> tuple[list[Any], list[str]]:
    """The keyword line's abilities with each triggered keyword compiled from its definition
    where that compiles, and the names of the keywords held only by name that no engine runs
    (the paragraph is then text-only). ``items``: the engines' keyword words (strings) and
    other CR 702 keywords by name (``{text: ...}``)."""
    from pyengine.model.effects import TRIGGERED_KEYWORDS
    from pyengine.oracle.keyword_activated import definition as activated_definition
    from pyengine.oracle.keyword_alt import riders as alt_riders
    from pyengine.oracle.keyword_madness import riders as madness_riders
    from pyengine.oracle.keyword_echo import ability as echo
    from pyengine.oracle.keyword_graveyard import dredge, unearth
    from pyengine.oracle.keyword_storm import ability as storm
    from pyengine.oracle.keyword_upkeep import ability as cumulative_upkeep
    from pyengine.oracle.keyword_ward import ability as ward
    from pyengine.oracle.keyword_ward import ability_paid as ward_paid

    out: list[Any] = []
    unrun: list[str] = []
    for item in items:
        text = item if isinstance(item, str) else item.get("text") if isinstance(item, dict) else None
        warded = ward(text) if isinstance(text, str) else \
            ward_paid(item["ward"]) if isinstance(item, dict) and isinstance(item.get("ward"), str) else None
        if warded is not None:  # 702.21a, written out as its rule says
            out.append(warded)
            continue
        if not isinstance(text, str) or isinstance(item, dict) and len(item) != 1:
            out.append(item)  # a keyword with its parameter read ({landwalk: nonbasic}, {kicker: ...})
            out += alt_riders(item) or []  # evoke's trigger, dash's haste (702.74a, 702.109a)
            out += madness_riders(item) or []  # the discard into exile and its trigger (702.35a)
            if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in TRIGGERED_KEYWORDS:
                unrun.append(next(iter(item)))  # "Ward—Pay 3 life.": a triggered keyword by name (603.1)
            continue
        kw, n = _name(text)
        if kw in STATIC_NUMBERED and n is not None and isinstance(item, dict):
            out.append(f"{kw} {n}")  # 702.164a: "Toxic 2" -> the keyword word "toxic 2"
            continue
        from pyengine.oracle.keyword_modular import abilities as modular

        from pyengine.oracle.keyword_fading import abilities as fading

        from pyengine.oracle.keyword_unleash import abilities as unleash

        two = modular(text) or fading(text) or unleash(text)  # 702.43a, 702.32a, 702.98a
        if two is not None:  # 702.43a: a replacement effect and a triggered ability
            out += two
            continue
        from pyengine.oracle.keyword_bloodthirst import ability as bloodthirst

        from pyengine.oracle.keyword_myriad import ability as myriad

        upkeep = myriad(text) or cumulative_upkeep(text) or echo(text) or bloodthirst(text) or unearth(text) or dredge(text) or storm(text)  # 702.54a, 702.40a too
        if upkeep is None:
            from pyengine.oracle.keyword_cascade import ability as cascade
            from pyengine.oracle.keyword_cascade import is_cascade

            upkeep = cascade(text, sum(1 for a in out if is_cascade(a)))  # 702.85a; 702.85c
        if upkeep is not None:  # 702.24a, 702.30a: written out as their rules say
            out.append(upkeep)
            continue
        written = activated_definition(text)
        if written is not None:  # an activated keyword (702.6a equip ...), compiled from its rule
            got = compile_text(self_refs(written))
            if got is not None and got[0] == "activated ability" and len(got[1]) == 1:
                out.append({**got[1][0], "text": text[:1].upper() + text[1:]})
                continue
        definition = DEFINITIONS.get(kw)
        if definition is not None and (n is not None) == ("N" in definition):
            said = definition.replace("N", n) if n is not None else definition
            # "Poisonous 1": "that player gets a poison counter" (the singular, as cards write it)
            said = re.sub(r"\b1 (\S+) counters\b", r"a \1 counter", said)
            said = re.sub(r"\bcreate 1 (.+?) tokens\b", r"create a \1 token", said)  # afterlife 1
            got = compile_text(self_refs(said))
            if got is not None and got[0] == "triggered ability" and len(got[1]) == 1:
                out.append({**got[1][0], "text": text[:1].upper() + text[1:]})
                continue
        out.append(item)
        first = kw.split(" ")[0]
        if kw in TRIGGERED_KEYWORDS or first in TRIGGERED_KEYWORDS:
            unrun.append(kw)  # CR 702: a triggered ability the engines hold only by name
        elif isinstance(item, dict) and first not in RUN_BY_NAME and kw not in NO_GAME_RULES:
            unrun.append(kw)  # another CR 702 keyword no engine follows (equip, crew, echo ...)
    return out, unrun
