"""The blocking API, generated from the async core (see scripts/generate_sync.py)."""

from browserkit._sync._generated import Browser, Downloads, Network, Session

__all__ = ["Browser", "Downloads", "Network", "Session"]
