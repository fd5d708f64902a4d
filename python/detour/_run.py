"""detour.run and detour.read_run: runs as Python objects."""

from __future__ import annotations

import json
import os
import tempfile
import threading
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from . import _detour
from ._function import ExtractorFunction, Function
from ._tables import Table

__all__ = ["run", "read_run", "Run", "GateResult", "ExtractorSpec"]

ExtractorSpec = Union[str, Function, Tuple[str, ExtractorFunction], ExtractorFunction]
"""A system of a run: a built-in extractor's name, with settings if any ("BP",
"JTA(length_low=60)"), a Python function (named by a pair ("MINE", fn), a Function, or
the function alone: its name upper-cased)."""

PathLike = Union[str, "os.PathLike[str]"]


def _spawn(target: Callable[[], None]) -> None:
    threading.Thread(target=target, daemon=True, name="detour-extractor").start()


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


# Keywords of detour.run whose option takes NAME=VALUE items (a mapping or "NAME=VALUE"
# strings), and the option.
_PAIRS = {"externals": "--external", "models": "--model", "variants": "--variant", "task_params": "--task-param"}
# Keywords given as lists, repeated.
_REPEATED = {"sweeps": "--sweep"}
# Keywords given as lists, joined by commas.
_LISTS = {"languages", "baselines"}


