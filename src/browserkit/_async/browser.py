"""AsyncBrowser: the facade that owns Playwright, Chromium and the sessions."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Playwright, async_playwright

from browserkit._async.core.launch import check_cdp_url, connect_cdp, launch, launch_persistent
from browserkit._async.core.pool import EndpointPool
from browserkit._async.core.session_core import SessionCore
from browserkit._async.navigation.navigator import check_scheme
from browserkit._async.network.fence_proxy import FenceProxy
from browserkit._async.recording.recorder import SessionFiles
from browserkit._async.session import AsyncSession
from browserkit._async.state.emulation import ContextSpec
from browserkit._async.targeting.binding import ensure_engine, register_engine
from browserkit._diagnose import diagnose
from browserkit._endpoints import on_this_machine, redact
from browserkit._fence import DomainPolicy, Fence, domains
from browserkit._profile import ProfileLock, profile_dir
from browserkit._secrets import redacting
from browserkit._text import well_formed_str
from browserkit.config import Config
from browserkit.errors import (
    AttachDisabledError,
    BrowserCrashedError,
    CapacityError,
    DomainNotAllowedError,
    InvalidArgumentError,
    PageNotFoundError,
    SessionNotFoundError,
)
from browserkit.results import Diagnostics, SessionInfo, TabInfo
from browserkit.types import ColorScheme, Geolocation, HarContent, StateSource, UrlFilter

__all__ = ["AsyncBrowser", "diagnose"]


@redacting(lambda browser: browser._config.secrets, keep=("config",))
class AsyncBrowser:
    """Starts and tracks browser sessions; launches Chromium on first use.

    >>> async with AsyncBrowser() as browser:          # doctest: +SKIP
    ...     s = await browser.start(url="http://127.0.0.1:8000/")
    ...     print(await s.snapshot())

    Creating one starts nothing.

    Args:
        config: The settings of the browser and its sessions; default
            :meth:`Config.from_env` (the ``BROWSERKIT_*`` variables).
        **overrides: Single fields replaced on top of ``config``
            (``AsyncBrowser(max_sessions=2)``); an unknown or bad one raises
            :class:`~browserkit.InvalidArgumentError`.
    """

    def __init__(self, config: Config | None = None, **overrides: Any) -> None:
        base = Config.from_env() if config is None else config
        self._config = base.evolve(**overrides) if overrides else base
        self._playwright: Playwright | None = None
        # Local browsers by (headless, fenced): fenced sessions get a Chromium
        # launched with the fence's switches (see _chromium.FENCE_ARGS).
        self._browsers: dict[tuple[bool, bool], PlaywrightBrowser] = {}
        # The SOCKS5 proxy of each fenced session, by session id.
        self._proxies: dict[str, FenceProxy] = {}
        self._proxy_stops: set[asyncio.Future[None]] = set()
        self._sessions: dict[str, AsyncSession] = {}
        # Ids of starts under way: each holds its slot of max_sessions from the
        # capacity check (before its first await) until it is in _sessions or failed.
        self._starting: set[str] = set()
        self._next_session = 1
        self._lock: asyncio.Lock | None = None
        self._reaper: asyncio.Task[None] | None = None
        self._closed = False
        self.crashed = False
        self._version: str | None = None
        # Browsers attached over CDP, by endpoint, with the sessions using them.
        self._remotes: dict[str, PlaywrightBrowser] = {}
        self._remote_users: dict[str, set[str]] = {}
        self._adopted: dict[Page, str] = {}
        self._remote_ids: dict[Page, str] = {}
        self._handoffs: dict[str, tuple[str, asyncio.Event]] = {}
        # Sessions whose browser died, by id, with why: asked for later, they
        # answer browser_crashed rather than session_not_found.
        self._crashed: dict[str, str] = {}
        self._next_handoff = 1
        # The profile lock of each session started with start(profile=...), by id.
        self._profiles: dict[str, ProfileLock] = {}
        # Config.endpoints: sessions are placed on remote browsers, none launched here.
        self._pool = (
            EndpointPool(self._config, self._on_endpoint_lost) if self._config.endpoints else None
        )

    @property
    def config(self) -> Config:
        """The configuration every session of this browser uses."""
        return self._config

    async def __aenter__(self) -> AsyncBrowser:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ---------------------------------------------------------------- launch

    async def _started(self) -> Playwright:
        """Playwright, started on first use (under the lock the caller holds)."""
        if self._playwright is None:
            self._playwright = await async_playwright().start()
            await register_engine(self._playwright)  # binds refs to elements
        return self._playwright

    def _launch_lock(self) -> asyncio.Lock:
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    async def _browser(self, headless: bool, spec: ContextSpec, fenced: bool) -> PlaywrightBrowser:
        async with self._launch_lock():
            pw = await self._started()
            spec.check(pw)  # a device Playwright knows, before launching anything
            key = (headless, fenced)
            existing = self._browsers.get(key)
            if existing is not None and existing.is_connected():
                return existing
            browser = await launch(pw, self._config, headless, fenced=fenced)
            browser.on("disconnected", lambda _b: self._on_disconnected(key))
            self._browsers[key] = browser
            self.crashed = False
            self._version = browser.version
            return browser

    def _on_endpoint_lost(self, session_ids: set[str], reason: str) -> None:
        for session_id in session_ids:
            self._crashed[session_id] = reason
            self._drop_proxy_soon(session_id)
            session = self._sessions.pop(session_id, None)
            if session is not None:
                session._core.mark_closed(reason, crashed=True)

    def _on_disconnected(self, key: tuple[bool, bool]) -> None:
        self._browsers.pop(key, None)
        if self._closed:
            return
        self.crashed = True
        headless, fenced = key
        for session in list(self._sessions.values()):
            core = session._core
            if core.browser_headless == headless and (core.fence is not None) == fenced:
                core.mark_closed("the browser disconnected or crashed", crashed=True)
                self._crashed[session.id] = core.closed_reason
                self._sessions.pop(session.id, None)
                self._drop_proxy_soon(session.id)

    def _fence(
        self, allowed_domains: Sequence[str] | None, blocked_domains: Sequence[str] | None
    ) -> Fence | None:
        """The config's policy, narrowed by a session's own (a host must pass both)."""
        config = self._config
        lists = {"allowed_domains": allowed_domains, "blocked_domains": blocked_domains}
        for name, value in lists.items():
            try:
                domains(value)
            except InvalidArgumentError as exc:
                raise InvalidArgumentError(f"{name}: {exc.message}", hint=exc.hint) from None
        own = DomainPolicy(allowed_domains or (), blocked_domains or ())
        return Fence.of(DomainPolicy(config.allowed_domains, config.blocked_domains), own)

    async def _proxy(self, session_id: str, fence: Fence | None) -> str | None:
        """The proxy a fenced session's context uses, started; None without a fence."""
        if fence is None:
            return None
        proxy = FenceProxy(fence)
        await proxy.start()
        self._proxies[session_id] = proxy
        return proxy.url

    async def _drop_proxy(self, session_id: str) -> None:
        proxy = self._proxies.pop(session_id, None)
        if proxy is not None:
            await proxy.stop()

    def _drop_proxy_soon(self, session_id: str) -> None:
        if session_id in self._proxies:
            stop = asyncio.ensure_future(self._drop_proxy(session_id))
            self._proxy_stops.add(stop)
            stop.add_done_callback(self._proxy_stops.discard)

    # -------------------------------------------------------------- sessions

    async def start(
        self,
        url: str | None = None,
        *,
        headless: bool | None = None,
        read_only: bool = False,
        profile: str | Path | None = None,
        storage_state: StateSource | None = None,
        viewport: tuple[int, int] | None = None,
        device: str | None = None,
        locale: str | None = None,
        timezone_id: str | None = None,
        geolocation: Geolocation | None = None,
        permissions: Sequence[str] = (),
        color_scheme: ColorScheme | None = None,
        user_agent: str | None = None,
        extra_headers: Mapping[str, str] | None = None,
        allowed_domains: Sequence[str] | None = None,
        blocked_domains: Sequence[str] | None = None,
        video_dir: str | Path | None = None,
        har_path: str | Path | None = None,
        har_content: HarContent | None = None,
        har_url_filter: UrlFilter | None = None,
        timeout_ms: float | None = None,
    ) -> AsyncSession:
        """A new session: its own browser context (cookies, storage), one tab.

        Launches Chromium on first use (with ``config.endpoints``, places the
        session on one of those remote browsers instead). Bad values raise
        :class:`~browserkit.InvalidArgumentError` before anything starts; too
        many sessions :class:`~browserkit.CapacityError` (``config.max_sessions``).

        Args:
            url: A page to load before returning; its scheme must be in
                ``config.allowed_schemes``. Default: the tab stays blank.
            headless: Launch without a window; default ``Config.headless``. A remote pool
                refuses ``False``.
            read_only: Refuse every call that would change a page
                (:class:`~browserkit.ReadOnlyError`); reading still works. Default ``False``.
            profile: A directory (created when missing) the session's browser keeps its
                profile in: cookies, IndexedDB, service workers, caches, so a login
                outlives the run. The session gets a Chromium of its own on it, closed
                on stop. One browser per profile at a time: a second start on a held one
                (here or in another process) raises :class:`~browserkit.ProfileInUseError`
                at once. Refused with ``config.endpoints`` and with ``storage_state``.
                Default: a fresh context that keeps nothing.
            storage_state: Cookies and localStorage to start with: what
                ``session.storage_state()`` returned, its ``to_playwright()`` dict, or its file.
            viewport: ``(width, height)`` in CSS pixels, each 1 to 10,000; default
                ``(1280, 800)``, or the device's.
            device: A Playwright device name (``"iPhone 15"``) to emulate: its viewport,
                user agent, scale and touch. The other arguments given here win over it.
            locale: A language tag (``"de-DE"``) for ``navigator.language``,
                ``Accept-Language`` and number and date formats.
            timezone_id: An IANA time zone (``"Europe/Berlin"``); default: this machine's.
            geolocation: ``(latitude, longitude)``, or a mapping with ``latitude``,
                ``longitude`` and optional ``accuracy`` in meters; grants the
                ``geolocation`` permission.
            permissions: Permissions granted to every origin (``["clipboard-read"]``).
            color_scheme: ``"light"``, ``"dark"`` or ``"no-preference"``, what
                ``prefers-color-scheme`` matches.
            user_agent: The ``User-Agent`` sent with every request and shown by
                ``navigator.userAgent``.
            extra_headers: HTTP headers sent with every request (``{"X-Test": "1"}``).
            allowed_domains: Hosts this session may reach, as globs (``"*.example.com"``
                matches ``example.com`` and its subdomains); default: what the config
                allows. It can only narrow the config's fence, never widen it: a host
                must pass both ``config.allowed_domains`` / ``blocked_domains`` and
                these. Enforced at the network layer for every request (each tab,
                frame, worker, redirect hop, WebSocket, download); a navigation to a
                fenced-off host raises :class:`~browserkit.DomainNotAllowedError`.
            blocked_domains: Hosts this session may not reach, as globs; they win over
                ``allowed_domains``.
            video_dir: A folder (it must exist) to put a ``.webm`` video of each tab in,
                written when the session stops: ``s1-t1.webm``, ``s1-t2.webm``, ...
                (a tab closed before then keeps none). Needs ffmpeg: Playwright's, or
                one on PATH, else :class:`~browserkit.BrowserNotFoundError`.
            har_path: A ``.har`` file (or ``.zip``, the bodies as files inside) to write
                every request of the session to, as HAR 1.2, when it stops; cleared of
                secrets the way recordings are, and readable by its owner only.
            har_content: What the HAR keeps of the bodies: ``"omit"``, ``"embed"``
                (default for ``.har``) or ``"attach"`` (a ``.zip`` only; its default).
            har_url_filter: Only requests whose URL matches this glob (``"**/api/**"``)
                or compiled regex go in the HAR. Default: every request.
            timeout_ms: Bound in milliseconds on loading ``url``; default
                ``config.navigation_timeout_ms`` (else ``config.default_timeout_ms``), at
                most ``config.max_timeout_ms``.
        """
        spec = ContextSpec.from_arguments(locals())  # emulation and state: checked first
        files = SessionFiles.from_arguments(har_path, har_content, har_url_filter, video_dir)
        if self._closed:
            raise InvalidArgumentError("this browser was closed", hint="create a new AsyncBrowser")
        session_id = self._reserve()
        try:
            return await self._start(
                session_id,
                url,
                spec,
                files,
                headless,
                read_only,
                profile,
                storage_state,
                allowed_domains,
                blocked_domains,
                timeout_ms,
            )
        finally:
            self._starting.discard(session_id)

    async def _start(
        self,
        session_id: str,
        url: str | None,
        spec: ContextSpec,
        files: SessionFiles | None,
        headless: bool | None,
        read_only: bool,
        profile: str | Path | None,
        storage_state: StateSource | None,
        allowed_domains: Sequence[str] | None,
        blocked_domains: Sequence[str] | None,
        timeout_ms: float | None,
    ) -> AsyncSession:
        """The body of :meth:`start`, on a slot :meth:`_reserve` holds for ``session_id``."""
        if self._pool is not None and headless is False:
            raise InvalidArgumentError(
                "headless=False cannot apply to a remote browser: its server launched it",
                hint="set headless in the server's launch options (a Playwright server "
                "reads launch-options from its URL), or empty Config.endpoints",
            )
        path = None if profile is None else self._check_profile(profile, storage_state)
        headless = self._config.headless if headless is None else headless
        ms = self._config.clamp_timeout(timeout_ms, "navigation")
        fence = self._fence(allowed_domains, blocked_domains)
        if url is not None:
            # Checked before launching anything: a refused URL costs nothing.
            check_scheme(url, self._config, fence)
        if path is not None:
            return await self._on_profile(
                path, session_id, spec, headless, url, ms, read_only, fence, files
            )
        if self._pool is not None:
            return await self._place(
                session_id, spec, url, ms, read_only=read_only, fence=fence, files=files
            )
        browser = await self._browser(headless, spec, fence is not None)
        try:
            context = await spec.new_context(browser, await self._proxy(session_id, fence))
        except BaseException:
            await self._drop_proxy(session_id)
            raise
        core = SessionCore(self, session_id, context, read_only=read_only)
        core.evidence.fence = fence
        core.browser_headless = headless
        return await self._open(AsyncSession(core), url, ms, files)

    def _check_profile(self, profile: object, storage_state: object) -> Path:
        """The profile directory, once the combination is one that can work."""
        if self._pool is not None:
            raise InvalidArgumentError(
                "profile cannot apply to a remote browser: a profile is a directory on "
                "this machine, and the endpoints' servers launched their browsers",
                hint="start profile sessions from an AsyncBrowser without Config.endpoints",
            )
        if storage_state is not None:
            raise InvalidArgumentError(
                "give profile or storage_state, not both: a profile keeps its own state",
                hint="start on the profile and log in once; it keeps the login",
            )
        return profile_dir(profile)

    async def _on_profile(
        self,
        path: Path,
        session_id: str,
        spec: ContextSpec,
        headless: bool,
        url: str | None,
        ms: float,
        read_only: bool,
        fence: Fence | None,
        files: SessionFiles | None,
    ) -> AsyncSession:
        """A session in a Chromium of its own on a profile directory (a persistent context)."""
        lock = ProfileLock.acquire(path)  # before anything launches: a held one fails at once
        try:
            async with self._launch_lock():
                pw = await self._started()
            spec.check(pw)
            options = spec.options()
            proxy = await self._proxy(session_id, fence)
            if proxy is not None:
                options["proxy"] = {"server": proxy}
            context = await launch_persistent(
                pw, self._config, headless, lock.path, options, fenced=fence is not None
            )
            await ensure_engine(pw, context)
        except BaseException:
            await self._drop_proxy(session_id)
            lock.release()
            raise
        self._profiles[session_id] = lock
        context.on("close", lambda _c: self._on_profile_closed(session_id))
        core = SessionCore(self, session_id, context, read_only=read_only)
        core.evidence.fence = fence
        core.browser_headless = None  # not one of the shared local browsers
        # HAR and video are recorded as in any session (tracing.start_har and a
        # screencast per tab), so a persistent context needs no launch options.
        return await self._open(AsyncSession(core), url, ms, files)

    def _on_profile_closed(self, session_id: str) -> None:
        """A profile's browser closed: by a stop (which releases the lock) or by dying."""
        session = self._sessions.pop(session_id, None)
        if session is None:
            return  # stopped: _release_remote frees the profile once its browser exited
        session._core.mark_closed("the profile's browser closed or crashed", crashed=True)
        self._crashed[session_id] = session._core.closed_reason
        self._drop_proxy_soon(session_id)
        lock = self._profiles.pop(session_id, None)
        if lock is not None:
            lock.release()

    async def _place(
        self,
        session_id: str,
        spec: ContextSpec,
        url: str | None,
        ms: float,
        *,
        read_only: bool,
        fence: Fence | None,
        files: SessionFiles | None,
    ) -> AsyncSession:
        """A new session on the pool's endpoint with the most room."""
        assert self._pool is not None
        async with self._launch_lock():
            pw = await self._started()
        spec.check(pw)
        endpoint = await self._pool.place(pw, session_id)
        try:
            if fence is not None and not on_this_machine(endpoint.url):
                raise InvalidArgumentError(
                    f"the domain fence cannot be enforced on the browser at {endpoint.label}: "
                    "its proxy listens on 127.0.0.1, which only a browser on this machine "
                    "can reach",
                    hint="use endpoints on 127.0.0.1 (or localhost) with a domain fence, or "
                    "drop allowed_domains / blocked_domains",
                )
            assert endpoint.browser is not None  # placed: connected
            proxy = await self._proxy(session_id, fence)
            context = await spec.new_context(endpoint.browser, proxy)
        except BaseException as exc:
            self._pool.release(session_id)
            await self._drop_proxy(session_id)
            if isinstance(exc, PlaywrightError):
                raise BrowserCrashedError(
                    f"the browser at {endpoint.label} refused a new context: "
                    f"{str(exc).strip().splitlines()[0] if str(exc).strip() else 'failed'}",
                    hint="try again (another endpoint takes it if this one went down), "
                    "or run python -m browserkit diagnostics",
                ) from None
            raise
        core = SessionCore(self, session_id, context, read_only=read_only)
        core.evidence.fence = fence
        core.browser_headless = None  # not one of the local browsers
        core.endpoint = endpoint.url
        core.endpoint_label = endpoint.label
        return await self._open(AsyncSession(core), url, ms, files)

    async def _open(
        self, session: AsyncSession, url: str | None, ms: float, files: SessionFiles | None = None
    ) -> AsyncSession:
        """Register a new session, set it up and load ``url``; undo it all on failure."""
        self._sessions[session.id] = session
        try:
            await session._core.setup()
            if files is not None:  # before the first page: its requests and frames count
                await session._recordings.begin(files, ms)
            if url is not None:
                await session.navigate(url, timeout_ms=ms)
        except BaseException:
            await self.stop(session.id)
            raise
        self._ensure_reaper()
        return session

    # ---------------------------------------------------------------- attach

    def _check_attach(self) -> None:
        if not self._config.allow_attach:
            raise AttachDisabledError(
                "attaching to a running Chrome is disabled",
                hint="set allow_attach=True (BROWSERKIT_ALLOW_ATTACH=1) to allow it",
            )
        if self._closed:
            raise InvalidArgumentError("this browser was closed", hint="create a new AsyncBrowser")

    async def _remote(self, cdp_url: str, ms: float) -> PlaywrightBrowser:
        check_cdp_url(cdp_url)
        remote = self._remotes.get(cdp_url)
        if remote is not None and remote.is_connected():
            return remote
        async with self._launch_lock():
            remote = await connect_cdp(await self._started(), cdp_url, ms)
        remote.on("disconnected", lambda _b: self._on_remote_gone(cdp_url))
        self._remotes[cdp_url] = remote
        return remote

    def _on_remote_gone(self, cdp_url: str) -> None:
        self._remotes.pop(cdp_url, None)
        for session_id in self._remote_users.pop(cdp_url, set()):
            session = self._sessions.pop(session_id, None)
            if session is not None:
                where = redact(cdp_url)
                session._core.mark_closed(f"the browser at {where} went away", crashed=True)
                self._crashed[session_id] = session._core.closed_reason

    def _remote_pages(self, remote: PlaywrightBrowser) -> list[Page]:
        pages = [p for context in remote.contexts for p in context.pages]
        for page in pages:
            if page not in self._remote_ids:
                self._remote_ids[page] = f"c{len(self._remote_ids) + 1}"
        return pages

    async def tabs(self, cdp_url: str, *, timeout_ms: float | None = None) -> list[TabInfo]:
        """The tabs of a Chrome running at ``cdp_url``; ``adopted`` marks those a session holds.

        Refused with :class:`~browserkit.AttachDisabledError` unless ``config.allow_attach``.

        Args:
            cdp_url: The Chrome's DevTools endpoint, ``http(s)://`` or ``ws(s)://``
                (``http://127.0.0.1:9222`` for ``--remote-debugging-port=9222``); no
                browser answering raises :class:`~browserkit.BrowserNotFoundError`.
            timeout_ms: Bound in milliseconds on connecting; default
                ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        self._check_attach()
        remote = await self._remote(cdp_url, self._config.clamp_timeout(timeout_ms))
        out = []
        for page in self._remote_pages(remote):
            try:
                title = well_formed_str(await page.title())
            except PlaywrightError:
                title = ""
            out.append(
                TabInfo(self._remote_ids[page], page.url, title, adopted=page in self._adopted)
            )
        return out

    async def attach(
        self,
        cdp_url: str,
        *,
        adopt_url_substring: str | None = None,
        url: str | None = None,
        read_only: bool = False,
        timeout_ms: float | None = None,
    ) -> AsyncSession:
        """A session in a Chrome already running at ``cdp_url`` (DevTools endpoint).

        By default the session opens a fresh tab of its own and closes it on
        stop. An adopted tab is the session's alone (no other session can
        adopt it) and is handed back untouched on stop. Refused with
        :class:`~browserkit.AttachDisabledError` unless ``config.allow_attach``.

        Args:
            cdp_url: The Chrome's DevTools endpoint, ``http(s)://`` or ``ws(s)://``
                (``http://127.0.0.1:9222`` for ``--remote-debugging-port=9222``); no
                browser answering raises :class:`~browserkit.BrowserNotFoundError`.
            adopt_url_substring: Adopt the one existing tab whose URL contains this text
                (see :meth:`tabs`); no match raises :class:`~browserkit.PageNotFoundError`,
                several or an adopted one :class:`~browserkit.InvalidArgumentError`.
                Default: open a fresh tab.
            url: A page to load in the session's tab before returning; its scheme must
                be in ``config.allowed_schemes``. Default: load nothing.
            read_only: Refuse every call that would change a page
                (:class:`~browserkit.ReadOnlyError`); reading still works. Default ``False``.
            timeout_ms: Bound in milliseconds on connecting and on loading ``url``;
                default ``config.default_timeout_ms``, at most ``config.max_timeout_ms``.
        """
        self._check_attach()
        session_id = self._reserve()
        try:
            return await self._attach(
                session_id, cdp_url, adopt_url_substring, url, read_only, timeout_ms
            )
        finally:
            self._starting.discard(session_id)

    async def _attach(
        self,
        session_id: str,
        cdp_url: str,
        adopt_url_substring: str | None,
        url: str | None,
        read_only: bool,
        timeout_ms: float | None,
    ) -> AsyncSession:
        """The body of :meth:`attach`, on a slot :meth:`_reserve` holds for ``session_id``."""
        fence = self._fence(None, None)
        if fence is not None:
            # A proxy is set when a context is made; the attached Chrome's
            # contexts exist already, and one made here over CDP would still
            # share the user's browser-wide switches (WebRTC): refuse.
            raise DomainNotAllowedError(
                "attach() cannot enforce the domain fence "
                f"({fence.describe()}): an attached Chrome's tabs do not go "
                "through browserkit's proxy",
                hint="start a session of browserkit's own for fenced work, or attach "
                "from a browser configured without allowed_domains / blocked_domains",
            )
        if url is not None:
            check_scheme(url, self._config)
        ms = self._config.clamp_timeout(timeout_ms)
        remote = await self._remote(cdp_url, ms)
        if adopt_url_substring is not None:
            pages = self._remote_pages(remote)
            matches = [p for p in pages if adopt_url_substring in p.url]
            if not matches:
                known = ", ".join(p.url for p in pages) or "none"
                raise PageNotFoundError(
                    f"no tab at {redact(cdp_url)} has {adopt_url_substring!r} in its URL "
                    f"(tabs: {known})",
                    hint="list them with tabs(cdp_url)",
                )
            if len(matches) > 1:
                raise InvalidArgumentError(
                    f"{len(matches)} tabs have {adopt_url_substring!r} in their URL",
                    hint="give a longer part of the URL so exactly one tab matches",
                )
            page = matches[0]
            holder = self._adopted.get(page)
            if holder is not None:
                raise InvalidArgumentError(
                    f"that tab is already adopted by session {holder}",
                    hint="stop that session first, or adopt another tab",
                )
            owned = False
        else:
            contexts = remote.contexts
            context = contexts[0] if contexts else await remote.new_context()
            page = await context.new_page()
            owned = True
        assert self._playwright is not None  # _remote started it
        await ensure_engine(self._playwright, page.context)
        core = SessionCore(
            self,
            session_id,
            page.context,
            read_only=read_only,
            owns_context=False,
            attached=page,
            owns_attached=owned,
        )
        session = AsyncSession(core)
        session._core.cdp_url = cdp_url
        self._remote_users.setdefault(cdp_url, set()).add(session_id)
        if not owned:
            self._adopted[page] = session_id
        return await self._open(session, url, ms)

    async def _release_remote(self, session: AsyncSession) -> None:
        await self._drop_proxy(session.id)
        lock = self._profiles.pop(session.id, None)
        if lock is not None:
            lock.release()  # after shutdown closed the profile's browser
        if self._pool is not None:
            self._pool.release(session.id)
        for page, holder in list(self._adopted.items()):
            if holder == session.id:
                del self._adopted[page]
        url = session._core.cdp_url
        if url is None:
            return
        users = self._remote_users.get(url, set())
        users.discard(session.id)
        if not users and url in self._remotes:
            # Disconnecting leaves the user's browser and its other tabs running.
            remote = self._remotes.pop(url)
            with contextlib.suppress(Exception):
                await remote.close()

    def sessions(self) -> list[SessionInfo]:
        """The running sessions (no I/O)."""
        return [
            SessionInfo(
                id=s.id,
                url=s.url,
                created_ms=s._core.created_ms,
                last_used_ms=s._core.last_used_ms,
                read_only=s.read_only,
                console_entries=s._core.evidence.console.written,
                routes=s._routes.patterns,
                offline=s._routes.offline,
                endpoint=s._core.endpoint,
            )
            for s in self._sessions.values()
        ]

    def session(self, session_id: str) -> AsyncSession:
        """The running session with this id; :class:`~browserkit.SessionNotFoundError` if none.

        A session whose browser died raises :class:`~browserkit.BrowserCrashedError` instead.

        Args:
            session_id: The session (``s1``, ...; see ``sessions()``).
        """
        try:
            return self._sessions[session_id]
        except KeyError:
            if session_id in self._crashed:
                raise BrowserCrashedError(
                    f"session {session_id} is gone: {self._crashed[session_id]}",
                    hint="start a new session (a new browser is launched for it)",
                ) from None
            known = ", ".join(self._sessions) or "none"
            raise SessionNotFoundError(
                f"no session {session_id!r} (running: {known})",
                hint="list sessions with sessions() or start a new one",
            ) from None

    async def stop(self, session_id: str) -> bool:
        """Stop a session; True if it was running. Stopping twice is fine.

        Args:
            session_id: The session (``s1``, ...; see ``sessions()``); an unknown one
                returns False.
        """
        session = self._sessions.pop(session_id, None)
        if session is None:
            return False
        was_running = await session._core.shutdown("the session was stopped")
        await self._release_remote(session)
        return was_running

    # ------------------------------------------------------------- handoffs

    def _open_handoff(self, session_id: str) -> tuple[str, asyncio.Event]:
        handoff_id = f"h{self._next_handoff}"
        self._next_handoff += 1
        event = asyncio.Event()
        self._handoffs[handoff_id] = (session_id, event)
        return handoff_id, event

    def _close_handoff(self, handoff_id: str) -> None:
        self._handoffs.pop(handoff_id, None)

    async def confirm_handoff(
        self, *, handoff_id: str | None = None, session_id: str | None = None
    ) -> bool:
        """End a pending :meth:`AsyncSession.handoff` as confirmed; False if none was pending.

        Give at least one of the two (neither raises
        :class:`~browserkit.InvalidArgumentError`); given both, both must match.

        Args:
            handoff_id: The handoff (``h1``, ``h2``, ...; the ``handoff_id`` its
                ``Handoff`` result carries).
            session_id: The session (``s1``, ...; see ``sessions()``) whose handoff is
                waiting.
        """
        if handoff_id is None and session_id is None:
            raise InvalidArgumentError("give handoff_id or session_id")
        for key, (owner, event) in list(self._handoffs.items()):
            if (handoff_id is None or key == handoff_id) and (
                session_id is None or owner == session_id
            ):
                event.set()
                return True
        return False

    def _reserve(self) -> str:
        """A new session id holding one slot of ``max_sessions``, or CapacityError.

        Synchronous, so concurrent starts cannot all pass the check before any
        of them registers; the caller discards the id from ``_starting`` once
        the session is in ``_sessions`` or its start failed.
        """
        taken = len(self._sessions.keys() | self._starting)
        if taken >= self._config.max_sessions:
            starting = len(self._starting - self._sessions.keys())
            under_way = f", {starting} more starting" if starting else ""
            raise CapacityError(
                f"{len(self._sessions)} sessions are running{under_way} "
                f"(max_sessions={self._config.max_sessions})",
                hint="stop a session you no longer need, or raise max_sessions",
            )
        session_id = f"s{self._next_session}"
        self._next_session += 1
        self._starting.add(session_id)
        return session_id

    def _ensure_reaper(self) -> None:
        if self._config.idle_stop_ms <= 0 or (self._reaper and not self._reaper.done()):
            return
        self._reaper = asyncio.ensure_future(self._reap())

    async def _reap(self) -> None:
        idle_ms = self._config.idle_stop_ms
        every = min(idle_ms / 2000, 30.0)
        while self._sessions and not self._closed:
            await asyncio.sleep(every)
            now = int(time.time() * 1000)
            for session in list(self._sessions.values()):
                if now - session._core.last_used_ms > idle_ms:
                    self._sessions.pop(session.id, None)
                    await session._core.shutdown(f"idle for more than {idle_ms} ms")
                    await self._release_remote(session)

    # ------------------------------------------------------------ diagnostics

    def diagnostics(self) -> Diagnostics:
        """Which Chromium would be used and what is degraded, without starting one."""
        return diagnose(
            self._config,
            active_sessions=len(self._sessions),
            version=self._version,
            endpoints=None if self._pool is None else self._pool.statuses,
        )

    # ------------------------------------------------------------------ close

    async def close(self) -> None:
        """Stop every session, the browser and Playwright. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        if self._reaper is not None:
            self._reaper.cancel()
        for session_id in list(self._sessions):
            with contextlib.suppress(Exception):
                await self.stop(session_id)
        if self._pool is not None:
            await self._pool.close()
        for session_id in list(self._proxies):
            await self._drop_proxy(session_id)
        for browser in [*self._browsers.values(), *self._remotes.values()]:
            with contextlib.suppress(Exception):
                await browser.close()  # for an attached browser: disconnect only
        self._browsers.clear()
        self._remotes.clear()
        if self._playwright is not None:
            with contextlib.suppress(Exception):
                await self._playwright.stop()
            self._playwright = None

    async def _close_at_exit(self) -> None:
        await self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else f"{len(self._sessions)} sessions"
        return f"<AsyncBrowser {state}>"
