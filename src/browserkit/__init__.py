"""browserkit: drive a real Chromium from AI agents and notebooks.

>>> import browserkit as bk
>>> with bk.Browser() as browser:                      # doctest: +SKIP
...     s = browser.start(url="http://127.0.0.1:8000/")
...     print(s.snapshot())                            # outline with [ref=eN]
...     print(s.click("e3").diff)                      # what the click changed

The async API is the same with ``AsyncBrowser`` and ``await``.
"""

from browserkit._async._evidence import AsyncDownloads, ConsoleView, NetworkView
from browserkit._async.browser import AsyncBrowser
from browserkit._async.session import AsyncSession
from browserkit._sync import Browser, Downloads, Session
from browserkit._version import __version__
from browserkit.buffers import ConsoleEntry, DownloadEntry, EventBuffer, EventPage, NetworkEntry
from browserkit.config import Config
from browserkit.errors import (
    AttachDisabledError,
    BrowserCrashedError,
    BrowserkitError,
    BrowserNotFoundError,
    CapacityError,
    DownloadNotFoundError,
    EvaluationError,
    FrameNotFoundError,
    InvalidArgumentError,
    ModalStateBlockedError,
    NavigationFailedError,
    PageNotFoundError,
    ReadOnlyError,
    RefNotFoundError,
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
    DiagnosticIssue,
    Diagnostics,
    DialogInfo,
    DomNode,
    ExecuteResult,
    FindMatch,
    FrameInfo,
    Handoff,
    HistoryMove,
    Navigation,
    PageScan,
    ScanTarget,
    Screenshot,
    SessionInfo,
    Snapshot,
    Styles,
    TabInfo,
    WaitResult,
)
from browserkit.snapshot import SnapshotDiff
from browserkit.targets import Point, Selector, css, label, placeholder, point, role, text, xpath

__all__ = [
    "ActionResult",
    "AsyncBrowser",
    "AsyncDownloads",
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
    "DiagnosticIssue",
    "Diagnostics",
    "DialogInfo",
    "DomNode",
    "DownloadEntry",
    "DownloadNotFoundError",
    "Downloads",
    "EvaluationError",
    "EventBuffer",
    "EventPage",
    "ExecuteResult",
    "FindMatch",
    "FrameInfo",
    "FrameNotFoundError",
    "Handoff",
    "HistoryMove",
    "InvalidArgumentError",
    "ModalStateBlockedError",
    "Navigation",
    "NavigationFailedError",
    "NetworkEntry",
    "NetworkView",
    "PageNotFoundError",
    "PageScan",
    "Point",
    "ReadOnlyError",
    "Ref",
    "RefNotFoundError",
    "ScanTarget",
    "SchemeNotAllowedError",
    "Screenshot",
    "Selector",
    "Session",
    "SessionClosedError",
    "SessionInfo",
    "SessionNotFoundError",
    "Snapshot",
    "SnapshotDiff",
    "StaleRefError",
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
    "role",
    "text",
    "xpath",
]
