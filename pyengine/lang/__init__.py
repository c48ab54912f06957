"""Reading scenario and card files: YAML with line numbers, and the effect language."""
