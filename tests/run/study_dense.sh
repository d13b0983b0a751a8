#!/usr/bin/env bash
# study_dense.sh COLLSIM SRCDIR: a study says, before it runs anything, which cells post a
# message to every other rank at once (p(p-1) messages in flight, from 16,000 on: 127 ranks),
# with the count worked out here; nothing runs (--emit-jobs).
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/s.study" <<'EOF2'
platform = fattree nodes=256
np = 64,127,160
collectives = alltoall,allreduce,bcast
sizes = 4K,64K
EOF2
"$collsim" study "$T/s.study" --out "$T/o" --emit-jobs >/dev/null 2>"$T/err"
assert_eq "emit-jobs status" 0 $?
notes() { grep "messages in flight" "$T/err" | grep "$1" | sed 's/.* has \([0-9]*\) messages.*each of \([0-9]*\) size.*/\1 \2/'; }
# 160 ranks: 160 x 159 = 25440; 127: 127 x 126 = 16002; 64: 4032, under the threshold
assert_eq "alltoall at 160 ranks" "25440 2" "$(notes 'alltoall linear.*-np160')"
assert_eq "alltoall at 127 ranks" "16002 2" "$(notes 'alltoall linear.*-np127')"
assert_eq "no note at 64 ranks" "" "$(notes -- '-np64')"
assert_eq "allreduce direct at 160 ranks" "25440 2" "$(notes 'allreduce direct on .*-np160')"
assert_eq "no broadcast is dense" "" "$(notes '^collsim: note: bcast')"
assert_eq "notes in all" 4 "$(grep -c "messages in flight" "$T/err")"
finish
