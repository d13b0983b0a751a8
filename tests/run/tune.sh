#!/usr/bin/env bash
# tune.sh COLLSIM SRCDIR: `collsim tune` writes the files the libraries load, and the real
# libraries take them. The files of a hand-made best.csv are compared with what was worked out
# by hand from Open MPI's collective ids and numbers and MPICH's names (docs/mpi-libraries.md);
# then a small MPI program (tests/mpilib/prog.c) runs on 4 processes under Open MPI with the
# rules file, an LD_PRELOAD shim (tests/mpilib/shim.c) saying which broadcast Open MPI ran,
# and under MPICH with the JSON file, which must load; broken files must be refused or
# ignored. Exits 77 (skipped) when neither Open MPI nor MPICH (mpicc and mpirun) is installed.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
have_ompi=0 have_mpich=0
command -v mpicc.openmpi >/dev/null && command -v mpirun.openmpi >/dev/null && have_ompi=1
command -v mpicc.mpich >/dev/null && command -v mpiexec.mpich >/dev/null && have_mpich=1
if [ $have_ompi = 0 ] && [ $have_mpich = 0 ]; then
    echo "tune.sh: neither Open MPI nor MPICH is installed (openmpi-bin libopenmpi-dev mpich), skipped" >&2
    exit 77
fi

cat >"$tmp/best.csv" <<'CSV'
collective,variant,platform,np,bytes,best_algorithm,best_avg_s,second_algorithm,second_avg_s
bcast,ring-4,ring-4,4,16,binomial,1e-6,linear,2e-6
bcast,ring-4,ring-4,4,4096,binomial,1e-6,linear,2e-6
bcast,ring-4,ring-4,4,65536,scatter_allgather_ring,1e-5,binomial,2e-5
allreduce,ring-4,ring-4,4,16,recursive_doubling,1e-6,ring,2e-6
allreduce,ring-4,ring-4,4,1048576,rabenseifner,1e-4,ring,2e-4
barrier,ring-4,ring-4,4,0,dissemination,1e-6,tree,2e-6
CSV
# Open MPI's Rabenseifner and binomial broadcast are its own schedules (ompi_rabenseifner,
# ompi_binomial: sends posted at once), not collsim's: the Open MPI study names them so
sed 's/^allreduce,ring-4,ring-4,4,1048576,rabenseifner,/allreduce,ring-4,ring-4,4,1048576,ompi:6=ompi_rabenseifner,/
    s/^bcast,ring-4,ring-4,4,16,binomial,/bcast,ring-4,ring-4,4,16,ompi_binomial,/
    s/^bcast,ring-4,ring-4,4,4096,binomial,/bcast,ring-4,ring-4,4,4096,ompi:6=ompi_binomial,/' \
    "$tmp/best.csv" >"$tmp/best_ompi.csv"
"$collsim" tune "$tmp/best_ompi.csv" --ompi-rules "$tmp/rules.conf"
assert_eq "collsim tune status (Open MPI)" 0 $?
"$collsim" tune "$tmp/best.csv" --mpich-json "$tmp/t.json"
assert_eq "collsim tune status (MPICH)" 0 $?
# Open MPI: the numbers outside comments. 3 collectives; bcast (id 7): 1 process count, 4,
# 2 rules: from 0 binomial (6), from 65536 scatter_allgather_ring (9); barrier (6):
# dissemination = bruck (4); allreduce (2): recursive_doubling (3), from 1048576
# rabenseifner (6). Fan-in/out and segment size 0.
assert_eq "rules file" "3 7 1 4 2 0 6 0 0 65536 9 0 0 6 1 4 1 0 4 0 0 2 1 4 2 0 3 0 0 1048576 6 0 0" \
    "$(sed 's/#.*//' "$tmp/rules.conf" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
