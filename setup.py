"""Builds the Python package `detour` (python/, docs/python.md) with the project's CMake:
the extension module detour._detour over the same libraries as the `detour` program.

From a clone, offline, with Debian's setuptools (nothing is downloaded):

    python3 -m venv --system-site-packages .venv      # Debian's python3 is externally managed
    .venv/bin/pip install --no-build-isolation .

The CMake build folder is build-python/ in the clone (kept: a second install builds only
what changed; beside build/, so that ccache, when installed, serves both the same
objects). DETOUR_CMAKE_ARGS adds arguments to its configuration; DETOUR_BUILD_JOBS sets
the build's parallelism (default: every core).
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version() -> str:
    m = re.search(r"project\(detour VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not m:
        raise RuntimeError("CMakeLists.txt: no project version")
    return m.group(1)


class CMakeBuild(build_ext):
    """Configures the project with -DDETOUR_PYTHON=ON (no tests, no benchmarks), builds
    the module's target and puts the module where setuptools packs it."""

    def build_extension(self, ext: Extension) -> None:
        build = ROOT / "build-python"
        build.mkdir(parents=True, exist_ok=True)
        args = [
            "cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release", "-DDETOUR_PYTHON=ON",
            "-DDETOUR_BUILD_TESTS=OFF", "-DDETOUR_BUILD_BENCH=OFF", f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ccache"):
            args.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        args += shlex.split(os.environ.get("DETOUR_CMAKE_ARGS", ""))
        subprocess.run(args, check=True)
        jobs = os.environ.get("DETOUR_BUILD_JOBS", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", str(build), "-j", jobs, "--target", "detour_python"], check=True)
        built = [p for p in (build / "python" / "detour").iterdir() if p.name.startswith("_detour.") and p.suffix == ".so"]
        if len(built) != 1:
            raise RuntimeError(f"{build}/python/detour: expected one _detour module, found {built}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    name="detour",
    version=project_version(),
    description="Evaluation and benchmarking of web-page boilerplate removal (CleanEval protocol), from Python",
    python_requires=">=3.9",
    packages=["detour"],
    package_dir={"detour": "python/detour"},
    package_data={"detour": ["py.typed", "_detour.pyi"]},
    ext_modules=[Extension("detour._detour", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    extras_require={"frames": ["pandas"]},
    zip_safe=False,
)
