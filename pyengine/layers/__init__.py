"""The layer engine (CR 613): characteristics after all continuous effects."""

from pyengine.layers.engine import compute
from pyengine.layers.result import ActiveEffect, Application, LayerResult, ObjectChars

__all__ = ["compute", "ActiveEffect", "Application", "LayerResult", "ObjectChars"]
