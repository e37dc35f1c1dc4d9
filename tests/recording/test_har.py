"""HAR files of a session's requests: valid HAR 1.2, with each request's status, no secrets."""

from __future__ import annotations

import base64
import json
import os
import stat
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import pytest

import browserkit as bk
from browserkit._trace_redact import redact_har
from tests.helpers import AnySession, aw

PASSWORD = "hunter2-Tr0ub4dor&3"
posix_only = pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")


def check_har_1_2(har: dict[str, Any]) -> list[dict[str, Any]]:
    """The entries of ``har`` after checking the fields HAR 1.2 requires; fails the test else."""
    log = har["log"]
    assert log["version"] == "1.2"
    assert isinstance(log["creator"]["name"], str) and isinstance(log["creator"]["version"], str)
    for page in log.get("pages", []):
        assert {"startedDateTime", "id", "title", "pageTimings"} <= set(page)
    for entry in log["entries"]:
        assert {"startedDateTime", "time", "request", "response", "cache", "timings"} <= set(entry)
        request, response = entry["request"], entry["response"]
        for key in ("method", "url", "httpVersion", "cookies", "headers", "queryString"):
            assert key in request, key
        assert isinstance(request["headersSize"], int) and isinstance(request["bodySize"], int)
        for key in ("status", "statusText", "httpVersion", "cookies", "headers", "content"):
            assert key in response, key
        assert {"size", "mimeType"} <= set(response["content"])
        assert isinstance(response["redirectURL"], str)
        assert {"send", "wait", "receive"} <= set(entry["timings"])
    return list(log["entries"])


def statuses(entries: list[dict[str, Any]], base_url: str) -> dict[str, int]:
    return {e["request"]["url"].removeprefix(base_url): e["response"]["status"] for e in entries}


async def test_a_recordings_har_holds_each_request_with_its_status_and_no_password(
    sess: AnySession, base_url: str, tmp_path: Path
) -> None:
    await aw(sess.record(tmp_path / "run.zip", har=True))
    await aw(sess.navigate(f"{base_url}/media_login.html"))
    await aw(sess.type(bk.css("#user"), "ada"))
    await aw(sess.type(bk.css("#password"), PASSWORD))
    await aw(sess.click(bk.css("#go")))
    recording = await aw(sess.stop_recording())

    assert recording.har == str(tmp_path / "run.har")
    text = Path(recording.har).read_text(encoding="utf-8")
    for spelling in (PASSWORD, quote_plus(PASSWORD), "hunter2"):
        assert spelling not in text
    found = statuses(check_har_1_2(json.loads(text)), base_url)
    assert found["/media_login.html"] == 200
    assert found["/slow?ms=1&body=hello"] == 200
    assert found["/state/login"] == 303
    assert found["/state/whoami"] == 200
    posted = next(e for e in json.loads(text)["log"]["entries"] if e["request"]["method"] == "POST")
    assert "password=<redacted:" in posted["request"]["postData"]["text"]
    assert "user=ada" in posted["request"]["postData"]["text"]  # only the secret goes
    if os.name == "posix":
        assert stat.S_IMODE(os.stat(recording.har).st_mode) == 0o600


@pytest.mark.parametrize("api", ["async", "sync"])
async def test_a_session_started_with_har_path_writes_it_when_it_stops(
    api: str, abrowser: bk.AsyncBrowser, sbrowser: bk.Browser, base_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "session.har"
    path.symlink_to(tmp_path / "elsewhere")  # replaced, never written through
    browser: bk.AsyncBrowser | bk.Browser = abrowser if api == "async" else sbrowser
    s = await aw(
        browser.start(
            f"{base_url}/media_login.html",
            har_path=path,
            har_url_filter="**/slow*",
            har_content="omit",
        )
    )
    assert not path.is_file()  # written at the stop
    with pytest.raises(bk.InvalidArgumentError, match="already writes a HAR"):
        await aw(s.record(tmp_path / "run.zip", har=True))
    await aw(s.stop())

    assert not path.is_symlink() and not (tmp_path / "elsewhere").exists()
    entries = check_har_1_2(json.loads(path.read_text(encoding="utf-8")))
    assert statuses(entries, base_url) == {"/slow?ms=1&body=hello": 200}  # the filter
    assert "text" not in entries[0]["response"]["content"]  # omitted


async def test_bad_har_and_video_options_are_refused_before_anything_starts(
    abrowser: bk.AsyncBrowser, tmp_path: Path
) -> None:
    before = len(abrowser.sessions())
    for options, words in (
        ({"har_path": tmp_path / "x.json"}, "not a .har or .zip"),
        ({"har_path": tmp_path / "x.har", "har_content": "attach"}, "must end in .zip"),
        ({"har_path": tmp_path / "x.har", "har_content": "all"}, "har_content"),
        ({"har_content": "embed"}, "need har_path"),
        ({"har_path": tmp_path / "no" / "x.har"}, "does not exist"),
        ({"video_dir": tmp_path / "missing"}, "does not exist"),
    ):
        with pytest.raises(bk.InvalidArgumentError, match=words):
            await abrowser.start(**options)  # type: ignore[arg-type]
    assert len(abrowser.sessions()) == before


def test_redacting_a_har_clears_headers_cookies_and_base64_bodies(tmp_path: Path) -> None:
    token, cookie = "Bearer sk-live-0123456789", "c0ffee-session-4242"

    def entry(body: str) -> dict[str, Any]:
        return {
            "request": {
                "headers": [{"name": "Authorization", "value": token}],
                "postData": {"mimeType": "text/plain", "text": f"pw={quote_plus(PASSWORD)}"},
            },
            "response": {
                "headers": [{"name": "Set-Cookie", "value": f"sid={cookie}; HttpOnly"}],
                "cookies": [{"name": "sid", "value": cookie, "httpOnly": True}],
                "content": {"encoding": "base64", "text": base64.b64encode(body.encode()).decode()},
            },
        }

    har = {"log": {"version": "1.2", "entries": [entry(f"echo {PASSWORD} {cookie}")]}}
    source, target = tmp_path / "raw.har", tmp_path / "clear.har"
    source.write_text(json.dumps(har), encoding="utf-8")
    redact_har(source, target, {PASSWORD: "<redacted:typed>"}, deadline=time.monotonic() + 30)

    text = target.read_text(encoding="utf-8")
    for secret in (PASSWORD, quote_plus(PASSWORD), "sk-live-0123456789", cookie):
        assert secret not in text
    cleared = json.loads(text)["log"]["entries"][0]
    body = base64.b64decode(cleared["response"]["content"]["text"]).decode()
    assert body == "echo <redacted:typed> <redacted:cookie>"
    assert cleared["request"]["headers"][0]["value"] == "<redacted:authorization>"
