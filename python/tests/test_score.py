"""detour.score against `detour score`: the same values and signatures, one pair and
lists of pairs, every metric; errors as exceptions."""
import json
from pathlib import Path

import pytest

import detour
from conftest import detour_cli


def _damaged(text: str) -> str:
    """A system output from a gold text: every third line dropped, a word added."""
    lines = text.splitlines()
    return "\n".join(l + (" extra" if i % 4 == 0 else "") for i, l in enumerate(lines) if i % 3 != 1) + "\n"


@pytest.fixture(scope="module")
def pairs(sample: Path, tmp_path_factory):
    """The sample corpus's gold texts, a damaged output for each in DIR/<lang>/<id>."""
    out = tmp_path_factory.mktemp("system") / "damaged"
    items = []
    for gold in sorted(sample.glob("*/gold/*")):
        lang = gold.parent.parent.name
        text = gold.read_bytes()
        system = _damaged(text.decode("utf-8", "replace")).encode()
        (out / lang).mkdir(parents=True, exist_ok=True)
        (out / lang / gold.name).write_bytes(system)
        items.append((lang, gold.name, text, system))
    return out, items


def test_one_pair_equals_the_cli(binary, tmp_path):
    gold = "<p>The quick brown fox jumps over the lazy dog.\n<h>A heading\n<l>an item\n"
    out = "<p>The quick brown fox jumps over a lazy dog.\n<p>an item\n<p>boilerplate here\n"
    (tmp_path / "g").mkdir()
    (tmp_path / "s").mkdir()
    (tmp_path / "g" / "doc1").write_text(gold)
    (tmp_path / "s" / "doc1").write_text(out)
    metrics = "everything"
    cli = json.loads(detour_cli(binary, "score", "--gold", str(tmp_path / "g"), "--system", str(tmp_path / "s"),
                                "--metrics", metrics, "--rouge", "lines-ws", "--per-doc", "--format", "json").stdout)
    want = cli["systems"]["s"]
    got = detour.score(gold, out, metrics, id="doc1", rouge="lines-ws")
    doc = want["documents"][0]
    assert set(got) == {k for k in doc if k not in ("lang", "id")}
    for m, v in got.items():
        assert {k: x for k, x in v.items() if k != "signature"} == doc[m], m
        assert v["signature"] == want["languages"]["all"][m]["signature"], m
    # bytes are scored as they are, like the files
    assert detour.score(gold.encode(), out.encode(), metrics, id="doc1", rouge="lines-ws") == got


def test_lists_of_pairs_equal_the_cli_on_the_sample_corpus(binary, sample, pairs):
    folder, items = pairs
    for metrics in ("tm,tag,tmu,to,car,lcs,cos", "bench"):
        cli = json.loads(detour_cli(binary, "score", "--corpus", str(sample), "--system", str(folder), "--metrics",
                                    metrics, "--rouge", "lines-ws", "--per-doc", "--format", "json").stdout)
        s = detour.score([i[2] for i in items], [i[3] for i in items], metrics, lang=[i[0] for i in items],
                         id=[i[1] for i in items], rouge="lines-ws", jobs=2)
        assert s.json() == cli["systems"]["damaged"]
        assert s["tm" if metrics.startswith("tm") else "bow"]["signature"].endswith("|missing:skip")


def test_settings_reach_the_metrics(pairs):
    _, items = pairs
    golds, outs = [i[2] for i in items], [i[3] for i in items]
    on = detour.score(golds, outs, "tm", autojunk=True)
    off = detour.score(golds, outs, "tm", autojunk=False)
    assert "autojunk:yes" in on["tm"]["signature"] and "autojunk:no" in off["tm"]["signature"]
    raw = detour.score(golds, outs, "bow", text_form="raw")
    markup = detour.score(golds, outs, "bow", text_form="markup")
    assert raw["bow"]["signature"] != markup["bow"]["signature"]
    ci = detour.score(golds, outs, "to", confidence="bounds", resamples=200)
    assert "intervals" in ci["to"]
    assert "bs:200" in ci["to"]["intervals"]["method"]
    agg = detour.score(golds, outs, "bow").aggregate("f1-of-means", resamples=50)
    assert agg


def test_tables_and_frames(pairs):
    _, items = pairs
    s = detour.score([i[2] for i in items], [i[3] for i in items], "to,tm", lang=[i[0] for i in items])
    t = s.table()
    assert "| to P |" in t.render("md")
    assert t._repr_html_().startswith('<div class="detour-tables">')
    rows = t.rows()
    assert [r["lang"] for r in rows] == sorted({i[0] for i in items}) + ["all"]
    assert rows[-1]["to F1"] == pytest.approx(s["to"]["f1"])
    assert len(s.frame()) == 2 * len(items)


def test_errors_are_exceptions():
    with pytest.raises(detour.UsageError, match="did you mean"):
        detour.score("a", "b", "tmm")
    with pytest.raises(detour.UsageError):
        detour.score(["a"], ["b", "c"])
    with pytest.raises(detour.UsageError):
        detour.score("a", ["b"])
    with pytest.raises(detour.UsageError, match="expected str or bytes"):
        detour.score([1], ["b"])
    with pytest.raises(ValueError):  # UsageError is a ValueError
        detour.score("a", "b", confidence="sometimes")
    with pytest.raises(detour.ResourceError, match="Punkt|punkt"):
        detour.score("a b", "a", "rougelsum", rouge="wceb", punkt="/nonexistent")
