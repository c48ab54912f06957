"""Brute-force reference implementations used only by tests (never by the engine)."""
