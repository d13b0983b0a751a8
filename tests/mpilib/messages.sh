# messages.sh: sourced by tests/run/ompi_messages.sh and bench/ompi-messages. The messages an
# MPI library's collective sends, per sender and receiver, as Open MPI 4.1.4 itself reports
# them (its pml monitoring component: one file a rank, the lines starting "I": messages sent
# inside collectives, and "E": point-to-point ones, where the monitoring puts the persistent
# requests a collective starts, as the linear all-to-all does; the program, tests/mpilib/
# coll.c, sends none of its own) and as collsim simulates the algorithm of the same number
# (ompi:N, its trace read by `collsim analyze --messages`), each as lines "SRC DST MESSAGES
# BYTES" sorted. At 0 bytes Open MPI sends nothing (but for the barrier), and so must
# collsim's ompi:N. Both refusing the call also counts as agreement: Open MPI failing with
# MPI_ERR_UNSUPPORTED_OPERATION (its two_procs algorithms at p != 2; coll.c exits 3) while
# collsim says it runs the algorithm on 2 processes only. Any other failure on either side is
# a difference. Needs $collsim, $src and a scratch folder $tmp; msg_setup first.

# msg_setup: builds the MPI program; 0, or 1 without Open MPI (mpicc.openmpi, mpirun.openmpi).
msg_setup() {
    command -v mpicc.openmpi >/dev/null && command -v mpirun.openmpi >/dev/null || return 1
    mpicc.openmpi -O1 -I"$src/src/registry" -o "$tmp/coll_ompi" "$src/tests/mpilib/coll.c" || return 1
    "$collsim" platform crossbar --nodes 64 -o "$tmp/xb.xml" >/dev/null
}

# msg_ompi COLL N NP BYTES: Open MPI's messages for coll_tuned_COLL_algorithm N, or for its
# fixed decision when N is "default"; status 2 (and no messages) when the library refused the
# operation as unsupported.
msg_ompi() {
    local dir=$tmp/prof-$1-$2-$3-$4 force=()
    [ "$2" = default ] || force=(--mca coll_tuned_use_dynamic_rules 1 --mca "coll_tuned_$1_algorithm" "$2")
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    timeout 60 mpirun.openmpi --oversubscribe --allow-run-as-root -np "$3" --mca btl self,vader \
        "${force[@]}" \
        --mca pml_monitoring_enable 2 --mca pml_monitoring_enable_output 3 \
        --mca pml_monitoring_filename "$dir/prof" "$tmp/coll_ompi" "$1" "$4" >/dev/null 2>"$dir/err"
    case $? in
    0) ;;
    3) return 2 ;; # the program's own word for MPI_ERR_UNSUPPORTED_OPERATION (coll.c)
    *) return 1 ;;
    esac
    cat "$dir"/prof.*.prof | awk -F'\t' '$1 == "I" || $1 == "E" { split($4, b, " "); split($5, m, " ")
        print $2, $3, m[1], b[1] }' | sort -n -k1,1 -k2,2
}

# msg_collsim COLL N NP BYTES: collsim's messages for ompi:N (one timed call, no warm-up);
# status 2 when collsim refused it as an algorithm Open MPI runs on 2 processes only.
msg_collsim() {
    "$collsim" run --platform "$tmp/xb.xml" --np "$3" --collective "$1" --algo "ompi:$2" \
        --sizes "$4" --iters 1 --warmup 0 --quiet --trace "$tmp/m.trace" >/dev/null 2>"$tmp/m.err" ||
        { grep -q "runs it on 2 processes only" "$tmp/m.err" && return 2; return 1; }
    "$collsim" analyze "$tmp/m.trace" --platform "$tmp/xb.xml" --messages "$tmp/m.csv" \
            >/dev/null 2>&1 || return 1
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next }
        $h["timed"] == 1 { k = $h["src"] " " $h["dst"]; n[k]++; b[k] += $h["message_bytes"] }
        END { for (k in n) print k, n[k], b[k] }' "$tmp/m.csv" | sort -n -k1,1 -k2,2
}

# msg_same COLL N NP BYTES: 0 when both send the same messages; else 1, with the two matrices
# side by side on stderr (collsim's on the left).
msg_same() {
    local a b ra rb
    a=$(msg_collsim "$@")
    ra=$?
    b=$(msg_ompi "$@")
    rb=$?
    [ $ra = 2 ] && [ $rb = 2 ] && return 0
    [ $ra = 0 ] || { echo "collsim ompi:$2 did not run$( ((ra == 2)) && echo " (refused)")" >&2; return 1; }
    [ $rb = 0 ] || { echo "Open MPI's $1 $2 did not run" >&2; return 1; }
    # no message at all only at 0 bytes, where Open MPI's MPI calls return before the algorithm
    { [ -n "$a" ] || [ "$4" = 0 ]; } && [ "$a" = "$b" ] && return 0
    echo "$1 $2 np=$3 $4 B: collsim | Open MPI" >&2
    paste <(echo "$a") <(echo "$b") >&2
    return 1
}
