"""The order in which pyengine check's workers take scenarios (pyengine/scenario/schedule.py):
longest first by the seconds recorded in earlier runs, never-timed files first, input order
without a record; the order changes no outcome's place (the outcomes come in input order)."""

from __future__ import annotations

from pyengine.scenario import schedule


def test_without_a_record_the_input_order(tmp_path, monkeypatch):
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    assert schedule.longest_first(["a.yaml", "b.yaml", "c.yaml"]) == [0, 1, 2]


def test_longest_first_and_never_timed_before_all(tmp_path, monkeypatch):
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    schedule.remember([("a.yaml", 0.1), ("b.yaml", 0.5), ("c.yaml", 0.3)])
    assert schedule.longest_first(["a.yaml", "b.yaml", "c.yaml", "new.yaml"]) == [3, 1, 2, 0]
    schedule.remember([("a.yaml", 0.9)])  # the last run's time counts
    assert schedule.longest_first(["a.yaml", "b.yaml", "c.yaml"]) == [0, 1, 2]


def test_cache_off_or_broken_record_is_input_order(tmp_path, monkeypatch):
    monkeypatch.setenv("PYENGINE_CACHE_DIR", "off")
    schedule.remember([("a.yaml", 0.1), ("b.yaml", 0.5)])
    assert schedule.longest_first(["a.yaml", "b.yaml"]) == [0, 1]
    monkeypatch.setenv("PYENGINE_CACHE_DIR", str(tmp_path))
    (tmp_path / schedule.RECORD).write_text("not json", encoding="utf-8")
    assert schedule.longest_first(["a.yaml", "b.yaml"]) == [0, 1]
    schedule.remember([("b.yaml", 0.5), ("a.yaml", 0.1)])  # a broken record is replaced
    assert schedule.longest_first(["a.yaml", "b.yaml"]) == [1, 0]
