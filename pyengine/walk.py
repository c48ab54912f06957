"""Every value nested in a typed, immutable value: the fields of dataclasses and the items of
tuples and lists, depth first, the value itself first."""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator


def values(x: Any) -> Iterator[Any]:
    """``x``, then every value nested in it (dataclass fields, tuple and list items)."""
    stack = [x]
    while stack:
        item = stack.pop()
        yield item
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(reversed([getattr(item, f.name) for f in dataclasses.fields(item)]))
        elif isinstance(item, (tuple, list)):
            stack.extend(reversed(item))
