#!/usr/bin/env bash
# maps.sh COLLSIM SRCDIR: Linux's limit on a process's memory mappings (vm.max_map_count), here
# COLLSIM_MAX_MAP_COUNT, checked before a run (docs/simulation.md, "Mappings"). With the limit
# at 1,500, 256 ranks would need 1,024 + 2 x 256 = 1,536 mappings with SimGrid's stack guard
# pages: they go, with a note, and the times stay those of a run with them. With
# --shared-buffers (2 more a rank) the run is refused with the command that raises the limit
# (1,536 x 1.25 rounded up to 65,536) and the most ranks that fit, (1,500 - 1,024) / 2 = 238;
# under 1,024 no rank fits, and it says so.
# SimGrid's own failures on a refused mapping and on its solver's rounding are explained (a
# stand-in runner says them).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$(plat fattree-64)
run=("$collsim" run --platform "$plat" --ranks-per-host 4 --algo binomial --sizes 1000 --quiet)

"${run[@]}" --csv "$tmp/with.csv" 2>"$tmp/err"
assert_eq "guard pages kept under the real limit (exit status)" 0 $?
[ ! -s "$tmp/err" ] && pass || fail "a note without need: $(cat "$tmp/err")"
COLLSIM_MAX_MAP_COUNT=1500 "${run[@]}" --csv "$tmp/without.csv" 2>"$tmp/err"
assert_eq "guard pages off (exit status)" 0 $?
grep -q "^collsim: 256 ranks would need about 1536 memory mappings with SimGrid's stack guard pages, more than Linux's 1500 (vm.max_map_count): they are off" \
    "$tmp/err" && pass || fail "no note on the guard pages: $(cat "$tmp/err")"
assert_eq "same time without guard pages" "$(csv_col "$tmp/with.csv" avg_s)" \
    "$(csv_col "$tmp/without.csv" avg_s)"
assert_eq "valid" 1 "$(csv_col "$tmp/without.csv" valid)"

COLLSIM_MAX_MAP_COUNT=1500 "${run[@]}" --shared-buffers --csv "$tmp/refused.csv" 2>"$tmp/err"
assert_eq "shared buffers past the limit (exit status)" 2 $?
assert_eq "one error line" 1 "$(wc -l <"$tmp/err")"
grep -q "error: 256 ranks with --shared-buffers need about 1536 memory mappings and Linux allows 1500 (vm.max_map_count): raise it with 'sudo sysctl -w vm.max_map_count=65536', or run at most 238 ranks" \
    "$tmp/err" && pass || fail "error does not say the command and the most ranks: $(cat "$tmp/err")"
[ ! -e "$tmp/refused.csv" ] && pass || fail "a refused run left its CSV"
# a limit below SimGrid's own base (1,024): no rank count to offer (it said "at most -inf")
COLLSIM_MAX_MAP_COUNT=1000 "${run[@]}" --csv "$tmp/refused.csv" 2>"$tmp/err"
assert_eq "a limit below the base (exit status)" 2 $?
grep -q "vm.max_map_count=65536'; no rank fits under that limit$" "$tmp/err" &&
    pass || fail "a limit below the base: $(cat "$tmp/err")"
# shared buffers keep the guard pages when both fit (1,024 + 256 x (2 + 2) = 2,048), lose them
# with a note when only the buffers fit
COLLSIM_MAX_MAP_COUNT=2048 "${run[@]}" --shared-buffers --csv "$tmp/shared.csv" 2>"$tmp/err"
assert_eq "shared buffers and guard pages (exit status)" 0 $?
grep -q "guard pages" "$tmp/err" && fail "a note on the guard pages although they fit: $(cat "$tmp/err")" || pass
COLLSIM_MAX_MAP_COUNT=2047 "${run[@]}" --shared-buffers --csv "$tmp/shared.csv" 2>"$tmp/err"
assert_eq "shared buffers without guard pages (exit status)" 0 $?
grep -q "^collsim: 256 ranks with --shared-buffers would need about 2048 memory mappings with SimGrid's stack guard pages, more than Linux's 2047 (vm.max_map_count): they are off" \
    "$tmp/err" && pass || fail "no note on the shared run's guard pages: $(cat "$tmp/err")"

# SimGrid's messages on a refused mapping and on its solver's rounding, from a stand-in runner
# that fails as SimGrid does, with the message STAND_IN_MSG
cat >"$tmp/fail.c" <<'C'
#include <mpi.h>
#include <stdlib.h>
#include <xbt/log.h>
XBT_LOG_NEW_DEFAULT_CATEGORY(stand_in, "fails as SimGrid does, saying STAND_IN_MSG");
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    XBT_CCRITICAL(root, "%s", getenv("STAND_IN_MSG"));
    abort();
}
C
smpicc -O1 "$tmp/fail.c" -o "$tmp/fail.so" 2>"$tmp/cc" || fail "stand-in runner: $(cat "$tmp/cc")"
stand_in() { # MESSAGE: the run with the stand-in runner, its errors in $tmp/err
    STAND_IN_MSG=$1 COLLSIM_RUNNER="$tmp/fail.so" "$collsim" run --platform "$plat" --np 2 \
        --algo binomial --sizes 8 --quiet 2>"$tmp/err"
    [ $? -ne 0 ] && pass || fail "the failed simulation exited 0"
}
stand_in 'Failed to allocate 0MiB of memory. Run "sysctl vm.overcommit_memory=1" as root to allow big allocations.'
grep -q "error: the simulation failed: Failed to allocate 0MiB of memory\. (Linux refused SimGrid memory: a process may have at most vm.max_map_count mappings" \
    "$tmp/err" && pass || fail "SimGrid's failure not explained: $(cat "$tmp/err")"
grep -q "overcommit" "$tmp/err" && fail "SimGrid's advice on overcommit is shown" || pass
stand_in 'Cannot saturate more a constraint that has no active element! You may want to change the maxmin precision (--cfg=maxmin/precision:<new_value>) because of possible rounding effects.'
grep -q "error: the simulation failed: Cannot saturate more a constraint that has no active element! (SimGrid's max-min solver lost a link's share to rounding" \
    "$tmp/err" && pass || fail "SimGrid's solver failure not explained: $(cat "$tmp/err")"
grep -q "cfg=maxmin" "$tmp/err" && fail "SimGrid's advice on --cfg is shown" || pass
finish
