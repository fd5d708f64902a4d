# Sourced by the scripts of scripts/cluster/: their command line
#   SCRIPT [--OPTION VALUE]... OUT -- RUN_OPTIONS...
# and the detour binary they run.

# usage: the calling script's help (its comment block after the #! line) on standard
# error, exit 2.
usage() {
  awk 'NR > 1 { if (!/^#/) exit; print }' "$0" >&2
  exit 2
}

# parse_cluster_args "OPTION..." "$@": each --OPTION VALUE named in the first word
# list sets opt_OPTION (dashes as underscores); sets out (the folder, made and made
# absolute; with must_exist=1 set before, an existing folder, else exit 2) and
# run_args (the `detour run` options after --). Calls usage on anything else.
parse_cluster_args() {
  local allowed=" $1 " name
  shift
  out=""
  run_args=()
  while (($#)); do
    case $1 in
      --) shift; run_args=("$@"); break ;;
      -h | --help) usage ;;
      --*)
        name=${1#--}
        [[ $allowed == *" $name "* && $# -ge 2 ]] || usage
        printf -v "opt_${name//-/_}" '%s' "$2"
        shift 2
        ;;
      *) [[ -z $out ]] || usage; out=$1; shift ;;
    esac
  done
  [[ -n $out && ${#run_args[@]} -gt 0 ]] || usage
  if [[ ${must_exist:-0} == 1 ]]; then
    [[ -d $out ]] || { echo "$(basename "$0"): $out: not a folder" >&2; exit 2; }
  else
    mkdir -p "$out"
  fi
  out=$(realpath "$out")
}

# check_count NAME VALUE: a positive number, else exit 2.
check_count() {
  [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "$(basename "$0"): --$1: a positive number, not '$2'" >&2; exit 2; }
}

# detour_bin [BIN]: BIN, else `detour` on PATH, else this checkout's build/detour;
# printed as an absolute path. Exits 2 when it is not an executable.
detour_bin() {
  local bin=${1:-}
  if [[ -z $bin ]]; then bin=$(command -v detour || true); fi
  if [[ -z $bin ]]; then bin=$(dirname "${BASH_SOURCE[0]}")/../../build/detour; fi
  [[ -x $bin ]] || { echo "$(basename "$0"): $bin: not an executable (give --bin)" >&2; exit 2; }
  realpath "$bin"
}
