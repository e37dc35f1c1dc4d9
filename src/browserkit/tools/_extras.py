"""Extra tools: PDF and init scripts (opt-in groups pdf and scripts)."""

from __future__ import annotations
