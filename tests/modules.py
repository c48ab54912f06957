"""Import every pyengine module (each engine declares its predicates and records when imported),
leaving out those of an optional extra that is not installed (the playground needs `web`)."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil

import pyengine

# package prefix -> a module its optional extra installs
EXTRAS = {"pyengine.web.": "starlette"}


def import_all() -> list[str]:
    """Import every pyengine module there is the means to; their names."""
    done = []
    for info in pkgutil.walk_packages(pyengine.__path__, "pyengine."):
        if info.name.endswith("__main__"):
            continue
        needs = [mod for prefix, mod in EXTRAS.items() if info.name.startswith(prefix)]
        if needs and importlib.util.find_spec(needs[0]) is None:
            continue
        importlib.import_module(info.name)
        done.append(info.name)
    return done
