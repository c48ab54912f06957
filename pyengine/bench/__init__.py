"""Benchmarks (`pyengine bench ...`): each module has a `run(...)` that returns figures."""
