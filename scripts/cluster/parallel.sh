#!/usr/bin/env bash
# Spreads a detour run with GNU parallel (Debian `parallel`): first the preparation
# (`detour prepare --out OUT/prepared.state`, on this machine: what the corpus-aware
# stages learn from the whole corpus, learnt once), then the N shards
# (`detour run --shard I/N --prepared OUT/prepared.state --out OUT/shard-I`) as
# parallel jobs, on this machine's cores or on remote hosts (--sshlogin, passed to
# parallel; then detour and the corpus must be at the same paths there and OUT on a
# shared file system), then `detour merge` puts them together in OUT/merged. A shard
# that failed or was killed is finished by running the same command again (every
# shard runs with --resume; the preparation, already there, is not made again).
#
#   bash scripts/cluster/parallel.sh [--shards N] [--jobs J] [--threads T] [--bin DETOUR]
#        [--sshlogin HOSTS] [--merge-args "OPTS"] OUT -- RUN_OPTIONS...
# --jobs: shards at once (default N); --threads: `detour run --jobs` of each shard
# (default: cores / J, at least 1). Examples:
#   bash scripts/cluster/parallel.sh --shards 4 runs/daniel -- --corpus ../shared/corpora/daniel --extractors all
#   bash scripts/cluster/parallel.sh --shards 8 --jobs 2 --sshlogin 8/node1,8/node2 /shared/runs/x -- --corpus /data/c
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
parse_cluster_args "shards jobs threads bin sshlogin merge-args" "$@"
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }
shards=${opt_shards:-4}
check_count shards "$shards"
jobs=${opt_jobs:-$shards}
check_count jobs "$jobs"
threads=${opt_threads:-$(( $(nproc) / jobs > 0 ? $(nproc) / jobs : 1 ))}
bin=$(detour_bin "${opt_bin:-}")
sshlogin=${opt_sshlogin:-}
merge_args=${opt_merge_args:-}
remote=()
[[ -n $sshlogin ]] && remote=(--sshlogin "$sshlogin" --workdir "$PWD")
# The preparation, with every core of this machine; its messages go to OUT/prepare.log.
"$bin" prepare "${run_args[@]}" --no-progress --out "$out/prepared.state" >"$out/prepare.log" 2>&1 ||
  { echo "parallel.sh: the preparation failed (see $out/prepare.log)" >&2; exit 1; }
# No state when no stage learns from the corpus (the preparation says so and writes none).
prepared=""
[[ -f $out/prepared.state ]] && prepared="--prepared $(printf '%q' "$out")/prepared.state"
# Each shard's messages go to OUT/shard-I.log; --halt now,fail=1 stops the others
# when one fails (they resume on the next call).
parallel --will-cite --jobs "$jobs" "${remote[@]}" --halt now,fail=1 \
  "$(printf '%q ' "$bin") run $(printf '%q ' "${run_args[@]}") --jobs $threads --no-progress --shard {}/$shards" \
  "$prepared --out $(printf '%q' "$out")/shard-{} --resume" \
  "> $(printf '%q' "$out")/shard-{}.log 2>&1" \
  ::: $(seq 1 "$shards")
eval "extra=($merge_args)"
shard_dirs=()
for ((i = 1; i <= shards; i++)); do shard_dirs+=("$out/shard-$i"); done
"$bin" merge "${shard_dirs[@]}" --out "$out/merged" --overwrite "${extra[@]}"
