"""Storage and emulation tools: cookies, localStorage, session state, the viewport.

In the opt-in groups storage and emulation.
"""

from __future__ import annotations
