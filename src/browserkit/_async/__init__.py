"""The async core: the only hand-written implementation of the browser API."""
