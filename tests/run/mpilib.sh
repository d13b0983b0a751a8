#!/usr/bin/env bash
# mpilib.sh COLLSIM SRCDIR: the MPI libraries' names (docs/mpi-libraries.md). ompi:N and
# ompi:NAME run the collsim algorithm of the mapping (the same times), and ompi:default /
# mpich:default run, on each side of a threshold of the libraries' default selection, the
# algorithm read by hand from Open MPI 4.1.4's coll_tuned_decision_fixed.c and MPICH 4.0.2's
# generic.json (the lines are quoted below); what a library has and collsim does not is a
# one-line error naming it.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plat=$src/platforms/torus-4x4.xml

# run_csv NP COLL ALGOS SIZES: the run's CSV into $tmp/r.csv; its status
run_csv() {
    "$collsim" run --platform "$plat" --np "$1" --collective "$2" --algo "$3" --sizes "$4" \
        --iters 1 --csv "$tmp/r.csv" >/dev/null 2>"$tmp/err"
}
# labels: the algorithm column, one per row, joined by spaces
labels() { csv_col "$tmp/r.csv" algorithm | paste -sd' '; }
# times ALGO: the avg_s of ALGO's rows, joined by spaces
times() { awk -F, -v a="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    $c["algorithm"] == a { print $c["avg_s"] }' "$tmp/r.csv" | paste -sd' '; }

# Open MPI's bcast 6 is ompi_binomial (build_bmtree, sends posted at once): the same run
run_csv 8 bcast ompi:6,ompi:binomial,ompi_binomial 16,20000,1M
assert_eq "ompi:6 status" 0 $?
assert_eq "ompi:6 runs ompi_binomial" "$(times ompi_binomial)" "$(times ompi:6=ompi_binomial)"
assert_eq "ompi:binomial runs ompi_binomial" "$(times ompi_binomial)" \
    "$(times ompi:binomial=ompi_binomial)"
[ -n "$(times ompi_binomial)" ] && pass || fail "no ompi_binomial rows"

# bcast, p < 16: s<8->7 | s<64->5 | s<4096->7 | s<16384->5 | s<32768->6 | else->1
# (5 binary_tree: ompi_bintree, 6 binomial: ompi_binomial, 1 basic_linear: ompi_linear)
run_csv 8 bcast ompi:default,ompi_binomial 16383,16384,32767,32768
assert_eq "bcast ompi:default status" 0 $?
assert_eq "bcast ompi:default, 8 processes" \
    "ompi:default=ompi_bintree ompi:default=ompi_binomial ompi:default=ompi_binomial ompi:default=ompi_linear ompi_binomial ompi_binomial ompi_binomial ompi_binomial" \
    "$(labels)"
assert_eq "ompi:default=ompi_binomial is ompi_binomial's time" \
    "$(times ompi_binomial | cut -d' ' -f2-3)" "$(times ompi:default=ompi_binomial)"
# reduce (commutative), p < 16: s<8192->4 | else->5 (4 binary: ompi_bintree)
run_csv 8 reduce ompi:default 8191,8192
assert_eq "reduce ompi:default" "ompi:default=ompi_bintree ompi:default=ompi_binomial" "$(labels)"
# reduce, p < 4: s<1048576->2 from 524288; the fixed rules give the chain a fan-out of 0, which
# Open MPI makes 1 (one chain, as its monitoring shows): the pipeline, not four chains; and
# they pass no segment size, so Open MPI's OMPI_MCA_ segment size changes nothing
run_csv 3 reduce ompi:default,ompi:3 600000
assert_eq "reduce ompi:default, 3 processes" "ompi:default=ompi_pipeline ompi:3=ompi_pipeline" "$(labels)"
unseg=$(times ompi:default=ompi_pipeline)
OMPI_MCA_coll_tuned_reduce_algorithm_segmentsize=1000 run_csv 3 reduce ompi:default,ompi:3 600000
assert_eq "ompi:default ignores the forced segment size" "$unseg" "$(times ompi:default=ompi_pipeline)"
[ "$unseg" != "$(times ompi:3=ompi_pipeline)" ] && pass || fail "ompi:3 ignores its segment size"
# allreduce (commutative), p < 16: s<8192->3 | else->6; p < 8: s<16->4 | s<8192->3 | else->6,
# and ring (4) with fewer elements than processes runs recursive doubling (3)
run_csv 8 allreduce ompi:default 8191,8192
assert_eq "allreduce ompi:default, 8 processes" \
    "ompi:default=recursive_doubling ompi:default=ompi_rabenseifner" "$(labels)"
run_csv 4 allreduce ompi:default 2,8
assert_eq "allreduce ompi:default, 4 processes" \
    "ompi:default=recursive_doubling ompi:default=ompi_ring" "$(labels)"
# allgather, p < 32: 3 (recursive_doubling), which Open MPI runs as bruck (2) when p is not a
# power of two
run_csv 8 allgather ompi:default 16
assert_eq "allgather ompi:default, 8 processes" "ompi:default=recursive_doubling" "$(labels)"
run_csv 6 allgather ompi:default,ompi:3 16
assert_eq "allgather ompi:default, 6 processes" "ompi:default=bruck ompi:3=bruck" "$(labels)"

# MPICH, bcast: p < 8 -> binomial; p a power of two: m<=12288 -> binomial |
# m<=524288 -> scatter_recursive_doubling_allgather | else -> scatter_ring_allgather
run_csv 8 bcast mpich:default 12288,12289,524288,524289
assert_eq "bcast mpich:default, 8 processes" \
    "mpich:default=smpi:binomial_tree mpich:default=scatter_allgather_rd mpich:default=scatter_allgather_rd mpich:default=scatter_allgather_ring" \
    "$(labels)"
run_csv 6 bcast mpich:default 12289
assert_eq "bcast mpich:default, 6 processes" "mpich:default=smpi:binomial_tree" "$(labels)"
# allreduce: m<=8 -> recursive_doubling; else count < pof2(p) -> recursive_doubling, else
# reduce_scatter_allgather
run_csv 8 allreduce mpich:default 8,9
assert_eq "allreduce mpich:default" \
    "mpich:default=recursive_doubling mpich:default=rabenseifner" "$(labels)"
# alltoall: p <= 8 ("comm_size<8" tested as <=): m<=32768 -> scattered | else -> pairwise;
# otherwise m<=256 -> brucks
run_csv 8 alltoall mpich:default 256,32769
assert_eq "alltoall mpich:default, 8 processes" "mpich:default=linear mpich:default=pairwise" \
    "$(labels)"
run_csv 9 alltoall mpich:default 256
assert_eq "alltoall mpich:default, 9 processes" "mpich:default=bruck" "$(labels)"

# Open MPI's bcast 7 is collsim's knomial (radix 4); the default picks it below 16 processes
# at 4095 bytes and binomial (6) at 16384 (p < 16: s < 4096 -> 7, s < 32768 -> 6)
run_csv 8 bcast ompi:7,knomial 16,1M
assert_eq "ompi:7 runs knomial" "$(times knomial)" "$(times ompi:7=knomial)"
run_csv 8 bcast ompi:default 4095,16384
assert_eq "bcast ompi:default, 8 processes" "ompi:default=knomial ompi:default=ompi_binomial" \
    "$(labels)"
# the compositions of Open MPI's own collectives (allreduce 2: reduce then bcast; allgather 1:
# gather then bcast) run as they are; that their parts are the fixed decision's choices, their
# messages against Open MPI's show (run.ompi_messages)
run_csv 8 allreduce ompi:2 16
assert_eq "allreduce ompi:2" "ompi:2=ompi_nonoverlapping" "$(labels)"
run_csv 8 allgather ompi:1 16
assert_eq "allgather ompi:1" "ompi:1=ompi_linear" "$(labels)"
# Open MPI's Rabenseifner reduce on real ranks, for every root (the result checked on every
# rank), a root the fold sets aside (odd, below 2r) included
for r in 1 3 6; do
    "$collsim" run --platform "$plat" --np 7 --collective reduce --algo ompi:7 --root "$r" \
        --sizes 64,100000 --iters 1 --quiet >/dev/null 2>&1
    assert_eq "reduce ompi:7 root $r" 0 $?
done
# what Open MPI refuses: one error line naming the library's algorithm
grep -q "ompi:6 (two_proc) of allgather" <("$collsim" run --platform "$plat" --np 4 \
    --collective allgather --algo ompi:6 --sizes 16 2>&1) && pass ||
    fail "allgather ompi:6's error on 4 processes does not name two_proc"
# the segmented ring runs the ring while Open MPI's segment size leaves fewer than p segments;
# with more, Open MPI runs phases collsim does not: an error, not another schedule
run_csv 4 allreduce ompi:5,ompi:4 100000
assert_eq "allreduce ompi:5 unsegmented" "$(times ompi:4=ompi_ring)" "$(times ompi:5=ompi_ring)"
OMPI_MCA_coll_tuned_allreduce_algorithm_segmentsize=1000 assert_one_line_error \
    "allreduce ompi:5 in phases" "$collsim" run --platform "$plat" --np 4 \
    --collective allreduce --algo ompi:5 --sizes 100000
assert_one_line_error "allgather two_proc on 4" "$collsim" run --platform "$plat" --np 4 \
    --collective allgather --algo ompi:two_proc --sizes 16
assert_one_line_error "mpich:smp" "$collsim" run --platform "$plat" --np 4 --algo mpich:smp --sizes 16
assert_one_line_error "ompi:42" "$collsim" run --platform "$plat" --np 4 --algo ompi:42 --sizes 16
# the mapping as `collsim list --ompi --tsv` gives it
assert_eq "list --ompi --tsv bcast 6" "bcast 6 binomial ompi_binomial" \
    "$("$collsim" list --ompi --tsv bcast | awk -F '\t' '$2 == 6 { print $1, $2, $3, $4 }')"
assert_eq "list --mpich --tsv" "8" \
    "$("$collsim" list --mpich --tsv | awk -F '\t' 'NR > 1 { print $1 }' | sort -u | grep -c .)"
finish
