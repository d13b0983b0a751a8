#!/usr/bin/env bash
# doctor.sh COLLSIM SRCDIR: `collsim doctor` on this machine, which the tests need to have
# everything: all ok, exit 0. Then each kind of trouble, made here: a PATH without gnuplot is
# a warning (exit 0); a runner that is not there, a mapping limit too low (COLLSIM_MAX_MAP_COUNT),
# a run beyond the memory and an output that is not a folder FAIL (exit 1); a bad command line
# is one error line (exit 2). The mapping counts are docs/simulation.md's ("Mappings"): 1,024
# for the simulator, two a rank for the stack guard pages, two a rank for each shared buffer
# (one for a broadcast, a gather's and a scatter's block, two for a reduction's send and
# receive buffers, three for a scan's and a q-shift's, with their scratch block); the
# advised limit is a quarter more, rounded up to a multiple of 65,536 (tests/run/maps.sh).
collsim=$(realpath "$1") src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doctor() { "$collsim" doctor "$@" >"$tmp/out" 2>"$tmp/err"; }
# line NAME: the check line of NAME ("ok    NAME: ...")
line() { grep -E "^[a-zA-Z]+ +$1: " "$tmp/out"; }
maps() { echo $((1024 + $1 * ($2 + $3))); } # NP GUARD(0/2) SHARED(0/2)
raise() { echo $(((($1 * 5 / 4) / 65536 + 1) * 65536)); }

# this machine: everything there, the mapping and memory checks skipped without --np
doctor --out "$tmp"
assert_eq "all ok (exit status)" 0 $?
assert_eq "no stderr" "" "$(cat "$tmp/err")"
assert_eq "no FAIL or warn" "" "$(grep -E '^(FAIL|warn) ' "$tmp/out")"
for c in simgrid smpirun smpicc collsim-runner.so libcollsim-opcost.so collsim-pingpong.so \
    pj_dump gnuplot rsvg-convert out; do
    line "$c" | grep -q '^ok ' && pass || fail "$c not ok: $(cat "$tmp/out")"
done
line smpirun | grep -qE '^ok    smpirun: /.*/smpirun \(SimGrid [0-9]+\.[0-9]+\)$' && pass ||
    fail "smpirun line: $(line smpirun)"
line vm.max_map_count | grep -q '^skip .*give --np N' && pass || fail "maps not skipped"
line memory | grep -q '^skip .*give --np N' && pass || fail "memory not skipped"
assert_eq "summary" "10 ok, 0 warn, 0 FAIL, 2 skipped: collsim can run here" "$(tail -n 1 "$tmp/out")"
assert_eq "lines" 13 "$(wc -l <"$tmp/out")"
doctor --np 64 --out "$tmp"
assert_eq "a small run fits (exit status)" 0 $?
line vm.max_map_count | grep -q "^ok    vm.max_map_count: [0-9]* >= $(maps 64 2 0) needed for 64 ranks$" &&
    pass || fail "maps at 64 ranks: $(line vm.max_map_count)"
line memory | grep -q '^ok    memory: about .* for 64 ranks of bcast at 4 MiB; ' && pass ||
    fail "memory at 64 ranks: $(line memory)"

# a missing optional tool: a warning with its use and package, and still exit 0
mkdir "$tmp/bin"
for t in sh env pj_dump rsvg-convert; do ln -s "$(command -v "$t")" "$tmp/bin/$t"; done
PATH=$tmp/bin doctor --out "$tmp"
assert_eq "no gnuplot (exit status)" 0 $?
assert_eq "gnuplot's warning" \
    "warn  gnuplot: not found on PATH: no plots (a study's, analyze --plots); apt-get install gnuplot-nox" \
    "$(line gnuplot)"
line pj_dump | grep -q "^ok    pj_dump: $tmp/bin/pj_dump$" && pass || fail "pj_dump: $(line pj_dump)"
assert_eq "summary without gnuplot" "9 ok, 1 warn, 0 FAIL, 2 skipped: collsim can run here" \
    "$(tail -n 1 "$tmp/out")"

# a runner that is not there
COLLSIM_RUNNER=$tmp/none.so doctor --out "$tmp"
assert_eq "no runner (exit status)" 1 $?
assert_eq "runner's FAIL" \
    "FAIL  collsim-runner.so: $tmp/none.so is missing (every run): fix or unset COLLSIM_RUNNER" \
    "$(line collsim-runner.so)"

# a runner that is there but no SMPI program: an executable, an empty device (each run would
# fail in SimGrid's dlopen; doctor loads it as the run would)
for bad in /bin/true /dev/null; do
    COLLSIM_RUNNER=$bad doctor --out "$tmp"
    assert_eq "runner $bad (exit status)" 1 $?
    line collsim-runner.so | grep -q "^FAIL  collsim-runner.so: $bad cannot be loaded (every run): .*; fix or unset COLLSIM_RUNNER$" &&
        pass || fail "runner $bad: $(line collsim-runner.so)"
