#!/usr/bin/env bash
# ptp_trace.sh COLLSIM SRCDIR: SimGrid 3.32 traces non-blocking sends, MPI_Sendrecv and
# receives completed in MPI_Wait* twice (src/ptpfix.h); after collsim's repair every
# algorithm message is one complete link in pj_dump, and the analyzer counts the messages
# and bytes the algorithm sends. Expected counts from the algorithms, m = 4000 bytes in
# 1000-byte segments, 8 ranks (multichain: 16, on a ring), one call:
#   pipeline_chain, pipeline_binary: every non-root rank receives 4 segments: 7 x 4 = 28
#   two_tree: two halves of 2 segments each: 7 x 4 = 28; bytes 7 x 4000 = 28000 for all three
#   scatter_allgather_ring: 7 scatter messages carrying 12 blocks of 500 B (the non-root
#     subtree sizes 1,2,1,4,1,2,1), then 8 x 7 ring steps of one block: 63 messages, 34000 B
#   scatter_allgather_rd: the same scatter, then 3 rounds of 8 messages of 1, 2, 4 blocks:
#     31 messages, 6000 + 4000 + 8000 + 16000 = 34000 B
#   multichain on ring-16: two parts of 2 segments round each way: 15 x 4 = 60, 60000 B
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for c in pipeline_chain:crossbar-64:8:28:28000 pipeline_binary:crossbar-64:8:28:28000 \
    two_tree:crossbar-64:8:28:28000 scatter_allgather_ring:crossbar-64:8:63:34000 \
    scatter_allgather_rd:crossbar-64:8:31:34000 multichain:ring-16:16:60:60000; do
    IFS=: read -r algo plat np msgs bytes <<<"$c"
    xml=$(plat "$plat")
    COLLSIM_SEGMENT=1000 "$collsim" run --platform "$xml" --np "$np" --algo "$algo" --sizes 4000 \
        --iters 1 --warmup 0 --quiet --trace "$tmp/$algo.trace"
    assert_eq "$algo run" 0 $?
    pj_dump -l 9 "$tmp/$algo.trace" >"$tmp/dump" 2>"$tmp/err"
    assert_eq "$algo: pj_dump reads the trace ($(head -c 200 "$tmp/err"))" 0 $?
    assert_eq "$algo: complete algorithm links in pj_dump" "$msgs" \
        "$(grep -E '^Link, ' "$tmp/dump" | grep -cE '_700[1-4]_[0-9]+$')"
    out=$("$collsim" analyze "$tmp/$algo.trace" --platform "$xml" 2>&1)
    got=$(printf '%s\n' "$out" | sed -n 's/.*; \([0-9]*\) messages, \([0-9]*\) bytes per call;.*/\1 \2/p')
    assert_eq "$algo: messages and bytes per call in the analyzer" "$msgs $bytes" "$got"
done
finish
