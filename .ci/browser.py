"""The browser seat end to end, driven by .ci/browser: a real chromium (headless, over the
DevTools protocol) and a real OpenSSH client at one `parlor host --web`.

Checks: a browser guest from an invitation and an SSH guest play one LCR table to the end,
both recorded; a second browser without the first one's secret is refused its name, with
the reason on the page; the screen-reader switch serves lines without xterm.js; the page
requests nothing outside the host; in a chromium without WebGL (`--disable-gpu`, xterm.js's
DOM renderer, whose styles the page's policy admits by nonce) every character of the lobby
lies on one monospace grid. Screenshots of the lobby and a table mid-game are taken
at 1000x640, and kept in assets/screenshots with UPDATE_SCREENSHOTS=1.
"""

import asyncio
import base64
import itertools
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

BIN = Path(os.environ.get("PARLOR_BIN", "target/debug/parlor"))
CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "chromium")
WIDTH, HEIGHT = 1000, 640
SHOTS = Path("assets/screenshots")


def fail(why):
    print(f"FAIL: {why}", flush=True)
    raise SystemExit(1)


def ok(what):
    print(f"ok: {what}", flush=True)


async def until(what, check, seconds):
    """Wait for `check()` (awaited if it is a coroutine) to be true, or fail saying `what`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        got = check()
        if asyncio.iscoroutine(got):
            got = await got
        if got:
            return got
        await asyncio.sleep(0.2)
    fail(f"{what} (within {seconds} s)")


class Host:
    """`parlor host --web` with its console on a pipe and its stdout gathered."""

    def __init__(self, work, ssh_port, web_port):
        self.data = work / "data"
        self.log = work / "host.log"
        self.out = work / "host.out"
        self.process = subprocess.Popen(
            [str(BIN), "host", "--port", str(ssh_port), "--web", f"127.0.0.1:{web_port}",
             "--data-dir", str(self.data), "--log", str(self.log)],
            stdin=subprocess.PIPE, stdout=self.out.open("wb"), stderr=subprocess.STDOUT,
        )

    def said(self):
        return self.out.read_text(errors="replace") if self.out.exists() else ""

    def logged(self):
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def invite(self, table=""):
        """The link the console's `invite [TABLE]` answers with (the newest one printed)."""
        before = len(re.findall(r"http://\S+/t/\w+", self.said()))
        self.process.stdin.write(f"invite {table}\n".encode())
        self.process.stdin.flush()
        links = await until(
            f"the console's invite {table} answered",
            lambda: (l := re.findall(r"http://\S+/t/\w+", self.said()))[before:] and l,
            10,
        )
        return links[-1]

    def recorded(self, name):
        """Whether `name` has an LCR game played to its end (none abandoned) in their stats."""
        stats = self.data / "guests" / name / "stats.json"
        if not stats.exists():
            return False
        try:
            records = json.loads(stats.read_text())["records"]
        except (ValueError, KeyError):
            return False  # being written
        lcr = [r for r in records if r["game"] == "lcr"]
        return sum(r["games"] for r in lcr) >= 1 and sum(r["abandoned"] for r in lcr) == 0

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Page:
    """One chromium (a profile of its own) and its one page, over the DevTools protocol;
    every URL the page requests is kept in `requested`, every exception it throws in
    `thrown`."""

    def __init__(self, profile, webgl=True):
        self.profile = profile
        self.webgl = webgl
        self.ids = itertools.count(1)
        self.waiting = {}
        self.requested = []
        # The page's uncaught exceptions: none is expected.
        self.thrown = []

    async def open(self):
        # WebGL in software, or none at all (as many older laptops and locked-down browsers).
        graphics = (["--use-angle=swiftshader", "--enable-unsafe-swiftshader"] if self.webgl
                    else ["--disable-gpu", "--disable-webgl", "--disable-3d-apis"])
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", *graphics,
             f"--window-size={WIDTH},{HEIGHT}", f"--user-data-dir={self.profile}",
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        port_file = self.profile / "DevToolsActivePort"
        await until("chromium opened its DevTools port", port_file.exists, 30)
        port = int((await until("DevToolsActivePort written", lambda: port_file.read_text().split(), 5))[0])
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
        page = next(t for t in targets if t["type"] == "page")
        self.socket = await websockets.connect(page["webSocketDebuggerUrl"], max_size=None)
        self.reader = asyncio.create_task(self.read())
        for domain in ["Page", "Network", "Runtime"]:
            await self.call(f"{domain}.enable")
        await self.call("Emulation.setDeviceMetricsOverride",
                        width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=False)
        return self

    async def read(self):
        async for raw in self.socket:
            message = json.loads(raw)
            if "id" in message:
                self.waiting.pop(message["id"]).set_result(message)
            elif message.get("method") == "Network.requestWillBeSent":
                self.requested.append(message["params"]["request"]["url"])
            elif message.get("method") == "Network.webSocketCreated":
                self.requested.append(message["params"]["url"])
            elif message.get("method") == "Runtime.exceptionThrown":
                self.thrown.append(message["params"]["exceptionDetails"])

    async def call(self, method, **params):
        id = next(self.ids)
        self.waiting[id] = asyncio.get_running_loop().create_future()
        await self.socket.send(json.dumps({"id": id, "method": method, "params": params}))
        answer = await asyncio.wait_for(self.waiting[id], 30)
        if "error" in answer:
            fail(f"{method}: {answer['error']}")
        return answer["result"]

    async def js(self, expression):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            fail(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def visit(self, url):
        await self.call("Page.navigate", url=url)
        await until(f"{url} loaded", lambda: self.js(
            "document.readyState === 'complete' && !document.getElementById('sit').hidden"), 15)

    async def sit(self, name, reader=False):
        """Fill in the name form as `name` (with the screen-reader switch `reader`) and send it."""
        await self.js(
            f"document.getElementById('name').value = {json.dumps(name)};"
            f"document.getElementById('reader').checked = {json.dumps(reader)};"
            "document.getElementById('sit').requestSubmit(); true")

    async def key(self, key, code, text):
        for kind in ["keyDown", "keyUp"]:
            await self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code,
                            windowsVirtualKeyCode=13 if key == "Enter" else 0,
                            **({"text": text} if kind == "keyDown" else {}))

    async def screenshot(self, path):
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self):
        self.reader.cancel()
        await self.socket.close()
        self.process.terminate()
        self.process.wait(10)


