"""Shared fixtures of the package's tests: the project's folders, the detour program
they compare with, and the DANIEL corpus when ../shared is there."""
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _binary() -> Path:
    given = os.environ.get("DETOUR_BINARY")
    return Path(given) if given else ROOT / "build" / "detour"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sample() -> Path:
    return ROOT / "corpora" / "sample"


@pytest.fixture(scope="session")
def binary() -> Path:
    b = _binary()
    if not b.exists():
        pytest.skip(f"SKIPPED: the detour program is not built ({b}; set DETOUR_BINARY)")
    return b


@pytest.fixture(scope="session")
def shared() -> Path:
    s = Path(os.environ.get("DETOUR_SHARED", ROOT.parent / "shared"))
    if not (s / "corpora" / "daniel").is_dir():
        pytest.skip(f"SKIPPED: the DANIEL corpus is absent ({s}/corpora/daniel)")
    return s


def detour_cli(binary: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """The detour program, run from the project root."""
    return subprocess.run([str(binary), *args], cwd=ROOT, capture_output=True, text=True, check=check)
