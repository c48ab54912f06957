"""pyengine: a rules expert system for Magic: The Gathering, reasoning with clingo."""

__version__ = "0.1.0"

_API = ("load", "loads", "solve", "check", "check_paths", "schema",
        "Outcome", "Status", "Scenario")


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    """Lazy access to the public API (pyengine.api), so ``import pyengine`` stays light.
    (``facts`` is not re-exported: it would shadow the pyengine.facts module.)"""
    if name in _API:
        from pyengine import api

        return getattr(api, name)
    raise AttributeError(f"module 'pyengine' has no attribute {name!r}")


__all__ = ["__version__", *_API]