# MPICH: binomial up to 65535 bytes, then scatter_ring_allgather; the barrier by
# dissemination; recursive doubling up to 1048575 bytes, then reduce_scatter_allgather.
expect='{"collective=bcast":{"comm_type=intra":{"comm_size=any":{"avg_msg_size<=65535":{"algorithm=MPIR_Bcast_intra_binomial":{}},"avg_msg_size=any":{"algorithm=MPIR_Bcast_intra_scatter_ring_allgather":{}}}}},"collective=barrier":{"comm_type=intra":{"comm_size=any":{"algorithm=MPIR_Barrier_intra_dissemination":{}}}},"collective=allreduce":{"comm_type=intra":{"comm_size=any":{"avg_msg_size<=1048575":{"algorithm=MPIR_Allreduce_intra_recursive_doubling":{}},"avg_msg_size=any":{"algorithm=MPIR_Allreduce_intra_reduce_scatter_allgather":{}}}}}}'
assert_eq "MPICH tuning file" "$expect" "$(tr -d ' \n' <"$tmp/t.json")"
# a faster algorithm the library lacks (two_tree) does not stop the file: the library's fastest
# holds (MPICH: binomial, the second; Open MPI: none of its own ran at 65536 B, so the file
# keeps its fixed decision there, for 4 processes below 1048576 B basic_linear, 1), and the
# console says by how much: (2e-5 - 1e-5) / 2e-5 = 50.0%
sed 's/^bcast,ring-4,ring-4,4,65536,scatter_allgather_ring/bcast,ring-4,ring-4,4,65536,two_tree/' \
    "$tmp/best.csv" >"$tmp/nope.csv"
sed 's/^bcast,ring-4,ring-4,4,65536,scatter_allgather_ring/bcast,ring-4,ring-4,4,65536,two_tree/' \
    "$tmp/best_ompi.csv" >"$tmp/nope_ompi.csv"
err=$("$collsim" tune "$tmp/nope.csv" --mpich-json "$tmp/nope.json" 2>&1)
assert_eq "tune with two_tree (MPICH) status" 0 $?
case $err in *"at 1 of 3 sizes an algorithm MPICH lacks is faster, by up to 50.0% (two_tree at 65536 B)"*) pass ;;
*) fail "MPICH note: $err" ;; esac
grep -q '/\* at 65536 B: two_tree, which MPICH lacks, is 50.0% faster than binomial \*/' "$tmp/nope.json" &&
    pass || fail "the MPICH file's comment: $(cat "$tmp/nope.json")"
err=$("$collsim" tune "$tmp/nope_ompi.csv" --ompi-rules "$tmp/nope.conf" 2>&1)
assert_eq "tune with two_tree (Open MPI) status" 0 $?
case $err in *"Open MPI, bcast on 4 processes: at 1 of 3 sizes none of its algorithms ran; the file keeps its own default's choice there"*) pass ;;
*) fail "Open MPI note: $err" ;; esac
assert_eq "rules file without two_tree" "3 7 1 4 2 0 6 0 0 65536 1 0 0 6 1 4 1 0 4 0 0 2 1 4 2 0 3 0 0 1048576 6 0 0" \
    "$(sed 's/#.*//' "$tmp/nope.conf" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
# a study none of whose algorithms the library has is refused, and nothing is written
grep -E '^(collective|bcast)' "$tmp/nope.csv" | sed 's/,binomial,/,hier,/; s/,linear,/,hier,/; s/,scatter_allgather_ring,/,hier,/' \
    >"$tmp/alien.csv"
assert_one_line_error "tune with hier and two_tree only" "$collsim" tune "$tmp/alien.csv" --ompi-rules "$tmp/alien.conf"
err=$("$collsim" tune "$tmp/alien.csv" --ompi-rules "$tmp/alien.conf" 2>&1)
case $err in *"none of the study's algorithms is one of Open MPI's"*) pass ;;
*) fail "Open MPI refusal: $err" ;; esac
[ ! -e "$tmp/alien.conf" ] && pass || fail "a refused rules file was written"

