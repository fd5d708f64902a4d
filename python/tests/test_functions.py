"""Python functions as extractors: called in-process, in chains, equal to the same
code run as an external tool; every way a function can fail is a page failure with
its reason, and the run completes."""
import sys
import threading
import time
from pathlib import Path

import pytest

import detour
import extractors_for_tests as ex
from conftest import detour_cli

HERE = Path(__file__).resolve().parent


def statuses(run, system):
    return {(r["lang"], r["id"]): (r["status"], r["reason"])
            for r in run.per_doc.to_dict("records") if r["system"] == system}


def test_a_function_is_an_extractor_and_a_stage_of_chains(sample):
    r = detour.run(sample, ["BP", ("PARA", ex.paragraphs)], chains=[["BP", "PARA"], "PARA-BP"], metrics="to")
    assert r.systems == ["BP", "PARA", "BP-PARA", "PARA-BP"]
    assert r.problem is None
    for s in r.systems:
        assert {st for st, _ in statuses(r, s).values()} == {"ok"}, s
    sig = r.extractor_signatures["PARA"]
    assert sig.startswith("PARA|v:py-") and "function:extractors_for_tests.paragraphs" in sig
    assert "|budget:10s" in sig
    lang, id = r.documents[0]
    assert r.output("PARA", lang, id).startswith("<p>")
    # A named Function sets the version and settings of the signature.
    r2 = detour.run(sample, [detour.Function(ex.paragraphs, "PARA", version="7", settings={"k": 1})], metrics="to",
                    languages=["en"])
    assert r2.extractor_signatures["PARA"].startswith("PARA|v:7|")
    assert "|k:1" in r2.extractor_signatures["PARA"]


def test_a_function_gives_what_the_same_code_as_an_external_tool_gives(sample, binary, tmp_path):
    tool = f"{sys.executable} {HERE / 'extractors_for_tests.py'} paragraphs"
    detour_cli(binary, "run", "--corpus", str(sample), "--extractors", "BP", "--external", f"PARA={tool}",
               "--metrics", "to,tm", "--no-progress", "--out", str(tmp_path / "ext"))
    r = detour.run(sample, [("PARA", ex.paragraphs)], metrics="to,tm", out=tmp_path / "fn")
    for lang, id in r.documents:
        assert r.output("PARA", lang, id) == (tmp_path / "ext" / "outputs" / "PARA" / lang / id).read_text()
    a = detour.read_run(tmp_path / "ext").per_doc
    b = r.per_doc
    cols = ["lang", "id", "status", "metric", "tp", "fp", "fn"]
    assert a[a.system == "PARA"][cols].reset_index(drop=True).equals(b[b.system == "PARA"][cols].reset_index(drop=True))


def test_every_failure_is_a_page_failure_with_its_reason(sample):
    t0 = time.monotonic()
    r = detour.run(sample, ["BP", ("FAIL", ex.failing)], metrics="to", stage_budget=1, jobs=2)
    took = time.monotonic() - t0
    got = statuses(r, "FAIL")
    kinds = {k: ex.kind(k[1]) for k in got}
    assert set(kinds.values()) == {"raise", "none", "bytes", "sleep", "ok"}  # the sample has each
    for k, what in kinds.items():
        status, reason = got[k]
        if what == "ok":
            assert status == "ok", (k, reason)
            continue
        assert status == "failed", k
        assert reason.startswith("FAIL: "), reason
        if what == "raise":
            assert reason == f"FAIL: ValueError: no body in {k[1]}"
        elif what == "none":
            assert "returned None" in reason
        elif what == "bytes":
            assert "returned bytes" in reason and "decode" in reason
        elif what == "sleep":
            assert "time budget of 1 s exceeded (wall clock)" in reason
    assert {st for st, _ in statuses(r, "BP").values()} == {"ok"}  # the other system is untouched
    sleeps = sum(1 for v in kinds.values() if v == "sleep")
    assert took < 10 + 2 * sleeps  # pages waited at most their budget, not the 30 s sleep
    assert len(r.failures) == sum(1 for v in kinds.values() if v != "ok")
    # A function failing on every page: the run completes and says so.
    with pytest.warns(RuntimeWarning, match="every page failed for NONE_"):
        r = detour.run(sample, ["BP", ("NONE_", lambda html: None)], metrics="to", languages=["en"])
    assert "every page failed" in r.problem


def test_a_looping_function_is_stopped_at_its_budget(sample):
    before = set(threading.enumerate())
    r = detour.run(sample, [detour.Function(ex.spin, "SPIN", timeout=0.5)], metrics="to", languages=["en"],
                   jobs=2)
    assert {st for st, _ in statuses(r, "SPIN").values()} == {"failed"}
    # The loops were asked to stop (detour.StageTimeout): the run's threads end.
    deadline = time.monotonic() + 20
    while True:
        left = [t for t in threading.enumerate()
                if t not in before and t.name.startswith("detour-extractor") and t.is_alive()]
        if not left:
            break
        if time.monotonic() > deadline:
            pytest.fail(f"{len(left)} extractor threads of the run still alive")
        time.sleep(0.2)


def test_functions_never_run_in_worker_processes(sample):
    with pytest.raises(detour.UsageError, match="process"):
        detour.run(sample, [("PARA", ex.paragraphs)], isolation="process", languages=["en"])
    with pytest.raises(detour.UsageError, match="letters, digits"):
        detour.run(sample, [("MY-FN", ex.paragraphs)])
    with pytest.raises(detour.UsageError, match="built-in"):
        detour.run(sample, [("BP", ex.paragraphs)])


def test_answers_in_a_declared_format(sample):
    r = detour.run(sample, [("HTML", ex.html_body)], metrics="to", languages=["en"])
    assert {st for st, _ in statuses(r, "HTML").values()} == {"ok"}
    assert detour._detour.read_answer("<p>a\n<h>b") == ("cleaneval", "<p>a\n<h>b")
    assert detour._detour.read_answer(("text", "a")) == ("text", "a")
    with pytest.raises(TypeError, match="format 'pdf'"):
        detour._detour.read_answer(("pdf", "a"))
    with pytest.raises(TypeError, match="returned int"):
        detour._detour.read_answer(3)