# The x of each character shown in the terminal's rows, by its column: in a monospace grid,
# x is one straight line of the column (the lobby's columns of tables, seats and players
# line up; a table's box lines too). Rows holding a wide character are left out (it takes
# two columns and one character).
GRID_POSITIONS = r"""
(() => {
  const rows = [...document.querySelectorAll('#terminal .xterm-rows > div')];
  const found = [];
  for (const row of rows) {
    const text = row.textContent;
    if ([...text].length !== text.length || /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(text)) continue;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    let column = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++, column++) {
        if (/\s/.test(node.data[i])) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        found.push([column, range.getBoundingClientRect().left]);
      }
    }
  }
  return found;
})()
"""


def lined_up(found):
    """Whether the (column, x) pairs lie on one grid, x = x0 + column * width, to a pixel:
    and why not."""
    columns = {column for column, _ in found}
    if len(columns) < 2 or len(found) < 8:
        return False, f"too few characters to tell: {found}"
    (low, x_low), (high, x_high) = min(found), max(found)
    width = (x_high - x_low) / (high - low)
    off = [(column, round(x - (x_low + (column - low) * width), 1)) for column, x in found
           if abs(x - (x_low + (column - low) * width)) > 1.0]
    return (not off and width > 4), f"cell {width:.2f} px; off the grid: {off[:8]}"


def ssh_guest(work, port, name, command):
    """An OpenSSH client, with a key of its own, in a 100x30 terminal (`script`'s: without
    one, ssh asks the host for a window of no size); its keys come from the returned
    process's stdin."""
    key = work / f"{name}_key"
    if not key.exists():
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    ssh = ["ssh", "-tt", "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
           "-o", "LogLevel=ERROR", "-i", str(key), "-p", str(port), f"{name}@127.0.0.1", command]
    return subprocess.Popen(
        ["script", "-qfec", f"stty rows 30 cols 100; exec {shlex.join(ssh)}", "/dev/null"],
        stdin=subprocess.PIPE, stdout=(work / f"{name}.out").open("wb"), stderr=subprocess.STDOUT,
        env={**os.environ, "TERM": "xterm-256color"},
    )