# a study over two process counts (every algorithm's time, as summary.csv has them): one file
# each with both counts, each library's fastest at each size. Worked out by hand: Open MPI,
# bcast on 4: ompi_binomial (6) from 0 (two_tree, 1e-7, is 50.0% faster than its 2e-7),
# scatter_allgather_ring (9) from 65536; on 8: basic_linear (1), then binomial (6) (hier 75.0%
# faster); the barrier bruck (4), the all-reduce recursive doubling (3). MPICH, bcast on 4:
# binomial (two_tree 66.7% faster), then scatter_ring_allgather; on 8: binomial at both sizes
# (ompi_linear is not MPICH's; hier 80.0% faster); the invalid linear row counts for nothing.
cat >"$tmp/summary.csv" <<'CSV'
variant,collective,np,bytes,algorithm,avg_s,valid
v4,bcast,4,16,two_tree,1e-7,1
v4,bcast,4,16,ompi:6=ompi_binomial,2e-7,1
v4,bcast,4,16,binomial,3e-7,1
v4,bcast,4,65536,scatter_allgather_ring,1e-5,1
v4,bcast,4,65536,ompi_binomial,2e-5,1
v8,bcast,8,16,ompi_linear,1e-7,1
v8,bcast,8,16,binomial,2e-7,1
v8,bcast,8,65536,hier,1e-6,1
v8,bcast,8,65536,ompi_binomial,4e-6,1
v8,bcast,8,65536,binomial,5e-6,1
v8,bcast,8,65536,linear,3e-7,0
v4,allreduce,4,16,recursive_doubling,1e-6,1
v8,allreduce,8,16,recursive_doubling,1e-6,1
v4,barrier,4,0,dissemination,1e-6,1
v8,barrier,8,0,dissemination,1e-6,1
CSV
"$collsim" tune "$tmp/summary.csv" --ompi-rules "$tmp/multi.conf" --mpich-json "$tmp/multi.json" \
    2>"$tmp/multi.err"
assert_eq "tune of two process counts, status" 0 $?
assert_eq "rules file of two process counts" \
    "3 7 2 4 2 0 6 0 0 65536 9 0 0 8 2 0 1 0 0 65536 6 0 0 6 2 4 1 0 4 0 0 8 1 0 4 0 0 2 2 4 1 0 3 0 0 8 1 0 3 0 0" \
    "$(sed 's/#.*//' "$tmp/multi.conf" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
grep -q '^# at 65536 B: hier, which Open MPI lacks, is 75.0% faster than ompi_binomial$' "$tmp/multi.conf" &&
    pass || fail "the rules file's comment: $(cat "$tmp/multi.conf")"
expect='{"collective=bcast":{"comm_type=intra":{"comm_size<=7":{"avg_msg_size<=65535":{"algorithm=MPIR_Bcast_intra_binomial":{}},"avg_msg_size=any":{"algorithm=MPIR_Bcast_intra_scatter_ring_allgather":{}}},"comm_size=any":{"avg_msg_size=any":{"algorithm=MPIR_Bcast_intra_binomial":{}}}}},"collective=barrier":{"comm_type=intra":{"comm_size<=7":{"algorithm=MPIR_Barrier_intra_dissemination":{}},"comm_size=any":{"algorithm=MPIR_Barrier_intra_dissemination":{}}}},"collective=allreduce":{"comm_type=intra":{"comm_size<=7":{"avg_msg_size=any":{"algorithm=MPIR_Allreduce_intra_recursive_doubling":{}}},"comm_size=any":{"avg_msg_size=any":{"algorithm=MPIR_Allreduce_intra_recursive_doubling":{}}}}}}'
assert_eq "MPICH file of two process counts" "$expect" \
    "$(sed 's|/\*.*\*/||' "$tmp/multi.json" | tr -d ' \n')"
grep -q 'two_tree, which MPICH lacks, is 66.7% faster than binomial' "$tmp/multi.json" &&
    grep -q 'hier, which MPICH lacks, is 80.0% faster than binomial' "$tmp/multi.json" &&
    pass || fail "the MPICH file's comments: $(cat "$tmp/multi.json")"
grep -q "Open MPI, bcast on 8 processes: at 1 of 2 sizes an algorithm Open MPI lacks is faster, by up to 75.0% (hier at 65536 B)" \
    "$tmp/multi.err" && pass || fail "console: $(cat "$tmp/multi.err")"
# two variants with the same process count need --variant; it takes a list
sed 's/^v8,\(.*\),8,/v8b,\1,8,/' "$tmp/summary.csv" | grep '^v8b' >"$tmp/more.csv"
cat "$tmp/summary.csv" "$tmp/more.csv" >"$tmp/two.csv"
assert_one_line_error "two variants of 8 processes" "$collsim" tune "$tmp/two.csv" --ompi-rules "$tmp/two.conf"
"$collsim" tune "$tmp/two.csv" --variant v4,v8 --ompi-rules "$tmp/two.conf" 2>/dev/null &&
    cmp -s <(grep -v '^# Open MPI' "$tmp/two.conf" | grep -v 'written by') <(grep -v '^# Open MPI' "$tmp/multi.conf" | grep -v 'written by') &&
    pass || fail "--variant v4,v8 gives another file"
