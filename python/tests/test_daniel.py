"""Parity with the detour program on the DANIEL corpus (../shared): the same run made
by `detour run --task daniel` and by detour.run, and the program's run read back by
detour.read_run, compared file by file, record by record and cell by cell (Tables 2, 3
and its tests, 4) by scripts/python/daniel_parity.py. Marked slow: two languages and
two extractors here (the whole corpus: run the script, docs/python.md)."""
import sys
from pathlib import Path

import pytest

pytest.importorskip("pandas")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "python"))

import daniel_parity  # noqa: E402


@pytest.mark.slow
def test_daniel_parity_of_a_python_run_and_a_run_read_back(binary, shared, tmp_path, capsys):
    code = daniel_parity.main(["--binary", str(binary), "--shared", str(shared), "--work", str(tmp_path / "parity"),
                               "--languages", "el,zh", "--extractors", "BP,JTA", "--chains", "BP-JTA",
                               "--metrics", "to,tm", "--jobs", "2"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "differences: 0" in out
    # Something was compared: per_doc rows and every table's cells.
    for what in ("per_doc:", "table2:", "table3:", "table3_tests:", "table4:"):
        assert what in out, out
