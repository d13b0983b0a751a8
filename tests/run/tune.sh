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
# an algorithm a library does not have is refused, and nothing is written
sed 's/^bcast,ring-4,ring-4,4,65536,scatter_allgather_ring/bcast,ring-4,ring-4,4,65536,two_tree/' \
    "$tmp/best.csv" >"$tmp/nope.csv"
sed 's/^bcast,ring-4,ring-4,4,65536,scatter_allgather_ring/bcast,ring-4,ring-4,4,65536,two_tree/' \
    "$tmp/best_ompi.csv" >"$tmp/nope_ompi.csv"
assert_one_line_error "tune with two_tree" "$collsim" tune "$tmp/nope_ompi.csv" --ompi-rules "$tmp/nope.conf"
err=$("$collsim" tune "$tmp/nope_ompi.csv" --ompi-rules "$tmp/nope.conf" 2>&1)
case $err in *"no bcast algorithm that runs as two_tree"*) pass ;;
*) fail "Open MPI refusal: $err" ;; esac
[ ! -e "$tmp/nope.conf" ] && pass || fail "a refused rules file was written"
err=$("$collsim" tune "$tmp/nope.csv" --mpich-json "$tmp/nope.json" 2>&1)
case $err in *"MPICH 4.0.2 has no bcast algorithm that runs as two_tree"*) pass ;;
*) fail "MPICH refusal: $err" ;; esac

# The broadcasts Open MPI ran (one line per rank, sorted and counted) for SIZE bytes with
# RULES ("" for none).
ompi_bcast() {
    local opts=()
    [ -n "$2" ] && opts=(--mca coll_tuned_use_dynamic_rules 1 --mca coll_tuned_dynamic_rules_filename "$2")
    timeout 120 mpirun.openmpi --oversubscribe --allow-run-as-root -x LD_PRELOAD="$tmp/shim.so" \
        "${opts[@]}" -np 4 "$tmp/prog_ompi" "$1" 2>&1 | grep '^shim:' | sort | uniq -c | tr -s ' ' | sed 's/^ //'
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
