#!/usr/bin/env bash
# kill9.sh COLLSIM SRCDIR: collsim killed with SIGKILL (no handler runs) leaves no process:
# its guard ends the children's process groups (src/util/guard.h). A run whose student
# algorithm spins (smpirun and smpimain below it), and a study whose cell runs a long
# simulation (a cell process, its smpirun and smpimain), are killed once smpimain runs; every
# process below collsim must be gone within ten seconds.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# descendants PID: every process below PID, one a line
descendants() {
    local p
    for p in $(ps -eo pid=,ppid= | awk -v p="$1" '$2 == p { print $1 }'); do
        echo "$p"
        descendants "$p"
    done
}
# alive PIDS...: those of PIDS that still run (a zombie has ended)
alive() { for p in "$@"; do ps -o stat= -p "$p" 2>/dev/null | grep -qv '^Z' && echo "$p"; done; }

# kill_when_simulating WHAT PID: waits for an smpimain below PID, kills PID with SIGKILL and
# checks that every process below it ends
kill_when_simulating() {
    local what=$1 pid=$2 kids="" i
    for i in $(seq 600); do
        kids=$(descendants "$pid")
        [ -n "$kids" ] && ps -o comm= -p "$(echo $kids | tr ' ' ,)" | grep -q smpimain && break
        sleep 0.1
    done
    ps -o comm= -p "$(echo $kids | tr ' ' ,)" | grep -q smpimain || fail "$what: no smpimain started"
    kill -KILL "$pid"
    wait "$pid" 2>/dev/null
    for i in $(seq 100); do
        [ -z "$(alive $kids)" ] && break
        sleep 0.1
    done
    assert_eq "$what: processes left after SIGKILL" "" "$(alive $kids | paste -sd' ')"
    kill -KILL $(alive $kids) 2>/dev/null # do not leave them to the next test
}

"$collsim" run --platform "$src/platforms/ring-16.xml" --np 4 --sizes 16 --quiet \
    --algo-file "$src/tests/fixtures/algo_file/spins.c" >/dev/null 2>&1 &
kill_when_simulating "run --algo-file" $!

# a 256-rank linear alltoall on a 16x16 torus takes minutes: it is still running when killed
printf 'platform = torus dims=16x16\nnp = 256\ncollectives = alltoall\nalgorithms = linear\ncompare = none\ntrace = no\nsizes = 4K\n' >"$T/long.study"
"$collsim" study "$T/long.study" --out "$T/out" >/dev/null 2>&1 &
kill_when_simulating "study" $!
finish
