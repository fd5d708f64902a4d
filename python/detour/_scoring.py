"""detour.score: system outputs scored against gold texts by detour's metrics."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Union, overload

from . import _detour
from ._tables import Table

__all__ = ["score", "Scores", "Text"]

Text = Union[str, bytes]
"""A text to score: str (taken as UTF-8) or bytes (as they are, as `detour score`
reads files)."""


def _metric_list(metrics: "str | Sequence[str]") -> str:
    return metrics if isinstance(metrics, str) else ",".join(metrics)


class Scores:
    """The scores of a list of (gold, output) pairs, as ``detour score --format json``
    gives them for one system: aggregates per language and ``all`` with their
    signatures (``languages``), one entry per document (``documents``), notes.

    ``scores["tm"]`` is the ``all`` aggregate of a metric (micro P/R/F1 in percent,
    counts, macro averages, signature). ``table()`` gives the ``detour score`` tables,
    ``aggregate("f1-of-means")`` a named aggregation, ``frame()`` the documents as a
    pandas DataFrame.
    """

    def __init__(self, native: "_detour.ScoreSet") -> None:
        self._native = native
        self._json: Dict[str, Any] = json.loads(native.json(True))

    @property
    def signature(self) -> str:
        """The signature shared by every metric of the scoring."""
        return self._json["signature"]

    @property
    def languages(self) -> Dict[str, Dict[str, Any]]:
        """Aggregates by language key ("all" last): {"documents", "<metric>": {...}}."""
        return self._json["languages"]

    @property
    def documents(self) -> List[Dict[str, Any]]:
        """One entry per pair, in order: {"lang", "id", "<metric>": {"tp", "fp", "fn",
        "precision", "recall", "f1", ...}} (percentages, as the CLI's JSON)."""
        return self._json["documents"]

    @property
    def notes(self) -> List[str]:
        return self._json["notes"]

    def json(self) -> Dict[str, Any]:
        """The whole ``detour score --format json --per-doc`` object of the system."""
        return self._json

    def __getitem__(self, metric: str) -> Dict[str, Any]:
        return self._json["languages"]["all"][metric]

    def table(self, per_doc: bool = False, format: str = "md", intervals: str = "pm") -> Table:
        """The ``detour score`` tables (wide; ``format="tsv"``: the long TSV layout);
        intervals shown as "pm" (F1 ± half-width) or "bounds" when the scores have them."""
        return Table(self._native.table(per_doc, intervals, format))

    def aggregate(self, aggregation: str = "f1-of-means", resamples: int = 1000, seed: int = 12345) -> Any:
        """A named aggregation (``detour score --aggregate``): micro, f1-of-means
        (Scrapinghub's) or mean-median (WCEB's), as its JSON rendering."""
        return json.loads(self._native.aggregate(aggregation, resamples, seed, "json"))

    def frame(self) -> Any:
        """The documents as a pandas DataFrame: one row per document and metric."""
        import pandas as pd

        rows = []
        for d in self.documents:
            for k, v in d.items():
                if isinstance(v, dict):
                    rows.append({"lang": d["lang"], "id": d["id"], "metric": k, **v})
        return pd.DataFrame(rows)

    def _repr_html_(self) -> str:
        return self.table()._repr_html_()

    def __repr__(self) -> str:
        n = self._json["languages"]["all"]["documents"]
        return f"<detour.Scores: {n} documents, {self.signature}>"


@overload
def score(gold: Text, output: Text, metrics: "str | Sequence[str]" = ..., **settings: Any) -> Dict[str, Dict[str, Any]]: ...
@overload
def score(gold: Sequence[Text], output: Sequence[Text], metrics: "str | Sequence[str]" = ..., **settings: Any) -> Scores: ...


def score(
    gold: "Text | Sequence[Text]",
    output: "Text | Sequence[Text]",
    metrics: "str | Sequence[str]" = "tm,tag,to,car,lcs",
    *,
    lang: "Optional[str | Sequence[str]]" = None,
    id: "Optional[str | Sequence[str]]" = None,
    autojunk: bool = True,
    rouge: str = "wceb",
    punkt: Optional[str] = None,
    text_form: Optional[str] = None,
    text_form_gold: Optional[str] = None,
    text_form_system: Optional[str] = None,
    missing: str = "skip",
    confidence: Optional[str] = None,
    resamples: int = 1000,
    seed: int = 12345,
    jobs: int = 0,
    name: str = "output",
) -> "Dict[str, Dict[str, Any]] | Scores":
    """Scores system output against gold text with detour's metrics, as ``detour score``
    does (same values, same signatures).

    One pair (``gold`` and ``output`` each a str or bytes) gives a dict by metric:
    ``{"tm": {"tp", "fp", "fn", "precision", "recall", "f1", ..., "signature"}}``
    (P, R, F1 in percent; a metric's extra per-document values, e.g. cos's "cosine",
    beside them). Two sequences of texts give a :class:`Scores` (aggregates per
    language and ``all``, and every document). The pairs are scored in ``jobs``
    threads (0: every core) with the GIL released.

    ``metrics``: names or a comma-separated list (``detour.metrics()``; "all": the
    CleanEval-protocol ones, "bench": shingle, rougelsum, levenshtein, bow, teds;
    "everything"). Settings, as ``detour score``'s options:

    - ``autojunk``: difflib's popular-element rule (CleanEval ran with it on);
    - ``rouge``: rougelsum's setting, "wceb" (Punkt sentences: needs ``punkt``, NLTK's
      punkt_tab English folder, or $DETOUR_PUNKT), "lines-ws" or "default";
    - ``text_form`` (both sides), ``text_form_gold``, ``text_form_system``: what the
      benchmark metrics score, "raw", "markup" or "auto" (the default);
    - ``lang``, ``id``: per pair (a str for one pair, or a sequence): languages give
      per-language aggregates; (lang, id) enter the gold fingerprint of the signature
      (ids default to the pair's index);
    - ``missing``: the policy named in the signature ("skip", as ``detour score``);
    - ``confidence``: "pm" or "bounds" adds bootstrap intervals (``resamples``,
      ``seed``) to the aggregates;
    - ``name``: the system's name in tables.
    """
    metric_list = _metric_list(metrics)
    one = isinstance(gold, (str, bytes))
    if one != isinstance(output, (str, bytes)):
        raise _detour.UsageError("gold and output: give two texts, or two sequences of texts")
    golds = [gold] if one else list(gold)  # type: ignore[list-item]
    outputs = [output] if one else list(output)  # type: ignore[list-item]
    n = len(golds)

    def per_pair(v: "Optional[str | Sequence[str]]", default: List[str], what: str) -> List[str]:
        if v is None:
            return default
        if isinstance(v, str):
            return [v] * n
        v = list(v)
        if len(v) != n:
            raise _detour.UsageError(f"{what}: {len(v)} values for {n} pairs")
        return [str(x) for x in v]

    langs = per_pair(lang, [""] * n, "lang")
    ids = per_pair(id, [str(i) for i in range(n)], "id")
    native = _detour.score_pairs(
        golds, outputs, langs, ids, metric_list, autojunk=autojunk, rouge=rouge, punkt=punkt or "",
        text_form=text_form or "", text_form_gold=text_form_gold or "", text_form_system=text_form_system or "",
        missing=missing, intervals=confidence or "", resamples=resamples, seed=seed, jobs=jobs, name=name)
    scores = Scores(native)
    if not one:
        return scores
    doc = scores.documents[0]
    every = scores.languages["all"]
    return {m: dict(v, signature=every[m]["signature"]) for m, v in doc.items() if isinstance(v, dict)}
