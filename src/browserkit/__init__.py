"""browserkit: drive a real Chromium from AI agents and notebooks.

>>> import browserkit as bk
>>> with bk.Browser() as browser:                      # doctest: +SKIP
...     s = browser.start(url="http://127.0.0.1:8000/")
...     print(s.snapshot())                            # outline with [ref=eN]
...     print(s.click("e3").diff)                      # what the click changed

The async API is the same with ``AsyncBrowser`` and ``await``.
"""

# Names load when first used (PEP 562), so `import browserkit` costs almost
# nothing: the command line's client, which only talks to a session process
# over a socket, starts in tens of milliseconds instead of importing
# Playwright and the whole async core first.
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from browserkit._version import __version__

if TYPE_CHECKING:
    from browserkit._async.browser import AsyncBrowser
    from browserkit._async.evidence.views import AsyncDownloads, ConsoleView, NetworkView
    from browserkit._async.network.detail import AsyncNetwork
    from browserkit._async.people.live_view import LiveView
    from browserkit._async.session import AsyncSession
    from browserkit._replay_api import replay
    from browserkit._script import Healed, ReplayResult, Script
    from browserkit._secrets import Secret, secret
    from browserkit._steps import Step
    from browserkit._sync import Browser, Downloads, Network, Session
    from browserkit.buffers import ConsoleEntry, DownloadEntry, EventBuffer, EventPage, NetworkEntry
    from browserkit.config import Config
    from browserkit.errors import (
        AttachDisabledError,
        BrowserCrashedError,
        BrowserkitError,
        BrowserNotFoundError,
        CapacityError,
        DomainNotAllowedError,
        DownloadNotFoundError,
        EvaluationError,
        FrameNotFoundError,
        InvalidArgumentError,
        ModalStateBlockedError,
        NavigationFailedError,
        PageNotFoundError,
        ProfileInUseError,
        ReadOnlyError,
        RefNotFoundError,
        ReplayStepFailedError,
        SchemeNotAllowedError,
        SessionClosedError,
        SessionNotFoundError,
        StaleRefError,
        TargetCoveredError,
        TargetNotActionableError,
        TargetNotFoundError,
        TimeoutError,
    )
    from browserkit.refs import Ref
    from browserkit.results import (
        ActionResult,
        CollapsedList,
        Cookie,
        DiagnosticIssue,
        Diagnostics,
        DialogInfo,
        DomNode,
        EndpointStatus,
        ExecuteResult,
        FindMatch,
        FrameInfo,
        Handoff,
        HistoryMove,
        MarkdownLink,
        Navigation,
        OriginStorage,
        PageMarkdown,
        PageScan,
        PdfFile,
        Picked,
        Recording,
        RequestDetail,
        ScanTarget,
        Screenshot,
        SessionInfo,
        Snapshot,
        StorageState,
        Styles,
        TabInfo,
        WaitResult,
    )
    from browserkit.snapshot import SnapshotDiff
    from browserkit.targets import (
        Point,
        Selector,
        css,
        label,
        placeholder,
        point,
        role,
        test_id,
        text,
        xpath,
    )

