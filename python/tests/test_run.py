"""detour.run against `detour run`: the same run folder byte for byte (but for the
run's timings and command), the same per-document records and tables as Python
objects, for a run made from Python and for one read back; judgments and the report
from the records."""
import csv
import json
import os
from pathlib import Path

import pytest

import detour
from conftest import detour_cli

pd = pytest.importorskip("pandas")

SYSTEMS = ["BP", "JTA", "RD"]
CLI_OPTIONS = ["--extractors", "BP,JTA,RD", "--chains", "BP-JTA", "--metrics", "to,tm,car", "--task", "daniel",
               "--trials", "2000", "--jobs", "2", "--no-progress"]
PY_OPTIONS = dict(extractors=SYSTEMS, chains="BP-JTA", metrics="to,tm,car", task="daniel", trials=2000, jobs=2)


def files(folder: Path):
    """A run folder's files but its journal (what the run records as it goes)."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file() and "journal" not in p.name)


def same_folders(a: Path, b: Path, skip=("timings.tsv",)):
    """Every file of two run folders equal; results.json without its provenance.run block."""
    fa, fb = files(a), files(b)
    assert fa == fb
    for f in fa:
        if f.endswith(skip):
            continue
        if f == "results.json":
            ja, jb = json.loads((a / f).read_text()), json.loads((b / f).read_text())
            ja["provenance"].pop("run")
            jb["provenance"].pop("run")
            assert ja == jb, f
        else:
            assert (a / f).read_bytes() == (b / f).read_bytes(), f


@pytest.fixture(scope="module")
def runs(binary, sample, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runs")
    corpus = str(sample)  # the same text in both provenances
    detour_cli(binary, "run", "--corpus", corpus, *CLI_OPTIONS, "--out", str(tmp / "cli"))
    made = detour.run(corpus, out=tmp / "py", **PY_OPTIONS)
    return tmp, made


def test_the_run_folder_equals_the_cli_s(runs):
    tmp, made = runs
    assert made.folder == str(tmp / "py")
    assert made.problem is None
    same_folders(tmp / "cli", tmp / "py")


def per_doc_rows(folder: Path):
    with open(folder / "per_doc.tsv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def check_per_doc_equals_file(run, folder: Path):
    df = run.per_doc
    rows = per_doc_rows(folder)
    assert len(df) == len(rows)
    for (_, got), want in zip(df.iterrows(), rows):
        for k in ("system", "lang", "id", "status", "metric"):
            assert got[k] == want[k], (k, want)
        if want["metric"] == "-":
            assert pd.isna(got["tp"]) and pd.isna(got["f1"])
            continue
        for k in ("tp", "fp", "fn"):
            assert int(got[k]) == int(want[k])
        for k in ("precision", "recall", "f1"):
            assert f"{got[k]:.4f}" == want[k], (k, want)
        assert got["reason"] == want["reason"].replace("\\t", "\t").replace("\\n", "\n").replace("\\\\", "\\")


def test_records_and_tables_as_objects_equal_the_cli_s_files(runs):
    tmp, made = runs
    cli = tmp / "cli"
    check_per_doc_equals_file(made, cli)
    assert made.table2.render("json") == (cli / "table2.json").read_text()
    assert made.table2.render("md") == (cli / "table2.md").read_text()
    assert made.table4.render("json") == (cli / "table4.json").read_text()
    assert made.table3.render("json") == (cli / "table3.json").read_text()
    assert made.table3.render("tsv") == (cli / "table3.tsv").read_text()
    assert made.table3_tests.render("json") == (cli / "table3_tests.json").read_text()
    assert made.systems == SYSTEMS + ["BP-JTA"]
    assert made.provenance["corpus_fingerprint"] == json.loads((cli / "results.json").read_text())["provenance"][
        "corpus_fingerprint"]


def test_a_run_read_back_equals_the_run(runs):
    tmp, made = runs
    back = detour.read_run(tmp / "cli")
    a = made.per_doc.drop(columns=["millis"])
    b = back.per_doc.drop(columns=["millis"])
    assert a.equals(b)
    for name in ("table2", "table3", "table3_tests", "table4"):
        assert getattr(back, name).render("json") == getattr(made, name).render("json"), name
    assert back.signature == made.signature
    assert back.extractor_signatures == made.extractor_signatures
    assert back.output("BP", *back.documents[0]) == made.output("BP", *made.documents[0])


def test_a_run_in_memory_saved_equals_the_cli_s_folder(runs, sample):
    tmp, _ = runs
    mem = detour.run(str(sample), **PY_OPTIONS)
    assert mem.folder is None
    k = mem.documents[3]
    assert mem.output("JTA", *k) == (tmp / "cli" / "outputs" / "JTA" / k[0] / k[1]).read_text()
    mem.save(tmp / "saved")
    same_folders(tmp / "cli", tmp / "saved")


def test_compare_and_gate_equal_the_cli_s(runs, binary):
    tmp, made = runs
    cli = tmp / "cli"
    want = detour_cli(binary, "compare", str(cli), "--systems", "BP,JTA", "--format", "json").stdout
    assert detour.read_run(cli).compare("BP", "JTA").render("json") == want
    base = tmp / "baseline.json"
    made.write_baseline(base, max_drop=0.5)
    g = detour.read_run(cli).gate(base, max_drop=0.5)
    assert g.passed, g.summary
    want = json.loads(detour_cli(binary, "gate", str(cli), "--baseline", str(base), "--max-drop", "0.5",
                                 "--format", "json").stdout)
    assert g.json == want
    with pytest.raises(detour.UsageError, match="did you mean"):
        made.compare("BP", "JTAA")


def test_the_report(runs, tmp_path):
    _, made = runs
    index = made.report(tmp_path / "report", resamples=100, raw_pages="none")
    assert Path(index).is_file()
    assert "detour" in Path(index).read_text()


def test_options_reach_the_run(sample, tmp_path):
    r = detour.run(sample, ["JTA"], metrics=["to"], languages=["en", "fr"], variants={"JTA60": "JTA(length_low=60)"},
                   confidence="bounds", resamples=100)
    assert r.systems == ["JTA", "JTA60"]
    assert {lang for lang, _ in r.documents} == {"en", "fr"}
    assert "length_low:60" in r.extractor_signatures["JTA60"]
    assert "bs:100" in r.table2.render("md")
    with pytest.raises(detour.UsageError, match="did you mean"):
        detour.run(sample, ["BPP"])
    with pytest.raises(detour.UsageError, match="stage-budget"):
        detour.run(sample, ["BP"], stage_budget=-1)
    with pytest.raises(detour.UsageError):
        detour.run(sample, ["BP"], no_such_option=3)
    with pytest.raises(detour.InputError):
        detour.run(tmp_path / "nothing", ["BP"])
