"""python -m detour.serve: the same function served through the extractor protocol
(JSON Lines): the handshake names it as the in-process run signs it; answers in order,
failures as errors with their reasons."""
import json
import os
import subprocess
import sys
from pathlib import Path

import detour
import extractors_for_tests as ex

HERE = Path(__file__).resolve().parent


def serve(function, requests, *args):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), *[p for p in sys.path if p]])
    text = "".join(json.dumps(r) + "\n" for r in requests)
    p = subprocess.run([sys.executable, "-m", "detour.serve", f"extractors_for_tests:{function}", *args],
                       input=text, capture_output=True, text=True, env=env, timeout=60)
    return p.returncode, [json.loads(l) for l in p.stdout.splitlines()], p.stderr


def test_handshake_and_answers():
    page = "<html><body><h1>Title</h1><p>Some <b>text</b> here.</p><script>x</script></body></html>"
    rc, lines, err = serve("paragraphs", [
        {"seq": 0, "id": "a", "lang": "en", "url": "", "charset": {}, "html": page, "settings": {}},
        {"seq": 1, "id": "b", "lang": "en", "url": "", "charset": {}, "html": "", "settings": {}},
    ])
    assert rc == 0, err
    hello = lines[0]
    f = detour.Function(ex.paragraphs, "PARAGRAPHS")
    assert hello == {"protocol": "detour-extractor", "version": 1, "name": "PARAGRAPHS", "tool_version": f.version,
                     "settings": f.settings}
    assert lines[1] == {"seq": 0, "format": "text", "output": "Title\nSome text here."}
    assert lines[2] == {"seq": 1, "format": "text", "output": ""}


def test_failures_are_errors_with_reasons():
    reqs = []
    for id in ("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"):
        if ex.kind(id) != "sleep":
            reqs.append({"seq": len(reqs), "id": id, "lang": "en", "url": "", "html": "<p>x</p>"})
    rc, lines, err = serve("failing", reqs, "--name", "FAIL", "--setting", "k=v")
    assert rc == 0, err
    assert lines[0]["name"] == "FAIL" and lines[0]["settings"]["k"] == "v"
    for req, ans in zip(reqs, lines[1:]):
        assert ans["seq"] == req["seq"]
        k = ex.kind(req["id"])
        if k == "ok":
            assert ans == {"seq": req["seq"], "format": "text", "output": "x"}
        elif k == "raise":
            assert ans["error"] == f"ValueError: no body in {req['id']}"
        elif k == "none":
            assert "returned None" in ans["error"]
        elif k == "bytes":
            assert "returned bytes" in ans["error"]


def test_a_broken_line_stops_with_status_2():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), *[p for p in sys.path if p]])
    p = subprocess.run([sys.executable, "-m", "detour.serve", "extractors_for_tests:paragraphs"],
                       input="not json\n", capture_output=True, text=True, env=env, timeout=60)
    assert p.returncode == 2
    assert "not a request" in p.stderr