done

# mappings: too few even without the guard pages, with shared buffers, and the guard pages off
COLLSIM_MAX_MAP_COUNT=1000 doctor --np 4096 --shared-buffers --out "$tmp"
assert_eq "mappings too few (exit status)" 1 $?
need=$(maps 4096 0 2)
assert_eq "mappings' FAIL" \
    "FAIL  vm.max_map_count: 1000 (COLLSIM_MAX_MAP_COUNT) < $need needed for 4096 ranks with shared buffers: sudo sysctl -w vm.max_map_count=$(raise "$need")" \
    "$(line vm.max_map_count)"
COLLSIM_MAX_MAP_COUNT=65530 doctor --np 65536 --shared-buffers --out "$tmp"
need=$(maps 65536 0 2)
line vm.max_map_count | grep -q "^FAIL .* < $need needed for 65536 ranks with shared buffers: sudo sysctl -w vm.max_map_count=$(raise "$need")$" &&
    pass || fail "65536 shared ranks: $(line vm.max_map_count)"
COLLSIM_MAX_MAP_COUNT=10000 doctor --np 4096 --collective allreduce --shared-buffers --out "$tmp"
need=$(maps 4096 0 4)
assert_eq "an all-reduce's two shared buffers" \
    "FAIL  vm.max_map_count: 10000 (COLLSIM_MAX_MAP_COUNT) < $need needed for 4096 ranks with shared buffers: sudo sysctl -w vm.max_map_count=$(raise "$need")" \
    "$(line vm.max_map_count)"
# a scan's and a q-shift's send, receive and scratch blocks; a gather's and a scatter's own
# block (the root's p blocks, at one rank, are within the simulator's 1,024)
for t in scan:6 qshift:6 gather:2 scatter:2; do
    IFS=: read -r coll maps <<<"$t"
    COLLSIM_MAX_MAP_COUNT=1000 doctor --np 4096 --collective $coll --shared-buffers --out "$tmp"
    need=$(maps 4096 0 "$maps")
    assert_eq "a $coll's $((maps / 2)) shared buffers" \
        "FAIL  vm.max_map_count: 1000 (COLLSIM_MAX_MAP_COUNT) < $need needed for 4096 ranks with shared buffers: sudo sysctl -w vm.max_map_count=$(raise "$need")" \
        "$(line vm.max_map_count)"
done
COLLSIM_MAX_MAP_COUNT=1000 doctor --np 4096 --out "$tmp"
assert_eq "private buffers past 1000 mappings (exit status)" 1 $?
line vm.max_map_count | grep -q "^FAIL .* < $(maps 4096 0 0) needed for 4096 ranks: " && pass ||
    fail "4096 private ranks under 1000: $(line vm.max_map_count)"
COLLSIM_MAX_MAP_COUNT=5000 doctor --np 4096 --out "$tmp"
assert_eq "guard pages off (exit status)" 0 $?
need=$(maps 4096 2 0)
assert_eq "guard pages' warning" \
    "warn  vm.max_map_count: 5000 (COLLSIM_MAX_MAP_COUNT) < $need needed for 4096 ranks with SimGrid's stack guard pages: run turns them off; sudo sysctl -w vm.max_map_count=$(raise "$need") keeps them" \
    "$(line vm.max_map_count)"

# memory: 262,144 ranks of 1 GiB broadcasts need 256 TiB; all-to-all at that size, whose
# buffers grow as p^2, fits at no size
doctor --np 262144 --size 1G --out "$tmp"
assert_eq "beyond the memory (exit status)" 1 $?
line memory | grep -q '^FAIL  memory: about 256 TiB for 262144 ranks of bcast at 1 GiB, more than this machine.s .*: sizes up to .*, or fewer ranks$' &&
    pass || fail "memory's FAIL: $(line memory)"
doctor --np 262144 --collective alltoall --size 64K --out "$tmp"
line memory | grep -q '^FAIL  memory: .* of alltoall at 64 KiB, .*: fewer ranks (--np)$' && pass ||
    fail "alltoall's FAIL: $(line memory)"
# an all-to-all counts its packing algorithms' two working copies of the p m bytes beside its
# send and receive buffers: 128 MiB + 1,024 x 64 KiB + 4 x 1,024^2 x 4 KiB = 16.19 GiB (bruck
# and hier_grid at 4 KiB blocks on 1,024 ranks peaked at 14.7 to 16.9 GB; 2 copies were 8.19)
doctor --np 1024 --collective alltoall --size 4K --out "$tmp"
line memory | grep -q '^[A-Za-z]*  *memory: about 16.2 GiB for 1024 ranks of alltoall at 4 KiB' &&
    pass || fail "alltoall's memory with its working copies: $(line memory)"
