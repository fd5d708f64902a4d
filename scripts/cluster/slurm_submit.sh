#!/usr/bin/env bash
# Spreads a detour run over a Slurm cluster: a preparation job (`detour prepare`:
# what the corpus-aware stages learn from the whole corpus, learnt once into
# OUT/prepared.state, slurm_prepare.sbatch), a job array of N shards that starts when
# it succeeded (one `detour run --shard I/N --prepared OUT/prepared.state` per array
# task, slurm_shard.sbatch), then a merge job that starts when every task succeeded
# (--dependency=afterok, slurm_merge.sbatch). OUT must be on a file system every node
# sees; the merged run is OUT/merged.
#
#   bash scripts/cluster/slurm_submit.sh [--shards N] [--bin DETOUR] [--sbatch "OPTS"]
#        [--merge-args "OPTS"] OUT -- RUN_OPTIONS...
# RUN_OPTIONS are `detour run`'s (--corpus, --extractors, --chains, ...; not --out,
# --shard, --prepared, --resume). --sbatch passes options to the three sbatch calls
# (partition, account, time, --cpus-per-task). Prints the three job ids ("prepare ID",
# "array ID", "merge ID").
# Example:
#   bash scripts/cluster/slurm_submit.sh --shards 4 --sbatch "--cpus-per-task=8 --time=1:00:00" \
#     /scratch/runs/daniel -- --corpus /data/daniel --extractors all --chains BP-JTA,JTA-BP
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
parse_cluster_args "shards bin sbatch merge-args" "$@"
shards=${opt_shards:-4}
check_count shards "$shards"
bin=$(detour_bin "${opt_bin:-}")
run_args=$(printf '%q ' "${run_args[@]}")
sbatch_opts=${opt_sbatch:-}
merge_args=${opt_merge_args:-}
read -r -a sopts <<<"$sbatch_opts"
export DETOUR_BIN=$bin DETOUR_OUT=$out DETOUR_ARGS=$run_args DETOUR_SHARDS=$shards DETOUR_MERGE_ARGS=$merge_args
# The jobs start in this folder (relative paths in RUN_OPTIONS stay right); their
# messages go to OUT.
prepare=$(sbatch --parsable --export=ALL --output="$out/%x-%j.out" "${sopts[@]}" "$here/slurm_prepare.sbatch")
prepare=${prepare%%;*}
array=$(sbatch --parsable --export=ALL --dependency="afterok:$prepare" --kill-on-invalid-dep=yes \
  --array="1-$shards" --output="$out/%x-%A_%a.out" "${sopts[@]}" "$here/slurm_shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out/%x-%j.out" "${sopts[@]}" "$here/slurm_merge.sbatch")
merge=${merge%%;*}
echo "prepare $prepare"
echo "array $array"
echo "merge $merge"
