"""Replacement and prevention effects (CR 614-616): every outcome an event can reach under
the legal choices, and the check of a proposed sequence of choices.

The effect-language specifications live in :mod:`pyengine.replacement.spec` (imported by the
effect-language plug-in, so this package's ``__init__`` imports nothing else); the service is
:mod:`pyengine.replacement.service`.
"""
