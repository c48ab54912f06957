"""Text from a scenario (ids, titles, file names) made safe to print: a control character in a
name could move the cursor, clear the screen, end a line of a report early or reorder what a
terminal shows, so each is printed as an escape (``\\x1b``, ``\\u202e``) instead."""

from __future__ import annotations

import unicodedata

# characters that act as line breaks or reorder the text around them, besides the control
# characters proper (Unicode category Cc): line and paragraph separators and bidi controls
_ALSO = frozenset("\u2028\u2029\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _escaped(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with every control character (and line separator or bidi control) escaped:
    one line, shown as written."""
    if text.isprintable():  # the common case: nothing to do (spaces are printable)
        return text
    return "".join(_escaped(ch) if ch in _ALSO or unicodedata.category(ch) == "Cc" else ch
                   for ch in text)


def escape_lines(text: str) -> str:
    """``text``'s lines, each escaped (the line breaks between them kept)."""
    return "\n".join(escape(line) for line in text.split("\n"))
