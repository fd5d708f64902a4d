#!/usr/bin/env bash
# A real Slurm on this one machine, to try slurm_submit.sh end to end: starts munged,
# slurmctld and slurmd (Debian slurm-wlm and munge) on localhost with a configuration
# in a scratch folder, submits the preparation job, the shard array after it and the
# merge job after the array, waits for them,
# prints `sacct` (from the job completion log: jobcomp/filetxt, no slurmdbd needed),
# compares OUT/merged with a one-process run (same_results.sh) and stops the daemons
# it started.
#
#   bash scripts/cluster/local_slurm.sh [--shards N] [--bin DETOUR] [--reference DIR]
#        OUT -- RUN_OPTIONS...
# --reference: a folder of the one-process run of the same options (else it is run
# first, into OUT/one-process). Needs root (the daemons run as root) and the
# packages slurm-wlm and munge. Exits 0 when the merged run equals the one-process
# run, 1 when it differs or a job failed, 77 when the daemons cannot start (CI skips).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/common.sh"
parse_cluster_args "shards bin reference" "$@"
shards=${opt_shards:-4}
check_count shards "$shards"
reference=${opt_reference:-}
set -- "${run_args[@]}"
skip() { echo "local_slurm: SKIPPED: $*" >&2; exit 77; }
for t in munged slurmctld slurmd sbatch sacct scontrol; do
  command -v "$t" >/dev/null || skip "$t is not installed (apt-get install slurm-wlm munge)"
done
((EUID == 0)) || skip "needs root to start the Slurm daemons"
[[ -r /etc/munge/munge.key ]] || skip "no /etc/munge/munge.key (the munge package makes it)"
bin=$(detour_bin "${opt_bin:-$here/../../build/detour}")

# The daemons: everything under one scratch folder, killed on exit.
conf_dir=$(mktemp -d /tmp/detour-slurm-XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  cp "$conf_dir/log/jobcomp.log" "$out/jobcomp.log" 2>/dev/null || true
  rm -rf "$conf_dir"
}
trap cleanup EXIT
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
mkdir -p "$conf_dir"/{state,spool,log,munge}
chown munge:munge "$conf_dir/munge"
chmod 755 "$conf_dir"
sock=$conf_dir/munge/munge.socket  # munged's socket, handed to Slurm by AuthInfo
cat >"$conf_dir/slurm.conf" <<CONF
ClusterName=detour-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$conf_dir/log/jobcomp.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$conf_dir/state
SlurmdSpoolDir=$conf_dir/spool
SlurmctldPidFile=$conf_dir/slurmctld.pid
SlurmdPidFile=$conf_dir/slurmd.pid
SlurmctldLogFile=$conf_dir/log/slurmctld.log
SlurmdLogFile=$conf_dir/log/slurmd.log
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf_dir/slurm.conf
runuser -u munge -- munged --socket="$sock" --pid-file="$conf_dir/munge/munged.pid" \
  --log-file="$conf_dir/munge/munged.log" --seed-file="$conf_dir/munge/seed" 2>"$conf_dir/log/munged.err" ||
  skip "munged does not start: $(cat "$conf_dir/log/munged.err")"
pids+=("$(cat "$conf_dir/munge/munged.pid")")
slurmctld -D -i >"$conf_dir/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D >"$conf_dir/log/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
  [[ $state == idle* || $state == mixed* ]] && break
  sleep 1
done
if [[ $state != idle* && $state != mixed* ]]; then
  tail -5 "$conf_dir/log/slurmctld.log" "$conf_dir/log/slurmd.log" >&2 || true
  skip "the node did not come up (state '${state:-none}')"
fi
echo "local_slurm: slurmctld and slurmd up on $host ($cpus CPUs); $(sinfo --version)"

# The one-process run to compare with.
if [[ -z $reference ]]; then
  reference=$out/one-process
  echo "local_slurm: the one-process run into $reference"
  "$bin" run "$@" --no-progress --out "$reference" --overwrite >"$out/one-process.log" 2>&1
fi

# The preparation, the shard array and the merge job.
rm -rf "$out"/shard-* "$out/merged" "$out/prepared.state"
ids=$(bash "$here/slurm_submit.sh" --shards "$shards" --bin "$bin" --sbatch "--cpus-per-task=1" "$out" -- "$@")
echo "$ids"
prepare=$(awk '$1 == "prepare" {print $2}' <<<"$ids")
array=$(awk '$1 == "array" {print $2}' <<<"$ids")
merge=$(awk '$1 == "merge" {print $2}' <<<"$ids")
t0=$(date +%s)
while squeue -h -j "$prepare,$array,$merge" 2>/dev/null | grep -q .; do sleep 2; done
echo "local_slurm: the jobs left the queue after $(($(date +%s) - t0)) s"
# sacct from the job completion log (this cluster's jobs only; sacct 22.05 warns
# about the log's array fields, hence 2>/dev/null), then the array task of each job.
sacct -c --format=JobID,JobName%14,State,ExitCode,Start,End,Elapsed,NodeList 2>/dev/null | tee "$out/sacct.txt" || true
awk -v prepare="$prepare" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
       what = "after the array"
       if (f["JobId"] == prepare) what = "the preparation"
       if (f["ArrayJobId"] != "") what = "array " f["ArrayJobId"] " task " f["ArrayTaskId"] " (after the preparation)"
       printf "job %s  %-15s %-10s exit %s  %s  %s .. %s\n", f["JobId"], f["Name"], f["JobState"], f["ExitCode"],
         what, f["StartTime"], f["EndTime"]; delete f }' \
  "$conf_dir/log/jobcomp.log" | sort -n -k2 | tee -a "$out/sacct.txt"
status=0
# The preparation wrote its state, or said that no stage of the run learns from the corpus.
if [[ ! -f $out/prepared.state ]] && ! grep -qs '^nothing to prepare' "$out"/detour-prepare-*.out; then
  echo "local_slurm: no preparation (see $out/detour-prepare-*.out)"; status=1
fi
[[ -f $out/merged/results.json ]] || { echo "local_slurm: no merged run (see $out/*.out)"; status=1; }
((status == 0)) && { bash "$here/same_results.sh" "$reference" "$out/merged" || status=1; }
exit $status
