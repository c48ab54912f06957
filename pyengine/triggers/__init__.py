"""Triggered abilities (CR 603): which abilities a batch of game events triggers, whether an
intervening if clause still holds on resolution, and the APNAP order they go on the stack
in, decided by asp/triggers/."""

from pyengine.triggers.model import StackOrders, TriggerDef, Triggered
from pyengine.triggers.service import definition, intervening_if_holds, match, orders

__all__ = ["StackOrders", "TriggerDef", "Triggered", "definition", "intervening_if_holds", "match", "orders"]