def press(process, keys):
    process.stdin.write(keys)
    process.stdin.flush()


async def main():
    ssh_port, web_port = int(sys.argv[1]), int(sys.argv[2])
    work = Path(tempfile.mkdtemp(prefix="parlor-browser-"))
    shots = SHOTS if os.environ.get("UPDATE_SCREENSHOTS") == "1" else work
    here = f"127.0.0.1:{web_port}"
    host = Host(work, ssh_port, web_port)
    pages, ann = [], None
    try:
        lobby = await until("the host printed the lobby's link",
                            lambda: (m := re.search(r"http://\S+/t/\w+", host.said())) and m[0], 20)
        if here not in lobby:
            fail(f"the lobby's link {lobby} is not on {here}")

        # Ann, over OpenSSH, opens an LCR table for three (a bot takes the open seat).
        ann = ssh_guest(work, ssh_port, "ann", "play lcr --players 3 --speed 0 --table den")
        await until("ann opened the table den",
                    lambda: "ann took seat 1 at the table den" in host.logged(), 20)

        # Kit, in a browser, sees the lobby, then takes the table's invitation.
        kit = await Page(work / "kit-profile").open()
        pages.append(kit)
        await kit.visit(lobby)
        await kit.sit("kit")
        await until("kit sat down in the lobby", lambda: "kit sat down" in host.logged(), 15)
        await until("kit's page shows the terminal", lambda: kit.js(
            "!!document.querySelector('#terminal:not([hidden]) .xterm')"), 10)
        await asyncio.sleep(1.5)
        await kit.screenshot(shots / "browser-lobby.png")
        ok("a browser guest from the lobby's invitation sat down in the lobby")
        den = await host.invite("den")
        await kit.visit(den)
        await kit.sit("kit")
        await until("kit sat down at den",
                    lambda: host.logged().count("kit sat down") >= 2, 15)
        await until("kit took a seat at den",
                    lambda: re.search("kit took seat . at the table den", host.logged()), 10)
        await until("ann sees kit at the table",
                    lambda: b"kit" in (work / "ann.out").read_bytes(), 10)

        # Ann starts; both answer every turn with Enter until both are recorded.
        press(ann, b"\r")
        table_shot = shots / "browser-table.png"
        table_shot.unlink(missing_ok=True)
        deadline = time.monotonic() + 60
        for answered in itertools.count():
            # A turn or two in (the table's deal is its own: it may be short): dice rolled,
            # chips passed, the log filling.
            if answered == 3:
                await kit.screenshot(table_shot)
            if host.recorded("ann") and host.recorded("kit"):
                break
            if time.monotonic() > deadline:
                fail("the LCR game did not end with both recorded; host log:\n" + host.logged())
            if not host.recorded("ann"):
                press(ann, b"\r")
            if not host.recorded("kit"):
                await kit.key("Enter", "Enter", "\r")
            await asyncio.sleep(0.3)
        if not table_shot.exists():
            fail("the game ended before the table's screenshot was taken")
        ok("a browser guest and an OpenSSH guest played one LCR table to the end, both recorded")

        # A second browser, without kit's secret, is refused kit's name, and told why.
        other = await Page(work / "other-profile").open()
        pages.append(other)
        await other.visit(lobby)
        await other.sit("kit")
        reason = await until("the second browser was told why it was refused", lambda: other.js(
            "!document.getElementById('sit').hidden && "
            "document.getElementById('status').textContent"), 15)
        if "belongs to another" not in reason:
            fail(f"the second browser was refused for the wrong reason: {reason!r}")
        ok(f"a second browser without the secret was refused kit's name: {reason!r}")

        # The same browser at the screen-reader switch: lines in its log, no xterm.js.
        before = len(other.requested)
        await other.visit(lobby)
        await other.sit("lea", reader=True)
        await until("the screen-reader seat heard the lobby", lambda: other.js(
            "document.getElementById('log').textContent.includes('The lobby')"), 15)
        # `?` twice at once: both in the log, said once.
        await other.js("for (const _ of [1, 2]) { document.getElementById('said').value = '?';"
                       "document.getElementById('say').requestSubmit(); } true")
        await until("the screen-reader seat logged the keys twice", lambda: other.js(
            "document.getElementById('log').textContent.split('In the lobby:').length === 3"), 10)
        said = await other.js("[...document.getElementById('polite').children]"
                              ".filter(p => p.textContent.startsWith('In the lobby:')).length")
        if said != 1:
            fail(f"the keys, sent twice at once, were said {said} times, not once")
        # Lea opens a table of bots and answers every question with Enter to the end.
        for line in ["new lcr", "s"]:
            await other.js(f"document.getElementById('said').value = {json.dumps(line)};"
                           "document.getElementById('say').requestSubmit(); true")
        deadline = time.monotonic() + 60
        while not await other.js(
                "document.getElementById('log').textContent.includes('The game is in your record')"):
            if time.monotonic() > deadline:
                fail("the screen-reader seat's game did not end: " + await other.js(
                    "document.getElementById('log').innerText"))
            await other.js("document.getElementById('asked').textContent.startsWith('Your move')"
                           " && document.getElementById('say').requestSubmit()")
            await asyncio.sleep(0.3)
        urgent = await other.js("document.getElementById('urgent').textContent")
        if "Your turn." not in urgent:
            fail(f"the assertive live region says {urgent!r}, not 'Your turn.'")
        await until("lea's game recorded", lambda: host.recorded("lea"), 10)
        loaded = [url for url in other.requested[before:] if "xterm" in url]
        if loaded:
            fail(f"the screen-reader seat loaded {loaded}")
        ok("the screen-reader seat heard the lobby and played LCR to the end, its turn said "
           "assertively and a repeat once, without xterm.js")

        # A browser without WebGL: xterm.js's DOM renderer draws the lobby, in a grid.
        plain = await Page(work / "plain-profile", webgl=False).open()
        pages.append(plain)
        if await plain.js("!!document.createElement('canvas').getContext('webgl2')"):
            fail("the chromium for the check without WebGL has WebGL")
        await plain.visit(lobby)
        await plain.sit("nog")
        await until("nog's page shows the lobby", lambda: plain.js(
            "document.querySelector('#terminal .xterm-rows')?.textContent.includes('tables')"), 15)
        await asyncio.sleep(1.0)
        await plain.screenshot(shots / "browser-lobby-without-webgl.png")
        found = await plain.js(GRID_POSITIONS)
        straight, why = lined_up(found)
        if not straight:
            rows = await plain.js("[...document.querySelectorAll('#terminal .xterm-rows > div')]"
                                  ".map(row => row.textContent).join('\\n')")
            fail(f"without WebGL the lobby's columns do not line up: {why}\n{rows}")
        font = await plain.js("getComputedStyle(document.querySelector('#terminal .xterm-rows'))"
                              ".fontFamily")
        ok(f"without WebGL the lobby is drawn in a grid ({len(found)} characters; {why}; "
           f"font {font})")

        requested = [url for page in pages for url in page.requested]
        outside = [url for url in requested
                   if not re.match(rf"(https?|wss?)://{re.escape(here)}/", url)]
        if outside or not any(re.search(r"/socket(\?token=\w+)?$", url) for url in requested):
            fail(f"requests outside {here}: {outside} (of {len(requested)})")
        ok(f"all {len(requested)} requests the pages made were to {here}")
        thrown = [error for page in pages for error in page.thrown]
        if thrown:
            fail(f"the page threw: {thrown}")
        ok("the pages threw no exception")
        if shots == SHOTS:
            ok(f"screenshots kept in {SHOTS}")
    finally:
        for page in pages:
            await page.close()
        if ann is not None and ann.poll() is None:
            ann.kill()
        host.close()
        if os.environ.get("KEEP_WORK") != "1":
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")


if __name__ == "__main__":
    asyncio.run(main())
