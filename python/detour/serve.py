"""Serves a Python extractor function to the ``detour`` program through the persistent
extractor protocol (docs/adapters.md), so that the function a notebook runs in-process
runs the same in ``detour run``:

    python -m detour.serve mymodule:extract [--name MINE] [--version V] [--setting K=V]...

and on the command line: ``detour run ... --serve MINE='python3 -m detour.serve
mymodule:extract'``.

The protocol is JSON Lines on standard input and output: this tool first writes its
handshake ``{"protocol": "detour-extractor", "version": 1, "name", "tool_version",
"settings"}``; then for each request ``{"seq", "id", "lang", "url", "charset", "html",
"settings"}`` it answers, in order, ``{"seq", "format", "output"}`` (format "text",
"html" or "cleaneval", decided as for an in-process function) or ``{"seq", "error"}``
(the last line of the exception's traceback, or why the answer is not an output). The
function is called as detour.run calls it (:data:`detour.ExtractorFunction`): its name,
version and settings are those of the same function in-process (:class:`detour.Function`).
Anything the function prints goes to standard error, never into the protocol.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import traceback
from typing import IO, Any, Dict, List, Optional

from . import _detour
from ._function import Function

PROTOCOL = "detour-extractor"
PROTOCOL_VERSION = 1


def load_function(spec: str) -> Any:
    """The function named "module:function" (a dotted attribute path after the colon)."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise SystemExit(f"detour.serve: expected module:function, got {spec!r}")
    try:
        obj: Any = importlib.import_module(module_name)
    except ImportError as e:
        raise SystemExit(f"detour.serve: cannot import {module_name}: {e}") from None
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise SystemExit(f"detour.serve: {module_name} has no {attr}") from None
    return obj


def handshake(f: Function) -> Dict[str, Any]:
    """The first line this tool writes."""
    return {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "name": f.name, "tool_version": f.version,
            "settings": f.settings}


def answer(f: Function, request: Dict[str, Any]) -> Dict[str, Any]:
    """The answer to one request."""
    seq = request.get("seq")
    try:
        html = request["html"]
        if not isinstance(html, str):
            return {"seq": seq, "error": "the request's html is not a string"}
        result = f.call(html, lang=request.get("lang") or "", url=request.get("url") or "",
                        id=request.get("id") or "", settings=request.get("settings") or {})
    except Exception as e:  # the page fails with the traceback's last line
        return {"seq": seq, "error": traceback.format_exception_only(type(e), e)[-1].strip()}
    try:
        fmt, output = _detour.read_answer(result)
    except TypeError as e:
        return {"seq": seq, "error": str(e)}
    return {"seq": seq, "format": fmt, "output": output}


def serve(f: Function, stdin: IO[str], stdout: IO[str]) -> int:
    """Answers requests from `stdin` on `stdout` until stdin ends; returns the exit
    status (0; 2 on a line that is not a request: the framing is lost)."""
    def write(obj: Dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        stdout.flush()

    write(handshake(f))
    for n, line in enumerate(stdin, 1):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("not an object")
        except ValueError as e:
            print(f"detour.serve: line {n} is not a request ({e}); stopping", file=sys.stderr)
            return 2
        write(answer(f, request))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m detour.serve", description=__doc__.split("\n\n")[0])
    p.add_argument("function", help="module:function (the module importable from here)")
    p.add_argument("--name", help="the extractor's name (default: the function's, upper-cased)")
    p.add_argument("--version", help="its version (default: py- and a hash of its code)")
    p.add_argument("--setting", action="append", default=[], metavar="KEY=VALUE",
                   help="a setting that changes its output, for the signature (repeat)")
    a = p.parse_args(argv)
    settings = {}
    for s in a.setting:
        k, sep, v = s.partition("=")
        if not sep or not k:
            p.error(f"--setting expects KEY=VALUE, got {s!r}")
        settings[k] = v
    f = Function(load_function(a.function), a.name, version=a.version, settings=settings)
    # The protocol owns standard output: what the function prints goes to stderr.
    out = sys.stdout
    sys.stdout = sys.stderr
    stdin = open(sys.stdin.fileno(), "r", encoding="utf-8", errors="surrogateescape", closefd=False)
    proto_out = open(out.fileno(), "w", encoding="utf-8", errors="surrogateescape", closefd=False)
    try:
        return serve(f, stdin, proto_out)
    except BrokenPipeError:  # detour went away
        return 0


if __name__ == "__main__":
    sys.exit(main())
