"""Python functions as extractors: how detour calls them and signs them."""

from __future__ import annotations

import hashlib
import inspect
import marshal
import platform
import re
import sys
from typing import Any, Callable, Dict, Optional, Tuple, Union

from . import _detour

__all__ = ["Function", "ExtractorFunction"]

ExtractorFunction = Callable[..., Union[str, Tuple[str, str]]]
"""An extractor function: called as ``fn(html)`` with the page's decoded HTML (str),
and with the keywords ``lang``, ``url`` and ``id`` for those of its parameters that have
these names (or all of them when it takes ``**kwargs``). It returns the page's text: a
str (read as an external tool's output is: CleanEval markup when it has <p>/<h>/<l>
markers, HTML when it looks like HTML, else plain text, one paragraph per line), or a
pair (format, str) with format "text", "html", "cleaneval" or "auto"."""

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def _keywords(fn: Callable[..., Any], names: Tuple[str, ...]) -> Tuple[str, ...]:
    """The keywords among `names` that `fn` takes."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # a builtin without a signature: the HTML only
        return ()
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return names
    ok = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return tuple(n for n in names if n in params and params[n].kind in ok)


def _code_hash(fn: Callable[..., Any]) -> Optional[str]:
    """A hash of the function's compiled code (bytecode, constants, names), so that an
    edit of its body changes the signature; None when it has none (a builtin)."""
    target = getattr(fn, "__func__", fn)  # a bound method: its function
    code = getattr(target, "__code__", None)
    if code is None:
        call = getattr(type(fn), "__call__", None)  # a callable object: its __call__
        code = getattr(call, "__code__", None)
    if code is None:
        return None
    try:
        return hashlib.sha256(marshal.dumps(code)).hexdigest()[:12]
    except ValueError:
        return None


class Function:
    """A Python function as a detour extractor, named for tables and chains.

    ``Function(fn, "MINE")`` is what ``extractors=[("MINE", fn)]`` makes; give a
    Function itself to set more:

    - ``version``: the version in the extractor's signature (default: "py-" and a hash
      of the function's compiled code, so that an edit shows in the signature);
    - ``settings``: key=value pairs that change its output, for the signature;
    - ``timeout``: wall-clock seconds a page may take (default: the run's
      ``stage_budget``; 0: none). A page over it fails ("time budget of N s exceeded
      (wall clock)") and the function is asked to stop (``detour.StageTimeout`` is
      raised in its thread at its next Python instruction).

    The function is called in this process, in threads of the run's (the GIL
    serialises pure-Python work; C code that releases the GIL, such as lxml's parser,
    runs in parallel). The same function can be served to the ``detour`` program with
    ``python -m detour.serve module:function``.
    """

    def __init__(
        self,
        fn: ExtractorFunction,
        name: Optional[str] = None,
        *,
        version: Optional[str] = None,
        settings: Optional[Dict[str, Any]] = None,
        timeout: Optional[float] = None,
    ) -> None:
        if not callable(fn):
            raise _detour.UsageError(f"an extractor function must be callable, got {type(fn).__name__}")
        if name is None:
            name = getattr(fn, "__name__", None) or type(fn).__name__
            name = re.sub(r"[^A-Za-z0-9_]", "_", name).upper()
        if not _NAME.match(name):
            raise _detour.UsageError(
                f"extractor name {name!r}: letters, digits and '_' only (it names a system and a stage of chains)")
        if timeout is not None and not (timeout >= 0):
            raise _detour.UsageError(f"{name}: timeout must be 0 (none) or more seconds")
        self.fn = fn
        self.name = name
        self.timeout = timeout
        code = _code_hash(fn)
        self.version = version if version is not None else ("py-" + code if code else "py")
        target = getattr(fn, "__func__", fn)
        where = f"{getattr(target, '__module__', None) or type(fn).__module__}." \
                f"{getattr(target, '__qualname__', None) or type(fn).__qualname__}"
        sig: Dict[str, str] = {"function": where, "python": platform.python_version()}
        top = sys.modules.get(where.split(".", 1)[0])
        module_version = getattr(top, "__version__", None)
        if isinstance(module_version, str):
            sig["module_version"] = module_version
        for k, v in (settings or {}).items():
            sig[str(k)] = str(v)
        if timeout is not None:  # (the run's stage budget is in the signature already)
            sig["timeout"] = f"{timeout:g}s"
        self.settings = sig
        self._keywords = _keywords(fn, ("lang", "url", "id", "settings"))

    def call(self, html: str, lang: str = "", url: str = "", id: str = "",
             settings: Optional[Dict[str, Any]] = None) -> Any:
        """Calls the function on one page as a run calls it."""
        given = {"lang": lang, "url": url, "id": id, "settings": settings or {}}
        return self.fn(html, **{k: given[k] for k in self._keywords})

    def _stage_call(self) -> Callable[[str, str, str, str], Any]:
        fn, keywords = self.fn, self._keywords
        if not keywords:
            return lambda html, lang, url, id: fn(html)
        def call(html: str, lang: str, url: str, id: str) -> Any:
            given = {"lang": lang, "url": url, "id": id, "settings": {}}
            return fn(html, **{k: given[k] for k in keywords})
        return call

    def __call__(self, html: str, **page: Any) -> Any:
        return self.call(html, **page)

    def __repr__(self) -> str:
        return f"<detour.Function {self.name} {self.settings['function']} v:{self.version}>"
