#!/usr/bin/env bash
# Spreads a detour run over a Slurm cluster: a job array of N shards (one
# `detour run --shard I/N` per array task, slurm_shard.sbatch), then a merge job
# that starts when every task succeeded (--dependency=afterok, slurm_merge.sbatch).
# OUT must be on a file system every node sees; the merged run is OUT/merged.
#
#   bash scripts/cluster/slurm_submit.sh [--shards N] [--bin DETOUR] [--sbatch "OPTS"]
#        [--merge-args "OPTS"] OUT -- RUN_OPTIONS...
# RUN_OPTIONS are `detour run`'s (--corpus, --extractors, --chains, ...; not --out,
# --shard, --resume). --sbatch passes options to both sbatch calls (partition,
# account, time, --cpus-per-task). Prints the two job ids ("array ID", "merge ID").
# Example:
#   bash scripts/cluster/slurm_submit.sh --shards 4 --sbatch "--cpus-per-task=8 --time=1:00:00" \
#     /scratch/runs/daniel -- --corpus /data/daniel --extractors all --chains BP-JTA,JTA-BP
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
shards=4 bin="" sbatch_opts="" merge_args=""
usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" >&2; exit 2; }
while (($#)); do
  case $1 in
    --shards) shards=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --sbatch) sbatch_opts=$2; shift 2 ;;
    --merge-args) merge_args=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) [[ -z ${out:-} ]] || usage; out=$1; shift ;;
  esac
done
[[ -n ${out:-} && $# -gt 0 ]] || usage
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "slurm_submit: --shards: a positive number, not '$shards'" >&2; exit 2; }
if [[ -z $bin ]]; then bin=$(command -v detour || true); [[ -n $bin ]] || bin=$here/../../build/detour; fi
[[ -x $bin ]] || { echo "slurm_submit: $bin: not an executable (give --bin)" >&2; exit 2; }
bin=$(realpath "$bin")
mkdir -p "$out"
out=$(realpath "$out")
run_args=$(printf '%q ' "$@")
read -r -a sopts <<<"$sbatch_opts"
export DETOUR_BIN=$bin DETOUR_OUT=$out DETOUR_ARGS=$run_args DETOUR_SHARDS=$shards DETOUR_MERGE_ARGS=$merge_args
# The jobs start in this folder (relative paths in RUN_OPTIONS stay right); their
# messages go to OUT.
array=$(sbatch --parsable --export=ALL --array="1-$shards" --output="$out/%x-%A_%a.out" "${sopts[@]}" \
  "$here/slurm_shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/%x-%j.out" "${sopts[@]}" "$here/slurm_merge.sbatch")
merge=${merge%%;*}
echo "array $array"
echo "merge $merge"
