"""A small client of the Chrome DevTools Protocol over a local WebSocket, for the
report's browser tests: start Debian's headless Chromium with a fresh profile and no
network features, drive one page, collect console messages, errors and dialogs.

Needs python3-websocket (Debian) and the chromium package; nothing is downloaded.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

try:
    import websocket
except ImportError:  # a python3 other than Debian's (pyenv): the Debian package's folder
    sys.path.append("/usr/lib/python3/dist-packages")
    import websocket

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--no-default-browser-check",
    "--hide-scrollbars", "--mute-audio", "--remote-debugging-port=0",
    "--remote-allow-origins=*",
    # Hundreds of same-document navigations (the viewer sweep) must not be throttled.
    "--disable-ipc-flooding-protection",
]


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(name)
        if p:
            return p
    return None


class Browser:
    """One Chromium process and one page target."""

    def __init__(self, binary, width=1400, height=900, timeout=120):
        self.profile = tempfile.mkdtemp(prefix="detour-chromium-")
        env = dict(os.environ)
        env.setdefault("DBUS_SESSION_BUS_ADDRESS", "disabled:")
        self.proc = subprocess.Popen(
            [binary] + CHROMIUM_FLAGS + ["--user-data-dir=" + self.profile,
                                         "--window-size=%d,%d" % (width, height), "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + timeout
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not start (no DevToolsActivePort after %d s)" % timeout)
            time.sleep(0.1)
        time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        targets = []
        while not targets:
            with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=30) as r:
                targets = [t for t in json.load(r) if t.get("type") == "page"]
            if not targets:
                time.sleep(0.2)
        self.ws = websocket.create_connection(targets[0]["webSocketDebuggerUrl"], timeout=timeout, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.console = []     # (level, text, url)
        self.exceptions = []  # text
        self.dialogs = []     # message
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def _handle(self, msg):
        m = msg.get("method")
        p = msg.get("params", {})
        if m == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
            self.console.append((p.get("type"), text, ""))
        elif m == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            self.exceptions.append(d.get("exception", {}).get("description") or d.get("text", ""))
        elif m == "Log.entryAdded":
            e = p.get("entry", {})
            self.console.append((e.get("level"), e.get("text", ""), e.get("url", "")))
        elif m == "Page.javascriptDialogOpening":
            self.dialogs.append(p.get("message", ""))
            self.send("Page.handleJavaScriptDialog", accept=False)
        self.events.append(msg)

    def send(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        return self.next_id

    def call(self, method, **params):
        i = self.send(method, **params)
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == i:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            if "method" in msg:
                self._handle(msg)

    def pump(self, seconds):
        """Handles events for a while (dialogs, console)."""
        end = time.time() + seconds
        self.ws.settimeout(0.05)
        try:
            while time.time() < end:
                try:
                    msg = json.loads(self.ws.recv())
                except websocket.WebSocketTimeoutException:
                    continue
                if "method" in msg:
                    self._handle(msg)
        finally:
            self.ws.settimeout(120)

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluating %s: %s" % (expr[:80], r["exceptionDetails"]))
        return r["result"].get("value")

    def wait_for(self, expr, timeout=60, what=None):
        end = time.time() + timeout
        while time.time() < end:
            v = self.eval("!!(" + expr + ")")
            if v:
                return v
            self.pump(0.05)
        raise RuntimeError("timed out waiting for " + (what or expr))

    def viewport(self, width, height):
        """The page's size in CSS pixels (a screen of that size)."""
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def navigate(self, url):
        self.call("Page.navigate", url=url)

    def screenshot(self, path, full=True):
        params = {"format": "png"}
        if full:
            m = self.call("Page.getLayoutMetrics")
            size = m.get("cssContentSize") or m.get("contentSize")
            h = min(int(size["height"]) + 1, 6000)
            params["clip"] = {"x": 0, "y": 0, "width": int(size["width"]), "height": h, "scale": 1}
            params["captureBeyondViewport"] = True
        r = self.call("Page.captureScreenshot", **params)
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(r["data"]))

    def close(self):
        try:
            if getattr(self, "ws", None):
                try:
                    self.ws.send(json.dumps({"id": 0, "method": "Browser.close", "params": {}}))
                except Exception:
                    pass
                self.ws.close()
        finally:
            if self.proc.poll() is None:
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
            shutil.rmtree(self.profile, ignore_errors=True)
