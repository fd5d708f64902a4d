"""Runs the package's pytest suite (ctest: "python: ..."); exits 77 (skipped) when
pytest is not installed (Debian: python3-pytest)."""
import sys

try:
    import pytest
except ImportError:
    print("SKIPPED: pytest is not installed (apt-get install python3-pytest)")
    sys.exit(77)

sys.exit(pytest.main(sys.argv[1:]))
