"""Brute-force reference implementations used only by tests (never by the engine).

They share no rules logic with the engine: an oracle module imports from pyengine only the
dataclasses that hold a parsed scenario, and its rules tables are its own, written from the
Comprehensive Rules (cr_tables.py; checked by test_oracle_independence.py)."""
