"""The effect sentences pyengine.oracle.effects rejects most often, in the bodies of triggered
abilities (whose trigger is read) and of instants' and sorceries' spell abilities held only as
text; numbers written N. ``only``: paragraphs in which that sentence is the only one rejected.

PYTHONPATH=. python tools/effect_misses.py [TOP]
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from pyengine.oracle import abilities as A
from pyengine.oracle import data
from pyengine.oracle import effects as E
from pyengine.oracle.compile import ABILITY_WORD, compile_card, self_refs


def _ok(s: str, spell: bool, dies: bool) -> bool:
    return E.sentence(s, E.Effect(from_graveyard=dies, it=True), spell)


def main(top: int = 60) -> None:
    store = data.load()
    seen: dict[str, Counter[str]] = {"trigger": Counter(), "spell": Counter()}
    only: dict[str, Counter[str]] = {"trigger": Counter(), "spell": Counter()}
    heads: Counter[str] = Counter()
    for card in store.faces():
        got = compile_card(card)
        info = {"types": card.types, "subtypes": card.subtypes, "name": card.name, "text": card.text}
        for c in got.clauses:
            if c.template not in ("triggered (text)", "spell ability (text)"):
                continue
            par = self_refs(ABILITY_WORD.sub("", c.text), card.name)
            kind = "spell" if c.template == "spell ability (text)" else "trigger"
            dies = False
            if kind == "trigger":
                m = re.fullmatch(r"((?:When|Whenever|At) [^,]+?), (.+)", par, re.S)
                if not m:
                    continue
                head, body = m.group(1), m.group(2)
                found = A._at(head)
                if found is None:
                    w = A._when(head, info)
                    if w is None:
                        heads[re.sub(r"\d+", "N", head)] += 1
                        continue
                par = body[:1].upper() + body[1:]
            sentences = E.split(par)
            if not sentences:
                continue
            bad = [s for s in sentences if not _ok(s, kind == "spell", dies)]
            for s in bad:
                seen[kind][re.sub(r"\d+", "N", s)] += 1
            if len(bad) == 1:
                only[kind][re.sub(r"\d+", "N", bad[0])] += 1
    for kind in ("trigger", "spell"):
        print(f"== {kind}: rejected sentences (all / only one rejected in its paragraph)")
        for s, n in seen[kind].most_common(top):
            print(f"  {n:>5} {only[kind][s]:>5}  {s[:140]}")
    print("== trigger heads not read")
    for s, n in heads.most_common(20):
        print(f"  {n:>5}  {s[:140]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
