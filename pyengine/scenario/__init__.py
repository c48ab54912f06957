"""Scenario files: loading, validation and running (one scenario per YAML file)."""
