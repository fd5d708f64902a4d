"""detour from Python: CleanEval-style evaluation of web-page boilerplate removal.

The package is a thin layer over detour's C++ libraries (the same code as the
``detour`` program: same values, same signatures):

- :func:`score` scores outputs against gold texts, one pair or lists of pairs
  (threads, the GIL released), with any of detour's metrics (:func:`metrics`);
- :func:`run` runs extractors and chains over a gold corpus (``detour run``) and
  returns a :class:`Run`: per-document records (``per_doc``, a pandas DataFrame when
  pandas is there), Tables 2, 3 and 4, ``compare``, ``gate``, ``report``;
  :func:`read_run` loads a run the ``detour`` program made (a folder or a store run);
- a Python function is an extractor: ``run(corpus, extractors=["BP", ("MINE",
  my_function)])`` (see :class:`Function`); ``python -m detour.serve module:function``
  serves the same function to the ``detour`` program;
- tables (:class:`Table`) render with the project's writers, and as HTML in Jupyter.

Errors: :class:`UsageError` (a ValueError: an unknown name, a bad setting or option),
:class:`ResourceError` (a stoplist, model or task resource missing), :class:`InputError`
(a corpus, run folder, store or baseline that cannot be read).
"""

from __future__ import annotations

from typing import List, Tuple

from . import _detour
from ._detour import InputError, ResourceError, StageTimeout, UsageError
from ._function import ExtractorFunction, Function
from ._run import ExtractorSpec, GateResult, Run, read_run, run
from ._scoring import Scores, Text, score
from ._tables import Table

__version__: str = _detour.version
commit: str = _detour.commit
"""The git commit the libraries were built from ("" outside a checkout)."""

__all__ = [
    "score", "Scores", "Text", "run", "read_run", "Run", "GateResult", "Table", "Function", "ExtractorFunction",
    "ExtractorSpec", "extractors", "metrics", "aggregations", "run_options", "table_formats", "UsageError",
    "ResourceError", "InputError", "StageTimeout", "__version__", "commit",
]


def extractors() -> List[Tuple[str, str]]:
    """The built-in extractors: (name, description), in display order."""
    return [tuple(x) for x in _detour.extractors()]  # type: ignore[misc]


def metrics() -> List[Tuple[str, str, str, List[str]]]:
    """The metrics: (name, description, family, names of its extra per-document
    values). Family "cleaneval" (selected by "all") or "bench" (by "bench")."""
    return [tuple(x) for x in _detour.metrics()]  # type: ignore[misc]


def aggregations() -> List[Tuple[str, str]]:
    """The named aggregations of :meth:`Scores.aggregate`: (name, description)."""
    return [tuple(x) for x in _detour.aggregations()]  # type: ignore[misc]


def run_options() -> str:
    """The options of ``detour run``; :func:`run` takes each as a keyword
    (``--stage-budget`` as ``stage_budget``)."""
    return _detour.run_help()


def table_formats() -> List[str]:
    """The table writers' names (:meth:`Table.render`)."""
    return list(_detour.formats())