# a real study over 4 and 8 processes whose winners include two_tree and collsim's binomial,
# and whose barrier ran Open MPI's schedules only: both files have both counts, MPICH's keeps
# its own default where none of its algorithms ran (a file without the barrier would stop a
# program at its first MPI_Barrier), and both libraries run a program with them below
printf '%s\n' 'platform = crossbar nodes=8' 'np = 4,8' 'collectives = bcast,allreduce,barrier' \
    'algorithms = ompi:default,binomial,two_tree' 'compare = none' 'trace = no' 'sizes = 16,64K' \
    >"$tmp/t.study"
"$collsim" study "$tmp/t.study" --out "$tmp/study" >/dev/null 2>&1
assert_eq "the study of two counts" 0 $?
"$collsim" tune "$tmp/study/best.csv" --ompi-rules "$tmp/study.conf" --mpich-json "$tmp/study.json" \
    2>"$tmp/study.err"
assert_eq "tune of the study, status" 0 $?
assert_eq "Open MPI rules of the study: 2 counts a collective" 3 "$(grep -c '^2  # process counts' "$tmp/study.conf")"
assert_eq "MPICH file of the study: 2 counts a collective" 3 "$(grep -c '"comm_size<=7"' "$tmp/study.json")"
grep -q "MPICH, barrier on 4 processes: at 1 of 1 sizes none of its algorithms ran; the file keeps its own default's choice there" \
    "$tmp/study.err" && grep -q 'an algorithm Open MPI lacks is faster' "$tmp/study.err" &&
    pass || fail "tune of the study said: $(cat "$tmp/study.err")"
# MPICH reads thresholds as int: an allgather of 4096 ranks x 1 MiB (total 2^32) is cut at
# 2^31 - 1, the 1 MiB choice above
printf '%s\n' 'variant,collective,np,bytes,algorithm,avg_s,valid' \
    'v,allgather,4096,1024,ring,1e-3,1' 'v,allgather,4096,1048576,recursive_doubling,1,1' \
    'v,bcast,4096,16,binomial,1e-6,1' 'v,allreduce,4096,16,recursive_doubling,1e-6,1' \
    'v,barrier,4096,0,dissemination,1e-6,1' >"$tmp/big.csv" # MPICH wants the program's too
"$collsim" tune "$tmp/big.csv" --mpich-json "$tmp/big.json" 2>/dev/null
assert_eq "tune of 4096 x 1 MiB status" 0 $?
grep -q '"total_msg_size<=2147483647": {"algorithm=MPIR_Allgather_intra_ring": {}},' "$tmp/big.json" &&
    grep -q '"total_msg_size=any": {"algorithm=MPIR_Allgather_intra_recursive_doubling": {}}' "$tmp/big.json" &&
    pass || fail "the threshold past 2^31: $(cat "$tmp/big.json")"
# a name that would end a comment is refused
printf '%s\n' 'collective,np,bytes,algorithm,avg_s' 'bcast,4,16,x*/,1e-6' >"$tmp/evil.csv"
assert_one_line_error "an algorithm named x*/" "$collsim" tune "$tmp/evil.csv" --mpich-json "$tmp/evil.json"
[ ! -e "$tmp/evil.json" ] && pass || fail "a file was written for a bad name"