def _options(corpus: PathLike, extractors: Sequence[str], chains: "str | Sequence[Any] | None", metrics: Any,
             task: Optional[str], out: Optional[PathLike], jobs: int, progress: bool,
             options: Mapping[str, Any]) -> List[str]:
    argv = ["--corpus", os.fspath(corpus)]
    if extractors:
        argv += ["--extractors", ",".join(extractors)]
    elif not options.get("sweeps"):
        raise _detour.UsageError("extractors: name at least one (or give sweeps=)")
    if chains is None:
        argv += ["--chains", "none"]
    elif isinstance(chains, str):
        argv += ["--chains", chains]
    else:
        parts = []
        for c in chains:
            parts.append(c if isinstance(c, str) else "-".join(_stage_name(s) for s in c))
        argv += ["--chains", ",".join(parts) if parts else "none"]
    argv += ["--metrics", metrics if isinstance(metrics, str) else ",".join(metrics)]
    if task:
        argv += ["--task", task]
    if out is not None:
        argv += ["--out", os.fspath(out)]
    if jobs:
        argv += ["--jobs", str(jobs)]
    if not progress:
        argv.append("--no-progress")
    for key, value in options.items():
        if value is None or value is False:
            continue
        if key in _PAIRS:
            items = value.items() if isinstance(value, Mapping) else [(v, None) for v in value]
            for k, v in items:
                argv += [_PAIRS[key], k if v is None else f"{k}={v}"]
        elif key in _REPEATED:
            for v in ([value] if isinstance(value, str) else value):
                argv += [_REPEATED[key], str(v)]
        elif key == "confidence":
            argv.append("--confidence" if value is True else f"--confidence={value}")
        elif key == "autojunk":
            argv += ["--autojunk", "yes" if value in (True, "yes") else "no"]
        elif value is True:
            argv.append(_option(key))
        elif key in _LISTS and not isinstance(value, str):
            argv += [_option(key), ",".join(value)]
        else:
            argv += [_option(key), os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return argv


def _stage_name(stage: Any) -> str:
    if isinstance(stage, str):
        return stage
    if isinstance(stage, Function):
        return stage.name
    raise _detour.UsageError(f"a chain's stage is a name (give Python functions in extractors=), got {stage!r}")


def _functions(extractors: Iterable[ExtractorSpec]) -> Tuple[List[str], List[Function]]:
    names: List[str] = []
    functions: List[Function] = []
    for e in extractors:
        if isinstance(e, str):
            names.append(e)
            continue
        if isinstance(e, Function):
            f = e
        elif isinstance(e, tuple) and len(e) == 2 and isinstance(e[0], str):
            f = Function(e[1], e[0])
        elif callable(e):
            f = Function(e)
        else:
            raise _detour.UsageError(f"an extractor is a name, a (name, function) pair or a function, got {e!r}")
        if any(g.name == f.name for g in functions):
            raise _detour.UsageError(f"two Python extractors are named {f.name}")
        functions.append(f)
        names.append(f.name)
    return names, functions


def run(
    corpus: PathLike,
    extractors: "str | Sequence[ExtractorSpec]" = ("BP", "JTA", "JTS", "RD", "HK"),
    chains: "str | Sequence[str | Sequence[str]] | None" = None,
    metrics: "str | Sequence[str]" = "to,car,tm",
    *,
    task: Optional[str] = None,
    out: Optional[PathLike] = None,
    jobs: int = 0,
    progress: bool = False,
    stage_budget: float = 10,
    **options: Any,
) -> "Run":
    """Runs extractors and chains over a gold corpus and scores them: ``detour run``
    from Python, the same run (same records, tables and signatures), returned as a
    :class:`Run`.

    - ``corpus``: the corpus root (any format ``detour run`` reads);
    - ``extractors``: names of built-in extractors, with settings if any ("BP",
      "JTA(length_low=60)"), or "all"; a Python function as ``("MINE", fn)``, a
      :class:`Function`, or the function alone (see :data:`ExtractorFunction` for how it
      is called and what it returns);
    - ``chains``: "all" (every ordered pair of the extractors), "BP-JTA,JTA-BP", or a
      list of chains, each "BP-JTA" or a list of stage names (["BP", "MINE"]); None: none;
    - ``metrics``: "to,car,tm" (default), a list, "all", "bench", "everything";
    - ``task``: a downstream task ("daniel": Table 3 on every system);
    - ``out``: the run folder to write (outputs, results, tables: what ``detour run
      --out`` writes); None keeps everything in memory (``Run.save`` writes it later);
    - ``jobs``: threads (0: every core); ``progress``: the progress line on stderr;
    - ``stage_budget``: seconds a stage may take on a page (CPU time for built-in
      stages, wall clock for Python functions; 0: none).

    Every other option of ``detour run`` is a keyword named as the option
    (``--page-memory 2G``: ``page_memory="2G"``; flags: ``resume=True``); options
    given several times take a list or a mapping: ``externals={"JAR":
    "scripts/boilerpipe/run.sh"}``, ``variants={"JTA60": "JTA(length_low=60)"}``,
    ``sweeps=["JTA.length_low=50:90:10"]``, ``models``, ``task_params``;
    ``confidence="pm"``; ``languages=["en", "fr"]``. ``detour.run_options()`` lists them.

    A run with a Python function does its pages in this process's threads (never in
    worker processes: ``isolation="process"`` is refused). A page a function fails on
    (an exception, a wrong return type, the budget passed) is recorded with its reason
    and the run goes on. When nothing was scored or a system failed on every page, the
    Run's ``problem`` says so (and a warning is issued) instead of an exception.
    """
    if isinstance(extractors, str):
        extractors = [extractors]
    names, functions = _functions(extractors)
    options = dict(options)
    options["stage_budget"] = stage_budget
    argv = _options(corpus, names, chains, metrics, task, out, jobs, progress, options)
    pool = _detour.CallPool(_spawn)
    specs = [(f.name, f._stage_call(), f.version, f.settings, stage_budget if f.timeout is None else f.timeout)
             for f in functions]
    try:
        native = _detour.run(argv, specs, pool)
    finally:
        pool.close()
    r = Run(native)
    if r.problem:
        warnings.warn(f"detour.run: {r.problem}", RuntimeWarning, stacklevel=2)
    return r


def read_run(source: PathLike) -> "Run":
    """A run made by ``detour run`` (or :func:`run` with ``out``), read back without
    rescoring: a run folder, or a run of a results store (``"ID"``: the default store,
    $DETOUR_STORE; ``"STORE_FILE:ID"``). Its tables, comparisons and gates equal
    those of the run itself."""
    return Run(_detour.read_run(os.fspath(source)))


@dataclass
class GateResult:
    """The checks of a regression gate (``detour gate``): each check's kind, subject,
    whether it passed and its numbers; ``passed`` when none failed."""

    checks: List[Dict[str, Any]]
    notes: List[str]
    failures: int
    summary: str
    json: Dict[str, Any]
    _junit: str = field(repr=False)
    _verbose: str = field(repr=False)

    @property
    def passed(self) -> bool:
        return self.failures == 0

    def junit(self) -> str:
        """The checks as JUnit XML (one test case per check)."""
        return self._junit

    def __str__(self) -> str:
        return self.summary

    def _repr_html_(self) -> str:
        import html

        return "<pre>" + html.escape(self._verbose) + "</pre>"


class Run:
    """A run's per-document records and what detour computes from them.

    Made by :func:`run` or :func:`read_run`. ``per_doc`` is every page of every system
    (``per_doc.tsv``'s columns); ``table2``, ``table4`` and, with a task, ``table3`` and
    ``table3_tests`` are the run's tables (:class:`Table`); ``compare`` and ``gate``
    judge it; ``report`` writes the HTML report; ``save`` writes a run made in memory.
    """

    def __init__(self, native: "_detour.RunRecords") -> None:
        self._native = native
        self._per_doc: Any = None
        self._tables: Dict[str, Optional[Table]] = {}
        self._saved: Optional[tempfile.TemporaryDirectory] = None  # type: ignore[type-arg]

    # --- what the run is ------------------------------------------------------------
    @property
    def systems(self) -> List[str]:
        """The systems, in run order ("BP", "BP-JTA", ...)."""
        return list(self._native.systems)

    @property
    def signature(self) -> str:
        """The score signature every system of the run shares."""
        return self._native.signature

    @property
    def extractor_signatures(self) -> Dict[str, str]:
        """Each system's extractor signature (its stages' signatures joined by " > ")."""
        return dict(self._native.extractor_signatures)

    @property
    def score_signatures(self) -> Dict[str, List[str]]:
        """Each system's metric signatures, in metric order."""
        return {k: list(v) for k, v in self._native.score_signatures}

    @property
    def provenance(self) -> Dict[str, Any]:
        """results.json's provenance: version, commit, corpus and its fingerprint,
        languages, signatures, judgments, and the run's command, start, time, host."""
        return json.loads(self._native.provenance)

    @property
    def documents(self) -> List[Tuple[str, str]]:
        """The run's pages as (lang, id), in run order."""
        return list(self._native.doc_keys)

    @property
    def folder(self) -> Optional[str]:
        """The run folder, or None for a run kept in memory (or read from a store)."""
        return self._native.folder or None

    @property
    def problem(self) -> Optional[str]:
        """Why the run is not usable (nothing scored, a system failed on every page:
        what makes ``detour run`` exit 1), or None."""
        return self._native.problem or None

    @property
    def seconds(self) -> float:
        return self._native.seconds

    # --- records ----------------------------------------------------------------------
    @property
    def per_doc(self) -> Any:
        """Every page of every system, one row per metric (one row with metric "-" for
        an excluded page): system, lang, id, status (ok, failed, excluded), metric, tp,
        fp, fn, precision, recall, f1 (percent, unrounded), reason, notes (dict), values
        (the metric's extra per-document values, dict), millis (the system's time on the
        page). A pandas DataFrame when pandas is importable, else a list of dicts."""
        if self._per_doc is None:
            cols = self._native.per_doc()
            try:
                import pandas as pd
            except ImportError:
                keys = list(cols)
                self._per_doc = [dict(zip(keys, row)) for row in zip(*cols.values())]
            else:
                df = pd.DataFrame(cols)
                for c in ("tp", "fp", "fn"):
                    df[c] = df[c].astype("Int64")
                for c in ("precision", "recall", "f1"):
                    df[c] = df[c].astype("float64")
                self._per_doc = df
        return self._per_doc

    @property
    def failures(self) -> List[Dict[str, Any]]:
        """The pages that were not ok: system, lang, id, status, reason (as failures.tsv)."""
        seen = set()
        out = []
        cols = self._native.per_doc()
        for s, l, i, st, why in zip(cols["system"], cols["lang"], cols["id"], cols["status"], cols["reason"]):
            if st != "ok" and (s, l, i) not in seen:
                seen.add((s, l, i))
                out.append({"system": s, "lang": l, "id": i, "status": st, "reason": why})
        return out

    def output(self, system: str, lang: str, id: str) -> str:
        """A system's output on a page, as it was scored (CleanEval markup)."""
        keys = self._native.doc_keys
        try:
            k = keys.index((lang, id))
        except ValueError:
            raise KeyError(f"no page {lang}/{id} in the run") from None
        return self._native.output(system, k)

    # --- tables -----------------------------------------------------------------------
    def _table(self, name: str, make: Callable[[], Any]) -> Optional[Table]:
        if name not in self._tables:
            native = make()
            self._tables[name] = Table(native) if native is not None else None
        return self._tables[name]

    @property
    def table2(self) -> Table:
        """Table 2: per language and ``all``, one row per system, P/R/F1 per metric."""
        t = self._table("table2", lambda: self._native.table2())
        assert t is not None
        return t

    @property
    def table4(self) -> Table:
        """Table 4: per language and metric, the best system and those tied with it
        (with a task: its column group too)."""
        t = self._table("table4", lambda: self._native.table4())
        assert t is not None
        return t

    @property
    def table3(self) -> Optional[Table]:
        """Table 3 of the run's task (None without one): the task's P/R/F1 per system
        and language, with intervals, best and ties."""
        return self._table("table3", lambda: self._native.table3())

    @property
    def table3_tests(self) -> Optional[Table]:
        """The paired tests of Table 3 (None without a task)."""
        return self._table("table3_tests", lambda: self._native.table3_tests())

    @property
    def tables(self) -> Dict[str, Table]:
        """Every table of the run by name (table2, table4, table3, table3_tests)."""
        out = {"table2": self.table2, "table4": self.table4}
        for k in ("table3", "table3_tests"):
            t = getattr(self, k)
            if t is not None:
                out[k] = t
        return out

    # --- judgments --------------------------------------------------------------------
    def compare(
        self,
        first: str,
        second: Optional[str] = None,
        *,
        other: "Optional[Run]" = None,
        languages: Sequence[str] = (),
        metrics: Sequence[str] = (),
        statistic: str = "micro-f1",
        by: str = "",
        top: int = 10,
        resamples: int = 1000,
        trials: int = 10000,
        seed: int = 12345,
        alpha: float = 0.05,
        jobs: int = 0,
        allow_different_corpora: bool = False,
    ) -> Table:
        """Judges two systems (``detour compare``): ``compare("BP", "JTA")`` within this
        run (JTA - BP); ``compare("BP", other=run_b)``: BP of run_b - BP of this run;
        ``compare("BP", "JTA", other=run_b)``: JTA of run_b - BP of this run. Per
        language and metric: both values, the paired difference with its bootstrap
        interval, paired bootstrap and randomization p-values, Holm-adjusted; then the
        pages that moved most."""
        if second is None:
            if other is None:
                raise _detour.UsageError("compare(first, second) within a run, or compare(system, other=run)")
            second = first
        return Table(_detour.compare(self._native, first, other._native if other is not None else None, second,
                                     list(languages), list(metrics), statistic, by, top, resamples, trials, seed,
                                     alpha, jobs, allow_different_corpora))

    def gate(
        self,
        baseline: PathLike,
        *,
        max_drop: Optional[float] = None,
        significant: bool = False,
        baseline_run: "Optional[Run]" = None,
        fail_under: Sequence[str] = (),
        max_failed: Optional[str] = None,
        max_slowdown: Optional[float] = None,
        baselines: Sequence[str] = (),
        resamples: int = 1000,
        trials: int = 10000,
        seed: int = 12345,
        alpha: float = 0.05,
        jobs: int = 0,
    ) -> GateResult:
        """Checks the run against a baseline file (``detour gate``): corpus, signatures,
        floors, drops (``max_drop`` points), ``fail_under`` rules ("to.f1=85",
        "BP/zh:car.f1=80"), failed pages (``max_failed``: "3" or "2%"), speed
        (``max_slowdown``); ``significant``: a drop fails only when significant."""
        r = _detour.gate(self._native, os.fspath(baseline), max_drop, significant,
                         baseline_run._native if baseline_run is not None else None, list(fail_under),
                         max_failed or "", max_slowdown, list(baselines), resamples, trials, seed, alpha, jobs)
        return GateResult(checks=r["checks"], notes=r["notes"], failures=r["failures"], summary=r["summary"],
                          json=json.loads(r["json"]), _junit=r["junit"], _verbose=r["summary_verbose"])

    def write_baseline(self, path: PathLike, *, max_drop: float = 0.5, systems: Sequence[str] = (),
                       allow_regression: bool = False) -> str:
        """Writes the run's gate baseline to `path` (``detour gate --update``): floors at
        F1 - max_drop; refused when it would lower a floor of the baseline there, unless
        ``allow_regression``. Returns the summary line."""
        lowered, summary = _detour.write_baseline(self._native, os.fspath(path), max_drop, list(systems),
                                                  allow_regression)
        for line in lowered:
            warnings.warn(f"lowered (allowed): {line}", stacklevel=2)
        return summary

    # --- files ------------------------------------------------------------------------
    def save(self, folder: PathLike) -> None:
        """Writes a run made in memory to a run folder, as ``detour run --out`` would
        have (outputs, records, tables, the task's tables)."""
        self._native.save(os.fspath(folder))

    def report(
        self,
        path: PathLike,
        *,
        others: "Sequence[Run]" = (),
        corpus: Optional[PathLike] = None,
        resamples: int = 1000,
        seed: int = 12345,
        raw_pages: str = "copy",
        car_view: str = "long-words",
        title: str = "",
        jobs: int = 0,
    ) -> str:
        """Writes the HTML report (``detour report``) of this run (and ``others``,
        compared with it) to the folder `path`; returns the path of its index.html. A
        run kept in memory is saved in a temporary folder first."""
        folders = []
        for r in [self, *others]:
            if r.folder is None:  # saved in a folder that lives as long as the Run
                r._saved = tempfile.TemporaryDirectory(prefix="detour-run-")
                r.save(os.path.join(r._saved.name, "run"))
            folders.append(r.folder)
        _detour.report(folders, os.fspath(path), os.fspath(corpus) if corpus else "", resamples, seed,
                       raw_pages, car_view, title, jobs)
        return os.path.join(os.fspath(path), "index.html")

    # --- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        where = self.folder or "in memory"
        return f"<detour.Run: {len(self.systems)} systems x {len(self.documents)} pages, {where}>"

    def _repr_html_(self) -> str:
        import html

        head = f"<p>{html.escape(repr(self))}</p>"
        if self.problem:
            head += f"<p><strong>{html.escape(self.problem)}</strong></p>"
        return head + self.table2._repr_html_()
