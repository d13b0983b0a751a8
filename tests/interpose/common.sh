# common.sh: shared by the interposer's tests (colls.sh, algo.sh, errors.sh, methods.sh).
# Source it with the test's arguments: INTERPOSER LINKED_APP PLAIN_APP COLLS_APP SRCDIR SMPIRUN
# [MORE...]; it leaves MORE in "$@", sources tests/lib.sh (asserts, finish) and defines the
# helpers below.
ip_lib=$1 ip_linked=$2 ip_plain=$3 ip_colls=$4 ip_src=$5 ip_smpirun=$6
shift 6
source "$ip_src/tests/lib.sh"
ip_platform=$ip_src/tests/interpose/interpose.xml
ip_expected=$ip_src/examples/interpose/app.expected
ip_tmp=$(mktemp -d "${TMPDIR:-/tmp}/collsim-interpose.XXXXXX")
trap 'rm -rf "$ip_tmp"' EXIT
# every COLLSIM_ variable of the caller: each test sets its own
unset $(compgen -e | grep "^COLLSIM_")

# ip_run NAME [SMPIRUN OPTIONS...] APP: runs APP on the 6 hosts of interpose.xml with the Paje
# trace on (internal messages included), in the caller's environment. Leaves NAME.out,
# NAME.err and NAME.trace in $ip_tmp and the exit status in ip_status.
ip_run() {
    local name=$1
    shift
    (cd "$ip_tmp" && "$ip_smpirun" -np 6 -platform "$ip_platform" "$@" \
        --cfg=smpi/simulate-computation:no --log=root.thres:warning \
        --cfg=tracing:yes --cfg=tracing/smpi:yes --cfg=tracing/smpi/internals:yes \
        --cfg=tracing/filename:"$ip_tmp/$name.trace") >"$ip_tmp/$name.out" 2>"$ip_tmp/$name.err"
    ip_status=$?
}

# ip_messages NAME TAG: messages of tag TAG in NAME's trace. SimGrid 3.32 keys every
# point-to-point message (PajeStartLink) "src_dst_tag_sequence"; event ids come from the header.
ip_messages() {
    awk -v tag="$2" '$1 == "%EventDef" { id[$2] = $3; next }
        $1 == id["PajeStartLink"] { split($7, k, "_"); if (k[3] == tag) n++ }
        END { print n + 0 }' "$ip_tmp/$1.trace"
}

# ip_states NAME STATE: how many times a rank entered STATE (e.g. PMPI_Bcast) in NAME's trace.
ip_states() {
    awk -v state="$2" '$1 == "%EventDef" { id[$2] = $3; next }
        $1 == id["PajeDefineEntityValue"] && $4 == state { v = $2 }
        $1 == id["PajePushState"] && v != "" && $5 == v { n++ }
        END { print n + 0 }' "$ip_tmp/$1.trace"
}

# ip_number NAME PATTERN: the number the app printed in the line matching PATTERN (a sed regex
# with one \(group\)), or "none".
ip_number() {
    local n
    n=$(sed -n "s/$2/\\1/p" "$ip_tmp/$1.out")
    echo "${n:-none}"
}

# ip_verdict NAME: how MPI_Bcast ran in run NAME, from its trace and the app's own counts:
#   collsim   every call ran a collsim algorithm: no rank entered SimGrid's MPI_Bcast, and there
#             are at least as many tag-7001 (BCAST_TAG) messages as a tree needs for all calls
#   onesided  no rank entered SimGrid's MPI_Bcast, no tag-7001 message, and MPI_Put links
#             (tag -6666): a collsim one-sided broadcast synchronised by fences or PSCW
#   below     no rank entered SimGrid's MPI_Bcast, no tag-7001 message and no put: the
#             interposer called SimGrid's algorithm below the MPI layer (smpi:NAME)
#   simgrid   every rank entered SimGrid's MPI_Bcast at every call, no tag-7001 message
#   mixed     anything else (some calls interposed, others not, or the app did not finish)
ip_verdict() {
    local calls tree t7001 puts states
    calls=$(ip_number "$1" '^\([0-9]*\) broadcasts per rank.*')
    tree=$(ip_number "$1" '^a tree broadcast sends \([0-9]*\) messages in all$')
    t7001=$(ip_messages "$1" 7001)
    puts=$(ip_messages "$1" -6666)
    states=$(ip_states "$1" PMPI_Bcast)
    if [ "$calls" = none ] || [ "$tree" = none ]; then
        echo mixed
    elif [ "$states" -eq 0 ] && [ "$t7001" -ge "$tree" ]; then
        echo collsim
    elif [ "$states" -eq 0 ] && [ "$t7001" -eq 0 ] && [ "$puts" -gt 0 ]; then
        echo onesided
    elif [ "$states" -eq 0 ] && [ "$t7001" -eq 0 ]; then
        echo below
    elif [ "$states" -eq $((calls * 6)) ] && [ "$t7001" -eq 0 ]; then
        echo simgrid
    else
        echo mixed
    fi
}

# ip_check_data NAME WHAT [EXPECTED]: the run ended well and the app found every value right:
# its output is EXPECTED (default: app.expected).
ip_check_data() {
    assert_eq "$2: exit status" 0 "$ip_status"
    if diff -u "${3:-$ip_expected}" "$ip_tmp/$1.out" >"$ip_tmp/$1.diff"; then
        pass
    else
        fail "$2: output differs from ${3:-app.expected}: $(head -20 "$ip_tmp/$1.diff"; grep -E '^(app|colls):' "$ip_tmp/$1.err" | head -5)"
    fi
}
