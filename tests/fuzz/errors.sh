#!/usr/bin/env bash
# errors.sh COLLSIM SRCDIR: the defects found in the readers and the platform generator stay
# fixed: every malformed input is one 'collsim: error:' line naming the file (and line), with
# the exit status documented, no output file left and the input untouched.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpus=$src/tests/fuzz/corpus
plat=$src/platforms/ring-16.xml

# expect_error WHAT STATUS MESSAGE-START COMMAND...: that status, one error line starting so
expect_error() {
    local what=$1 want=$2 msg=$3
    shift 3
    local err st
    err=$("$@" 2>&1 >/dev/null)
    st=$?
    assert_eq "$what: status" "$want" "$st"
    if [ "$(printf '%s\n' "$err" | grep -c .)" -eq 1 ] &&
        [ "${err#"collsim: error: $msg"}" != "$err" ]; then pass; else
        fail "$what: expected one line 'collsim: error: $msg...', got: $err"; fi
}

# fix_fails NAME MESSAGE: fix-trace on a copy of the corpus input NAME, in place and to
# another file, fails with MESSAGE, leaves nothing and does not touch the input
fix_fails() {
    local in=$tmp/$1.trace
    cp "$corpus/tracefix/$1" "$in"
    expect_error "fix-trace $1 in place" 1 "$in$2" "$collsim" fix-trace "$in"
    expect_error "fix-trace $1" 1 "$in$2" "$collsim" fix-trace "$in" "$tmp/out.trace"
    cmp -s "$in" "$corpus/tracefix/$1" && pass || fail "fix-trace $1 changed its input"
    assert_eq "fix-trace $1: files left" "$1.trace" "$(ls "$tmp")"
    rm -f "$in"
}
fix_fails regress-too-few-fields ':117: event 15 has 4 fields, its definition 7'
fix_fails regress-missing-key ':117: event 15 has 5 fields, its definition 7'
fix_fails regress-huge-container-alias ":117: container '2000000000' is not a number"
fix_fails regress-empty ': not a Paje trace'
fix_fails regress-no-eventdef ':1: unknown event id garbage'
fix_fails regress-truncated ':118: truncated: the last line has no end'
fix_fails regress-binary ':1: NUL byte'
fix_fails regress-event-in-open-eventdef ':2: event inside an unfinished %EventDef'
mkdir "$tmp/dir.trace"
expect_error "fix-trace on a directory" 1 "$tmp/dir.trace: cannot read" "$collsim" fix-trace \
    "$tmp/dir.trace" "$tmp/out.trace"
assert_eq "fix-trace on a directory: files left" "dir.trace" "$(ls "$tmp")"
rmdir "$tmp/dir.trace"

# the one repair of a short event: the trailing Size of a well-formed event, nothing else
sed -n '1,118p' "$src/traces/crossbar-4.trace" >"$tmp/short.trace"
echo '15 0.000000000 14 0 topology 7 0' >>"$tmp/short.trace"
"$collsim" fix-trace "$tmp/short.trace" >/dev/null 2>&1
assert_eq "Size added to a topology link" "15 0.000000000 14 0 topology 7 0 0" "$(tail -n 1 "$tmp/short.trace")"
sed -i '$d' "$tmp/short.trace"
echo '15 x 14 0 topology 7 0' >>"$tmp/short.trace"
expect_error "short event with a bad time" 1 "$tmp/short.trace:119: event 15 has 6 fields" \
    "$collsim" fix-trace "$tmp/short.trace"
rm -f "$tmp/short.trace"

# the reader (collsim analyze)
cp "$corpus/paje/regress-event-in-open-eventdef" "$tmp/x.trace"
expect_error "analyze: event inside an open %EventDef" 1 \
    "$tmp/x.trace:2: event inside an unfinished %EventDef" "$collsim" analyze "$tmp/x.trace" --platform "$plat"
: >"$tmp/e.trace"
expect_error "analyze: empty trace" 1 "$tmp/e.trace: not a Paje trace" "$collsim" analyze \
    "$tmp/e.trace" --platform "$plat"
rm -f "$tmp/x.trace" "$tmp/e.trace"

# the generator: every count bounded, every number checked, exit 2, nothing written
o="-o $tmp/p.xml"
g() { expect_error "platform $1" 2 "$2" "$collsim" platform $1 $o; }
g "ring --nodes 2000000" "ring needs --nodes P with 2 <= P <= 256"
g "crossbar --nodes 1025" "crossbar needs --nodes P with 2 <= P <= 1024"
g "hypercube --dim 11" "hypercube needs --dim D with 1 <= D <= 10"
g "torus --dims 65536x65536x65536" "torus needs --dims"
g "torus --dims 4xx4" "torus needs --dims"
g "torus --dims 4x4x4x4" "torus needs --dims"
g "fattree --nodes 1048576" "fattree --nodes N needs a square N with 4 <= N <= 262144"
g "fattree --levels 2 --down 4,4 --up 1,4 --parallel 1" "bad --parallel '1'"
g "fattree --levels 9 --down 1 --up 1 --parallel 1" "fattree needs --levels L with 1 <= L <= 8"
g "fattree --levels 2 --down 512,513 --up 1,1 --parallel 1,1" "bad --down"
g "xl250a-cluster --nodes 37" "xl250a-cluster needs --nodes N with 1 <= N <= 36"
g "ring --nodes 4 --dim 3" "ring does not take --dim"
g "xl250a --nodes 3" "xl250a does not take --nodes"
g "ring --nodes 4 --bandwidth 1e300TBps" "bad bandwidth"
g "ring --nodes 4 --speed 0Gf" "bad speed"
g "ring --nodes 99999999999" "bad value"
assert_eq "platform: files left" "" "$(ls "$tmp")"
finish
