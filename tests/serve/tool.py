"""A served tool for the tests of detour's extractor protocol (docs/adapters.md), with
the faults the tests need, written by hand (not with the helper library) so that it
can break the protocol on purpose.

    python3 tests/serve/tool.py [--fault MODE] [--every N] [--state FILE] [--marker WORD] [--pipelining]
                                [--probe FILE]

It answers each page with the page's own HTML (format "html"), so that its output
equals the ALL baseline's. Faults, on every Nth request an instance gets (--every,
default 5) unless said otherwise:
  none            no fault
  crash           exits with status 3 (after a line on standard error)
  segv            kills itself with SIGSEGV
  hang            sleeps for an hour
  garbage         writes a line that is not JSON
  out_of_order    answers with the wrong seq
  close_stdout    closes its standard output and keeps running (sleeps)
  exit_at_start   exits with status 4 before its handshake (always)
  start_once      only the first start of the run works (--state FILE counts the
                  starts); later instances exit with status 4 before their handshake
  fork_child      starts a child that outlives it (sleeps for an hour) at its start
  fork_hang       fork_child, and hang on every Nth page
  stderr          writes "page <id>" on standard error for each page
  error           answers an error on every Nth page
  bad_handshake   its handshake speaks protocol version 2
  changed         every start after the first announces another tool_version
  notes           adds notes {"length": <bytes of the page>} to each answer
  exit_after      exits (status 0) right after each answer
  setting_echo    answers the settings it was sent, as text
  slow            sleeps 0.2 s before each answer
  grow            keeps 48 MiB more for each request of the instance (memory a long-lived
                  tool does not give back) and sleeps 0.3 s before each answer
  hog_marked      on a page whose HTML holds HOGPAGE, holds 400 MiB for 5 s before answering
  echo_notes      adds notes {"html": <the request's html>, "id": ..., "url": ..., "charset": ...}
  ahead_probe     sleeps 0.3 s before each answer, then appends to --probe FILE "ahead" when
                  the next request is already there to read, else "alone"
  bad_millis      answers "millis": "soon" (not a number)
  fixed_millis    answers "millis": 1234.5 (whatever the page took)
--pipelining declares in the handshake that it takes requests ahead; it then ends each
page's messages on standard error with the marker line and answers with "millis".
--marker WORD is added to the command lines of the tool and its children, so that a
test can find what is left of them in /proc.
"""

import argparse
import json
import os
import signal
import select
import subprocess
import sys
import time

ap = argparse.ArgumentParser()
ap.add_argument("--fault", default="none")
ap.add_argument("--every", type=int, default=5)
ap.add_argument("--state", default="")
ap.add_argument("--marker", default="")
ap.add_argument("--settings", default="{}", help="the handshake's settings (JSON)")
ap.add_argument("--pipelining", action="store_true")
ap.add_argument("--probe", default="")
args = ap.parse_args()

out = sys.stdout.buffer


def send(obj):
    out.write((json.dumps(obj) + "\n").encode("utf-8"))
    out.flush()


def bump_state():
    """Counts this start in --state; returns how many starts there were before."""
    n = 0
    if args.state and os.path.exists(args.state):
        with open(args.state) as f:
            n = int(f.read() or 0)
    if args.state:
        with open(args.state, "w") as f:
            f.write(str(n + 1))
    return n


fault = args.fault
starts_before = bump_state()
if fault == "exit_at_start" or (fault == "start_once" and starts_before > 0):
    sys.stderr.write("refusing to start\n")
    sys.stderr.flush()
    sys.exit(4)
if fault in ("fork_child", "fork_hang"):
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", args.marker],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

version = "1.0"
if fault == "changed" and starts_before > 0:
    version = "1.%d" % starts_before
handshake = {"protocol": "detour-extractor", "version": 2 if fault == "bad_handshake" else 1,
             "name": "detour-test-tool", "tool_version": version, "settings": json.loads(args.settings)}
if args.pipelining:
    handshake["pipelining"] = True
send(handshake)


class Requests:
    """The request lines, read from file descriptor 0 unbuffered by Python, so that
    waiting() can tell whether the next request is already there."""

    def __init__(self):
        self.buf = b""

    def __iter__(self):
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl + 1], self.buf[nl + 1:]
                yield line
                continue
            chunk = os.read(0, 1 << 20)
            if not chunk:
                if self.buf:
                    yield self.buf
                return
            self.buf += chunk

    def waiting(self):
        return bool(self.buf.strip()) or bool(select.select([0], [], [], 0)[0])


def answer_out(answer, began):
    if args.pipelining and "millis" not in answer:
        answer["millis"] = round((time.perf_counter() - began) * 1000, 3)
    if args.pipelining:
        sys.stderr.write("detour-extractor: end of seq %s\n" % answer["seq"])
        sys.stderr.flush()
    send(answer)


requests = Requests()
count = 0
kept = []
for raw in requests:
    began = time.perf_counter()
    if not raw.strip():
        continue
    req = json.loads(raw)
    count += 1
    nth = count % args.every == 0
    seq = req["seq"]
    if fault == "slow":
        time.sleep(0.2)
    if fault == "ahead_probe":
        time.sleep(0.3)
        with open(args.probe, "a") as f:
            f.write("ahead\n" if requests.waiting() else "alone\n")
    if fault == "grow":
        kept.append(bytearray(b"\x01") * (48 << 20))  # written: resident, not only reserved
        time.sleep(0.3)
    if fault == "hog_marked" and "HOGPAGE" in req["html"]:
        hog = bytearray(b"\x01") * (400 << 20)
        time.sleep(5)
        del hog
    if fault == "stderr":
        sys.stderr.write("page %s\n" % req["id"])
        sys.stderr.flush()
    if nth and fault == "crash":
        sys.stderr.write("crashing on %s\n" % req["id"])
        sys.stderr.flush()
        os._exit(3)
    if nth and fault == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if nth and fault in ("hang", "fork_hang"):
        time.sleep(3600)
    if nth and fault == "garbage":
        out.write(b"this is not json\n")
        out.flush()
        continue
    if nth and fault == "out_of_order":
        seq += 1
    if nth and fault == "close_stdout":
        os.close(1)
        sys.stdout = None
        time.sleep(3600)
    if nth and fault == "error":
        answer_out({"seq": seq, "error": "no article in %s" % req["id"]}, began)
        continue
    answer = {"seq": seq, "format": "html", "output": req["html"]}
    if fault == "notes":
        answer["notes"] = {"length": str(len(req["html"].encode("utf-8")))}
    if fault == "echo_notes":
        answer["notes"] = {"html": req["html"], "id": req["id"], "url": req["url"],
                           "charset": req["charset"]["name"] + "/" + req["charset"]["source"]}
    if fault == "setting_echo":
        answer = {"seq": seq, "format": "text", "output": json.dumps(req["settings"], sort_keys=True)}
    if fault == "bad_millis":
        answer["millis"] = "soon"
    if fault == "fixed_millis":
        answer["millis"] = 1234.5
    answer_out(answer, began)
    if fault == "exit_after":
        sys.exit(0)