doctor --np 262144 --size 1G --shared-buffers --out "$tmp"
line memory | grep -q '^[a-z]*  *memory: about 19.1 GiB for 262144 ranks of bcast at 1 GiB with shared buffers' &&
    pass || fail "shared buffers' memory (128 MiB + (64 + 12) KiB a rank): $(line memory)"
# an all-reduce's algorithms keep a vector of their own: 128 MiB + 65,536 (64 KiB + 2 x 12
# KiB + 1 MiB) = 69.6 GiB; a reduce's binomial shares its scratch too (coll_scratch): 128 MiB +
# 65,536 (64 + 4 x 12) KiB = 7.12 GiB
doctor --np 65536 --collective allreduce --size 1M --shared-buffers --out "$tmp"
line memory | grep -q '^FAIL  memory: about 69.6 GiB for 65536 ranks of allreduce at 1 MiB with shared buffers, more than' &&
    pass || fail "an all-reduce's own vector with shared buffers: $(line memory)"
COLLSIM_MAX_MAP_COUNT=2000000 doctor --np 65536 --collective reduce --size 1M --shared-buffers --out "$tmp"
line memory | grep -q '^[a-z]*  *memory: about 7.12 GiB for 65536 ranks of reduce at 1 MiB with shared buffers' &&
    pass || fail "a reduce's shared scratch: $(line memory)"

# the uneven reduce-scatter's block tables, 20 bytes a rank and a rank whatever m: 128 MiB +
# 65,536 x 64 KiB + 20 x 65,536^2 + (2 x 65,536 + 3 x 65,536^2) x 1 B = 96.1 GiB; the block
# version's are one table for all ranks: 128 MiB + 4 GiB + (65,536 + 3 x 65,536^2) x 1 B
doctor --np 65536 --collective reduce_scatter --size 1 --out "$tmp"
line memory | grep -q '^FAIL  memory: about 96.1 GiB for 65536 ranks of reduce_scatter at 1 B, more than' &&
    pass || fail "the reduce-scatter's block tables: $(line memory)"
doctor --np 65536 --collective reduce_scatter_block --size 1 --out "$tmp"
line memory | grep -q '^[a-z]*  *memory: about 16.1 GiB for 65536 ranks of reduce_scatter_block at 1 B' &&
    pass || fail "the block reduce-scatter's shared table: $(line memory)"
# with shared buffers: four of 12 KiB a rank, no vector of its own: 128 MiB + 65,536 x
# (64 + 48) KiB = 7.12 GiB
COLLSIM_MAX_MAP_COUNT=2000000 doctor --np 65536 --collective reduce_scatter_block --size 1 --shared-buffers --out "$tmp"
line memory | grep -q '^[a-z]*  *memory: about 7.12 GiB for 65536 ranks of reduce_scatter_block at 1 B with shared buffers' &&
    pass || fail "the block reduce-scatter with shared buffers: $(line memory)"

# outputs: a folder, one to be made, a regular file, a path under one
touch "$tmp/file"
doctor --out "$tmp/file"
assert_eq "a file as --out (exit status)" 1 $?
assert_eq "a file's FAIL" "FAIL  out: $tmp/file is not a folder: give a folder (--out DIR)" "$(line out)"
doctor --out "$tmp/file/sub"
assert_eq "under a file (exit status)" 1 $?
assert_eq "under a file's FAIL" "FAIL  out: $tmp/file/sub cannot be created: $tmp/file is not a folder" \
    "$(line out)"
doctor --out "$tmp/new/deeper"
assert_eq "a folder to make (exit status)" 0 $?
line out | grep -q "^ok    out: $tmp/new/deeper does not exist yet; it can be made in $tmp " && pass ||
    fail "a folder to make: $(line out)"
[ ! -e "$tmp/new" ] && pass || fail "doctor made the folder"
(cd "$tmp" && "$collsim" doctor) | grep -q '^ok    out: \. is a writable folder$' && pass ||
    fail "the current folder is not the default"

# a bad command line: one error line, exit 2, no check run
for bad in "--bogus" "--np" "--np 0" "--np 262145" "--np x" "--collective nope" "--size 3G" \
    "--size abc" "--out=" "stray" "--shared-buffers --collective alltoall"; do
    # shellcheck disable=SC2086
    assert_one_line_error "doctor $bad" "$collsim" doctor $bad
    # shellcheck disable=SC2086
    assert_status "doctor $bad" 2 "$collsim" doctor $bad
done
[ -z "$("$collsim" doctor --bogus 2>/dev/null)" ] && pass || fail "checks ran after a bad option"
"$collsim" doctor --help | grep -q '^  vm.max_map_count ' && pass || fail "--help"
"$collsim" help doctor | grep -q '^Usage: collsim doctor' && pass || fail "help doctor"
"$collsim" --help | grep -q '^  doctor ' && pass || fail "doctor in collsim --help"
finish
