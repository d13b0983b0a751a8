#!/usr/bin/env bash
# tour.sh BUILD_DIR [WORK_DIR]: the README's "A short tour" as a script, with sizes small enough
# to finish in well under a minute. Prints each command (as "$ collsim ...") before its output.
# Works in WORK_DIR (default: a new temporary folder, removed at the end) where platforms/
# points to the repository's platforms; nothing is written into the repository.
set -eu
build=$(cd "${1:?usage: examples/tour.sh BUILD_DIR [WORK_DIR]}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
export PATH=$build:$PATH # `collsim` below is BUILD_DIR/collsim
source "$src/examples/lib.sh"
example_workdir "${@:2}"
ln -sfn "$src/platforms" platforms
ln -sfn "$build" build # build/platforms: the explicit-route platforms the build wrote
ln -sfn "$src/tests/calibrate" osu # a hand-made sample of osu_latency and osu_bw output

step() { # COMMAND...: show it, run it
    printf '\n$ %s\n' "$*"
    "$@"
}
quiet_step() { # COMMAND...: show it, run it, keep only its files (not its report)
    printf '\n$ %s >/dev/null\n' "$*"
    "$@" >/dev/null
}

step collsim --help
step collsim list
step collsim platform info platforms/torus-8x8.xml
# the README runs 16 B to 32 MiB; up to 512 KiB keeps the trace at a few MB
step collsim run --platform platforms/torus-8x8.xml --algo binomial,linear \
    --sizes 16:512K:8 --root 3 --trace t.trace --csv t.csv
if command -v pj_dump >/dev/null; then
    printf '\n$ pj_dump -l 9 t.trace | head -5\n'
    pj_dump -l 9 t.trace | head -5 || true # every MPI call and message of the run
fi
step collsim analyze t.trace --platform platforms/torus-8x8.xml
quiet_step collsim analyze t.trace --platform platforms/torus-8x8.xml \
    --svg bcast.svg --svg-phase binomial/524288
step ls -l bcast.svg
step collsim run --platform build/platforms/crossbar-64.xml --np 8 --algo linear --sizes 1000 --analyze
step collsim platform hypercube --dim 5 -o my-hypercube.xml
step collsim platform info my-hypercube.xml
step collsim run --platform platforms/ring-16.xml --algo binomial,smpi:binomial_tree \
    --sizes 16:1M:64 --routing sfr
step collsim run --platform platforms/torus-8x8.xml \
    --algo multichain,two_tree,scatter_allgather_ring --sizes 1M
step collsim run --platform build/platforms/crossbar-64.xml --ranks-per-host 4 --np 16 \
    --algo rma_shared,rma_binomial_lock --sizes 16,64K,1M
step collsim calibrate --platform platforms/torus-4x4.xml
step collsim calibrate --from-osu osu/osu_latency.txt,osu/osu_bw.txt
step collsim calibrate --platform platforms/torus-8x8.xml --params t.params
step collsim analyze t.trace --platform platforms/torus-8x8.xml --params t.params
printf '\ntour done in %s; the benchmarks bench/bcast-vs-smpi and bench/analyzer-vs-pjdump take minutes\n' "$work"
