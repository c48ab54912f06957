"""pyengine: a rules expert system for Magic: The Gathering, reasoning with clingo."""

__version__ = "0.1.0"
