"""People: the live view, pick and handoff."""
