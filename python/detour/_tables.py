"""Tables as detour writes them: the project's table model, rendered by its writers."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional

from . import _detour

__all__ = ["Table"]

_EXTENSIONS = {"txt": "table", "tsv": "tsv", "md": "md", "tex": "latex", "json": "json", "html": "html"}


class Table:
    """One or more tables of detour (Table 2, 3 or 4 of a run, a comparison, scores).

    The tables are the project's own model (every score cell keeps its signature) and
    render through its writers: ``render("md")``, ``"tsv"``, ``"latex"``, ``"table"``
    (aligned text), ``"json"`` (the model, values unrounded) or ``"html"``. In Jupyter a
    Table shows as HTML (the html writer's tables).

    ``data`` is the json writer's model as Python objects; ``rows()`` and ``frame()``
    give one table's cells by column header ("TO F1"), score cells as their unrounded
    value (percentages where the table shows percentages).
    """

    def __init__(self, native: "_detour.Tables") -> None:
        self._native = native
        self._data: Optional[Dict[str, Any]] = None

    def render(self, format: str = "md") -> str:
        """The tables in one of the writers' formats: table, tsv, md, latex, json, html."""
        return self._native.render(format)

    def to_html(self) -> str:
        """The tables as an HTML fragment (a <div> with its own confined style)."""
        return self._native.html_fragment()

    def _repr_html_(self) -> str:
        return self._native.html_fragment()

    def __str__(self) -> str:
        return self._native.render("table")

    def __repr__(self) -> str:
        return "<detour.Table: " + ", ".join(repr(t) for t in self.titles) + ">"

    def save(self, path: "str | os.PathLike[str]", format: Optional[str] = None) -> None:
        """Writes the tables to `path`, in `format` or the one its extension names
        (.txt, .tsv, .md, .tex, .json, .html)."""
        path = os.fspath(path)
        if format is None:
            ext = path.rsplit(".", 1)[-1] if "." in path else ""
            if ext not in _EXTENSIONS:
                raise _detour.UsageError(f"{path}: give format= (no writer for the extension '.{ext}')")
            format = _EXTENSIONS[ext]
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.render(format))

    @property
    def titles(self) -> List[str]:
        """The title of each table ("Table 2 - en", ...)."""
        return list(self._native.titles)

    @property
    def data(self) -> Dict[str, Any]:
        """The json writer's model: {"tables": [{"title", "columns", "rows", ...}], ...}."""
        if self._data is None:
            self._data = json.loads(self._native.render("json"))
        return self._data

    def __len__(self) -> int:
        return len(self.data["tables"])

    def _index(self, table: "int | str") -> int:
        if isinstance(table, str):
            titles = self.titles
            if table in titles:
                return titles.index(table)
            for i, t in enumerate(titles):  # "en" for "Table 2 - en"
                if t.endswith(" - " + table):
                    return i
            raise KeyError(f"no table {table!r} (tables: {', '.join(titles)})")
        return table

    def headers(self, table: "int | str" = 0) -> List[str]:
        """The column headers of one table ("system", "TO P", "TO R", "TO F1", ...)."""
        t = self.data["tables"][self._index(table)]
        return [c["group"] + " " + c["label"] if c["group"] else c["label"] for c in t["columns"]]

    def rows(self, table: "int | str" = 0, signatures: bool = False) -> List[Dict[str, Any]]:
        """The rows of one table (by index or title, or a title's last part: "all") as
        dicts by column header: text, counts, score values (unrounded), None where the
        table shows "-". With `signatures`, a score is {"value", "signature", "lo",
        "hi", "marks"} instead of its value."""
        t = self.data["tables"][self._index(table)]
        heads = self.headers(table)
        out = []
        for row in t["rows"]:
            d: Dict[str, Any] = {}
            for h, cell in zip(heads, row):
                if isinstance(cell, dict):
                    if signatures:
                        c = dict(cell)
                        c["signature"] = t["score_signatures"][cell["signature"]]
                        d[h] = c
                    else:
                        d[h] = cell["value"]
                else:
                    d[h] = cell
            out.append(d)
        return out

    def frame(self, table: "int | str" = 0) -> Any:
        """One table as a pandas DataFrame (``rows()``); pandas must be importable."""
        import pandas as pd

        return pd.DataFrame(self.rows(table), columns=self.headers(table))
