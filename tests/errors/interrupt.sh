#!/usr/bin/env bash
# interrupt.sh COLLSIM SRCDIR: SIGINT or SIGTERM at any moment of a study ends it with
# 130 or 143 and leaves the previous complete outputs as they were (the study is
# deterministic, so each file is the complete one or absent from a first run), except a
# platform's CSV, which collsim run writes row by row: it may also be the header and the first
# rows of the complete one, whole rows only. No .part file, no temporary file and no process
# are left; the study then completes as before.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/plats" "$T/tmp"
ln -s "$src"/platforms/*.xml "$src"/platforms/*.hosts "$(dirname "$collsim")"/platforms/*.xml \
    "$(dirname "$collsim")"/platforms/*.hosts "$T/plats/"
study() {
    TMPDIR=$T/tmp exec "$collsim" study --platforms "$T/plats" --out "$T/out" --sizes 16,64K \
        --iters 1 --no-compare --algo binomial,linear
}
sums() { (cd "$T/out" && md5sum -- *) 2>/dev/null; }
# whole_rows F: F (in out/) is the header and at least one row of the complete F, a prefix of
# whole lines
whole_rows() {
    local n
    n=$(wc -l <"$T/out/$1")
    [[ $1 == *.csv ]] && [ "$n" -ge 2 ] && [ "$(tail -c 1 "$T/out/$1" | od -An -c | tr -d ' ')" = '\n' ] &&
        head -n "$n" "$T/complete/$1" | cmp -s - "$T/out/$1"
}

(study) >/dev/null 2>&1 || fail "the first study"
complete=$(sums)
cp -r "$T/out" "$T/complete"
for at in 0.05 0.2 0.4 0.7 1.0 1.4 1.8 2.2; do
    for sig in INT TERM; do
        study >/dev/null 2>&1 &
        pid=$!
        sleep "$at"
        kill -s "$sig" "$pid" 2>/dev/null
        wait "$pid"
        st=$?
        want=$([ "$sig" = INT ] && echo 130 || echo 143)
        [ "$st" -eq 0 ] || assert_eq "SIG$sig after ${at}s: exit status" "$want" "$st"
        left=$(sums | grep -vxF "$complete" | while read -r _ f; do whole_rows "$f" || echo "$f"; done)
        assert_eq "SIG$sig after ${at}s: files other than the complete ones" "" "$left"
        assert_eq "SIG$sig after ${at}s: .part files" "" "$(ls "$T/out" | grep '\.part$')"
        assert_eq "SIG$sig after ${at}s: temporary files" "" "$(ls -A "$T/tmp")"
        sleep 0.1
        assert_eq "SIG$sig after ${at}s: processes left" "" "$(pgrep -f "$T/" || true)"
    done
done
(study) >/dev/null 2>"$T/err" || fail "the study after the interrupts"
assert_eq "the study after the interrupts: error lines" "" "$(grep error "$T/err")"
assert_eq "the study after the interrupts gives the same files" "$complete" "$(sums)"
finish
