#!/usr/bin/env python3
"""Runs a command and prints its wall time, CPU time (user + system of it and every
process it waited for) and the peak memory of its process tree: the sum over the
command and its descendants of their proportional set sizes (PSS: a page shared by
several processes, such as a worker's copy-on-write pages, counts once in all) and of
their resident sets (RSS), sampled every 20 ms. /usr/bin/time reports the largest
single process instead, which misses what a run's worker processes hold.

  python3 scripts/peak_memory.py [--label TEXT] [--out FILE] -- COMMAND ARGS...
Prints "LABEL: W s wall, C s CPU, P MB peak PSS (R MB peak RSS)" on standard error
(and appends it to FILE); exits with the command's status.
"""
import collections
import os
import resource
import subprocess
import sys
import time


def tree_pids(root):
    """The process and its descendants (from /proc)."""
    children = collections.defaultdict(list)
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % d) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            children[ppid].append(int(d))
        except (OSError, ValueError, IndexError):
            pass
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def memory_kb(pid):
    """(PSS, RSS) of a process in KiB, (0, 0) when it is gone."""
    pss = rss = 0
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1])
    except OSError:
        pass
    return pss, rss


def run(args, stdout=None, stderr=None, interval=0.02):
    """Runs args; returns (status, wall s, CPU s, peak PSS MB, peak RSS MB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=stdout, stderr=stderr)
    peak_pss = peak_rss = 0
    while p.poll() is None:
        pss = rss = 0
        for q in tree_pids(p.pid):
            a, b = memory_kb(q)
            pss += a
            rss += b
        peak_pss, peak_rss = max(peak_pss, pss), max(peak_rss, rss)
        time.sleep(interval)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, wall, cpu, peak_pss / 1024.0, peak_rss / 1024.0


def main():
    argv = sys.argv[1:]
    label, out = "run", ""
    while argv and argv[0] != "--":
        if argv[0] == "--label":
            label, argv = argv[1], argv[2:]
        elif argv[0] == "--out":
            out, argv = argv[1], argv[2:]
        else:
            sys.exit(__doc__)
    if not argv or len(argv) < 2:
        sys.exit(__doc__)
    status, wall, cpu, pss, rss = run(argv[1:])
    line = "%s: %.1f s wall, %.1f s CPU, %.0f MB peak PSS (%.0f MB peak RSS), exit %d" % (label, wall, cpu, pss, rss,
                                                                                         status)
    print(line, file=sys.stderr)
    if out:
        with open(out, "a") as f:
            f.write(line + "\n")
    sys.exit(status)


if __name__ == "__main__":
    main()
