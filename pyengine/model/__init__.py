"""Typed, immutable game model: enums, objects, effects and scenario state."""