# Each public name, and the module that defines it.
_HOMES: dict[str, str] = {
    "ActionResult": "browserkit.results",
    "AsyncBrowser": "browserkit._async.browser",
    "AsyncDownloads": "browserkit._async.evidence.views",
    "AsyncNetwork": "browserkit._async.network.detail",
    "AsyncSession": "browserkit._async.session",
    "AttachDisabledError": "browserkit.errors",
    "Browser": "browserkit._sync",
    "BrowserCrashedError": "browserkit.errors",
    "BrowserNotFoundError": "browserkit.errors",
    "BrowserkitError": "browserkit.errors",
    "CapacityError": "browserkit.errors",
    "CollapsedList": "browserkit.results",
    "Config": "browserkit.config",
    "ConsoleEntry": "browserkit.buffers",
    "ConsoleView": "browserkit._async.evidence.views",
    "Cookie": "browserkit.results",
    "DiagnosticIssue": "browserkit.results",
    "Diagnostics": "browserkit.results",
    "DialogInfo": "browserkit.results",
    "DomNode": "browserkit.results",
    "DomainNotAllowedError": "browserkit.errors",
    "DownloadEntry": "browserkit.buffers",
    "DownloadNotFoundError": "browserkit.errors",
    "Downloads": "browserkit._sync",
    "EndpointStatus": "browserkit.results",
    "EvaluationError": "browserkit.errors",
    "EventBuffer": "browserkit.buffers",
    "EventPage": "browserkit.buffers",
    "ExecuteResult": "browserkit.results",
    "FindMatch": "browserkit.results",
    "FrameInfo": "browserkit.results",
    "FrameNotFoundError": "browserkit.errors",
    "Handoff": "browserkit.results",
    "Healed": "browserkit._script",
    "HistoryMove": "browserkit.results",
    "InvalidArgumentError": "browserkit.errors",
    "LiveView": "browserkit._async.people.live_view",
    "MarkdownLink": "browserkit.results",
    "ModalStateBlockedError": "browserkit.errors",
    "Navigation": "browserkit.results",
    "NavigationFailedError": "browserkit.errors",
    "Network": "browserkit._sync",
    "NetworkEntry": "browserkit.buffers",
    "NetworkView": "browserkit._async.evidence.views",
    "OriginStorage": "browserkit.results",
    "PageMarkdown": "browserkit.results",
    "PageNotFoundError": "browserkit.errors",
    "PageScan": "browserkit.results",
    "PdfFile": "browserkit.results",
    "Picked": "browserkit.results",
    "Point": "browserkit.targets",
    "ProfileInUseError": "browserkit.errors",
    "ReadOnlyError": "browserkit.errors",
    "Recording": "browserkit.results",
    "Ref": "browserkit.refs",
    "RefNotFoundError": "browserkit.errors",
    "ReplayResult": "browserkit._script",
    "ReplayStepFailedError": "browserkit.errors",
    "RequestDetail": "browserkit.results",
    "ScanTarget": "browserkit.results",
    "SchemeNotAllowedError": "browserkit.errors",
    "Screenshot": "browserkit.results",
    "Script": "browserkit._script",
    "Secret": "browserkit._secrets",
    "Selector": "browserkit.targets",
    "Session": "browserkit._sync",
    "SessionClosedError": "browserkit.errors",
    "SessionInfo": "browserkit.results",
    "SessionNotFoundError": "browserkit.errors",
    "Snapshot": "browserkit.results",
    "SnapshotDiff": "browserkit.snapshot",
    "StaleRefError": "browserkit.errors",
    "Step": "browserkit._steps",
    "StorageState": "browserkit.results",
    "Styles": "browserkit.results",
    "TabInfo": "browserkit.results",
    "TargetCoveredError": "browserkit.errors",
    "TargetNotActionableError": "browserkit.errors",
    "TargetNotFoundError": "browserkit.errors",
    "TimeoutError": "browserkit.errors",
    "WaitResult": "browserkit.results",
    "css": "browserkit.targets",
    "label": "browserkit.targets",
    "placeholder": "browserkit.targets",
    "point": "browserkit.targets",
    "replay": "browserkit._replay_api",
    "role": "browserkit.targets",
    "secret": "browserkit._secrets",
    "test_id": "browserkit.targets",
    "text": "browserkit.targets",
    "xpath": "browserkit.targets",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'browserkit' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later reads skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "ActionResult",
    "AsyncBrowser",
    "AsyncDownloads",
    "AsyncNetwork",
    "AsyncSession",
    "AttachDisabledError",
    "Browser",
    "BrowserCrashedError",
    "BrowserNotFoundError",
    "BrowserkitError",
    "CapacityError",
    "CollapsedList",
    "Config",
    "ConsoleEntry",
    "ConsoleView",
    "Cookie",
    "DiagnosticIssue",
    "Diagnostics",
    "DialogInfo",
    "DomNode",
    "DomainNotAllowedError",
    "DownloadEntry",
    "DownloadNotFoundError",
    "Downloads",
    "EndpointStatus",
    "EvaluationError",
    "EventBuffer",
    "EventPage",
    "ExecuteResult",
    "FindMatch",
    "FrameInfo",
    "FrameNotFoundError",
    "Handoff",
    "Healed",
    "HistoryMove",
    "InvalidArgumentError",
    "LiveView",
    "MarkdownLink",
    "ModalStateBlockedError",
    "Navigation",
    "NavigationFailedError",
    "Network",
    "NetworkEntry",
    "NetworkView",
    "OriginStorage",
    "PageMarkdown",
    "PageNotFoundError",
    "PageScan",
    "PdfFile",
    "Picked",
    "Point",
    "ProfileInUseError",
    "ReadOnlyError",
    "Recording",
    "Ref",
    "RefNotFoundError",
    "ReplayResult",
    "ReplayStepFailedError",
    "RequestDetail",
    "ScanTarget",
    "SchemeNotAllowedError",
    "Screenshot",
    "Script",
    "Secret",
    "Selector",
    "Session",
    "SessionClosedError",
    "SessionInfo",
    "SessionNotFoundError",
    "Snapshot",
    "SnapshotDiff",
    "StaleRefError",
    "Step",
    "StorageState",
    "Styles",
    "TabInfo",
    "TargetCoveredError",
    "TargetNotActionableError",
    "TargetNotFoundError",
    "TimeoutError",
    "WaitResult",
    "__version__",
    "css",
    "label",
    "placeholder",
    "point",
    "replay",
    "role",
    "secret",
    "test_id",
    "text",
    "xpath",
]