# The broadcasts Open MPI ran (one line per rank, sorted and counted) for SIZE bytes with
# RULES ("" for none), on NP processes (4 when not given).
ompi_bcast() {
    local opts=() np=${3:-4}
    [ -n "$2" ] && opts=(--mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$2")
    timeout 120 mpirun.openmpi --oversubscribe --allow-run-as-root -x LD_PRELOAD="$tmp/shim.so" \
        "${opts[@]}" -np "$np" "$tmp/prog_ompi" "$1" 2>&1 | grep '^shim:' | sort | uniq -c | tr -s ' ' | sed 's/^ //'
}
if [ $have_ompi = 1 ]; then
    mpicc.openmpi -O1 -o "$tmp/prog_ompi" "$src/tests/mpilib/prog.c" &&
        gcc -shared -fPIC -o "$tmp/shim.so" "$src/tests/mpilib/shim.c" -ldl
    assert_eq "Open MPI program and shim build" 0 $?
    # without the file, Open MPI's fixed rule for 4 processes and 16 bytes: binary_tree (5)
    assert_eq "Open MPI fixed rule, 16 B" "4 shim: bcast bintree segsize 0" "$(ompi_bcast 16 "")"
    assert_eq "Open MPI with the rules, 16 B" "4 shim: bcast binomial segsize 0" \
        "$(ompi_bcast 16 "$tmp/rules.conf")"
    assert_eq "Open MPI with the rules, 4096 B" "4 shim: bcast binomial segsize 0" \
        "$(ompi_bcast 4096 "$tmp/rules.conf")"
    assert_eq "Open MPI with the rules, 65536 B" "4 shim: bcast scatter_allgather_ring segsize 0" \
        "$(ompi_bcast 65536 "$tmp/rules.conf")"
    # the file of two process counts: each count's rules
    assert_eq "Open MPI, two counts, 4 x 16 B" "4 shim: bcast binomial segsize 0" "$(ompi_bcast 16 "$tmp/multi.conf" 4)"
    assert_eq "Open MPI, two counts, 4 x 65536 B" "4 shim: bcast scatter_allgather_ring segsize 0" \
        "$(ompi_bcast 65536 "$tmp/multi.conf" 4)"
    # (basic_linear takes no segment size: the shim's is noise)
    assert_eq "Open MPI, two counts, 8 x 16 B" "8 shim: bcast basic_linear" \
        "$(ompi_bcast 16 "$tmp/multi.conf" 8 | sed 's/ segsize.*//')"
    assert_eq "Open MPI, two counts, 8 x 65536 B" "8 shim: bcast binomial segsize 0" \
        "$(ompi_bcast 65536 "$tmp/multi.conf" 8)"
    for np in 4 8; do
        assert_eq "Open MPI with the study's rules on $np" "$np" \
            "$(ompi_bcast 65536 "$tmp/study.conf" $np | awk '{ n += $1 } END { print n }')"
    done
    # a rule set whose first message size is not 0: Open MPI drops the whole file, silently
    sed '0,/^0 6 0 0/s//1 6 0 0/' "$tmp/rules.conf" >"$tmp/broken.conf"
    assert_eq "Open MPI with a broken file, 16 B" "4 shim: bcast bintree segsize 0" \
        "$(ompi_bcast 16 "$tmp/broken.conf")"
fi
if [ $have_mpich = 1 ]; then
    mpicc.mpich -O1 -o "$tmp/prog_mpich" "$src/tests/mpilib/prog.c"
    assert_eq "MPICH program build" 0 $?
    for n in 16 65536 1048576; do
        out=$(MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$tmp/t.json" MPIR_CVAR_DEBUG_CVARS=1 \
            timeout 120 mpiexec.mpich -n 4 "$tmp/prog_mpich" $n 2>&1)
        assert_eq "MPICH with the tuning file, $n B" 0 $?
        assert_eq "MPICH read the file, $n B" 4 \
            "$(printf '%s\n' "$out" | grep -c "MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE = $tmp/t.json")"
    done
    # the files with comments and two process counts load on both counts
    for t in "multi 4" "multi 8" "nope 4" "big 4" "study 4" "study 8"; do
        set -- $t
        out=$(MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$tmp/$1.json" MPIR_CVAR_DEBUG_CVARS=1 \
            timeout 120 mpiexec.mpich -n "$2" "$tmp/prog_mpich" 65536 2>&1)
        assert_eq "MPICH with $1.json on $2" 0 $?
        assert_eq "MPICH read $1.json on $2" "$2" \
            "$(printf '%s\n' "$out" | grep -c "MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE = $tmp/$1.json")"
    done
    # a misspelt condition and an unknown algorithm: MPICH refuses the file
    sed 's/avg_msg_size<=65535/avg_msg_sise<=65535/' "$tmp/t.json" >"$tmp/bad1.json"
    sed 's/MPIR_Bcast_intra_binomial/MPIR_Bcast_intra_binomal/' "$tmp/t.json" >"$tmp/bad2.json"
    for b in bad1 bad2; do
        MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$tmp/$b.json" timeout 120 mpiexec.mpich -n 4 \
            "$tmp/prog_mpich" 16 >/dev/null 2>&1
        [ $? -ne 0 ] && pass || fail "MPICH took the broken file $b.json"
    done
fi
finish
