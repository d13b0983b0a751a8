#!/usr/bin/env bash
# run.sh SECONDS [TARGET...]: fuzzes each target (default: all of tests/fuzz/fuzz_*.c) for
# SECONDS with libFuzzer, from the committed corpus tests/fuzz/corpus/TARGET plus a scratch
# directory. Builds with clang and -DCOLLSIM_FUZZ=ON in build-fuzz/ (gitignored). Prints per
# target the executions and the crashes found; copies each crash input into the corpus as
# crash-SHA1 and exits 1 if there was any. Leak detection stays on. FUZZ_JOBS=2 runs two
# targets at once (default 1); everything runs under nice.
set -uo pipefail
secs=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$src/build-fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in "$src"/tests/fuzz/fuzz_*.c; do targets+=("$(basename "$f" .c | sed 's/^fuzz_//')"); done
fi
mkdir -p "$build"
CC=clang CXX=clang++ cmake -S "$src" -B "$build" -DCOLLSIM_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    >"$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 2; }
for t in "${targets[@]}"; do
    nice cmake --build "$build" --target "fuzz-$t" -j2 >/dev/null || { echo "build of fuzz-$t failed"; exit 2; }
done

# fuzz_one TARGET: one run, its log in build-fuzz/TARGET/log
fuzz_one() {
    local t=$1 work=$build/$1
    rm -rf "$work" && mkdir -p "$work/scratch" "$work/crashes"
    (cd "$work" && ASAN_OPTIONS=detect_leaks=1 nice "$build/fuzz-$t" -max_total_time="$secs" \
        -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix="$work/crashes/" "$work/scratch" "$src/tests/fuzz/corpus/$t" \
        >"$work/log" 2>&1)
}

jobs=${FUZZ_JOBS:-1}
running=0
for t in "${targets[@]}"; do
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

status=0
for t in "${targets[@]}"; do
    work=$build/$t
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1)
    found=0
    for c in "$work"/crashes/*; do
        [ -f "$c" ] || continue
        found=$((found + 1))
        cp "$c" "$src/tests/fuzz/corpus/$t/crash-$(sha1sum "$c" | cut -c1-40)"
    done
    echo "$t: ${execs:-?} executions, $found crashes (log: $work/log)"
    [ "$found" -eq 0 ] && [ -n "$execs" ] || status=1
done
exit $status
