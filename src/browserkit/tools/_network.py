"""Network tools: a request's detail, routes and offline (opt-in group network)."""

from __future__ import annotations
