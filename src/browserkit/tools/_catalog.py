"""Which modules define browserkit's tools, and the one order every export lists them in.

Importing this module registers every tool. The order is part of the contract
(``registry()``, every export and the MCP server list the tools in it, and a
model reads them top to bottom), so it is written out in ``ORDER`` rather than
left to import order, and it stays put when a tool moves between modules.

Adding a tool: in the module of its capability, an ``@attrs.frozen`` argument
class whose fields use :func:`~browserkit.tools.arg`, and a ``@tool(name, Args)``
coroutine whose docstring is what the model reads (keep outputs compact: tokens
matter); then its name in ``ORDER``, or the import fails.
"""

from __future__ import annotations

# Each module registers its tools when imported; their order does not matter.
from browserkit.tools import (  # noqa: F401
    _acting,
    _browser,
    _code,
    _evidence,
    _extras,
    _javascript,
    _navigation,
    _network,
    _people,
    _reading,
    _state,
)
from browserkit.tools._registry import arrange

__all__ = ["ORDER"]

ORDER = (
    "browser_sessions_start",
    "browser_sessions_list",
    "browser_sessions_stop",
    "browser_sessions_attach",
    "browser_tabs_list",
    "browser_diagnostics",
    "browser_navigate",
    "browser_history",
    "browser_snapshot",
    "browser_dom_read",
    "browser_scan",
    "browser_find",
    "browser_screenshot",
    "browser_act",
    "browser_fill_form",
    "browser_handle_dialog",
    "browser_upload",
    "browser_handoff",
    "browser_handoff_confirm",
    "browser_pick",
    "browser_evaluate",
    "browser_execute",
    "browser_styles_read",
    "browser_styles_write",
    "browser_wait_for",
    "browser_console_read",
    "browser_network_read",
    "browser_downloads_read",
    "browser_download_save",
    "browser_tabs",
    # opt-in group storage, then emulation (tools/_state.py)
    "browser_storage_state",
    "browser_cookies",
    "browser_set_cookies",
    "browser_clear_cookies",
    "browser_local_storage",
    "browser_session_storage",
    "browser_resize",
    "browser_emulate_media",
    "browser_throttle",
    # opt-in group network (tools/_network.py)
    "browser_network_detail",
    "browser_route",
    "browser_unroute",
    "browser_offline",
    # opt-in groups pdf and scripts (tools/_extras.py)
    "browser_pdf",
    "browser_init_script",
    # opt-in group reading (tools/_reading.py)
    "browser_markdown",
    # opt-in group code (tools/_code.py)
    "browser_locator",
    "browser_script_export",
    "browser_replay",
)

arrange(ORDER)
