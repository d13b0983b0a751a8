#!/usr/bin/env bash
# malformed.sh RECORDS SRCDIR: malformed traces are errors naming the file and line, where
# pj_dump would misread some of them.
records=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head() { # the definitions every case starts from
    cat <<'H'
%EventDef PajeDefineContainerType 0
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeDefineStateType 1
%       Alias string
%       Type string
%       Name string
%EndEventDef
%EventDef PajeCreateContainer 2
%       Time date
%       Alias string
%       Type string
%       Container string
%       Name string
%EndEventDef
%EventDef PajePushState 3
%       Time date
%       Type string
%       Container string
%       Value string
%EndEventDef
%EventDef PajePopState 4
%       Time date
%       Type string
%       Container string
%EndEventDef
0 C 0 "Rank"
1 S C "MPI state"
2 0.0 r0 C 0 "rank 0"
H
}
expect() { # NAME EXPECTED-MESSAGE: reads $tmp/NAME.trace (no pipeline: the counts must stay
    local err                 # in this shell)
    err=$("$records" "$tmp/$1.trace" 2>&1 >/dev/null)
    local st=$?
    if [ $st -ne 0 ] && printf '%s' "$err" | grep -qF "$tmp/$1.trace:$2"; then pass; else
        fail "$1: expected '$1.trace:$2', got status $st: $err"; fi
}
# a good trace first, so the cases below fail for their own reason only
{ head; echo '3 1.0 S r0 "running"'; echo '4 2.0 S r0'; } >"$tmp/good.trace"
"$records" "$tmp/good.trace" | grep -q '^State, rank 0, MPI state, 1.000000000, 2.000000000' && pass ||
    fail "the good trace does not read: $("$records" "$tmp/good.trace" 2>&1)"
{ head; echo '3 1.0 S r0'; } >"$tmp/few_fields.trace"
expect few_fields '32: event 3 has 3 fields, its definition 4'
{ head; echo '9 1.0 S r0 x'; } >"$tmp/unknown_id.trace"
expect unknown_id '32: unknown event id 9'
{ head; echo '3 1.0x S r0 x'; } >"$tmp/bad_number.trace"
expect bad_number "32: malformed number '1.0x' in field Time"
{ head; echo '3 0.0000x1 S r0 x'; } >"$tmp/cut_number.trace"
expect cut_number "32: malformed number '0.0000x1'"
{ head; echo '3 1.0 S r0 "never closed'; } >"$tmp/open_quote.trace"
expect open_quote '32: unterminated quoted string'
{ head; echo '4 1.0 S r0'; } >"$tmp/empty_pop.trace"
expect empty_pop "32: pop with no state on 'r0'"
{ head; echo '3 1.0 S r9 x'; } >"$tmp/unknown_container.trace"
expect unknown_container "32: unknown container 'r9'"
{ head; echo '3 1.0 T r0 x'; } >"$tmp/unknown_type.trace"
expect unknown_type "32: unknown type 'T'"
{ head; printf '3 1.0 S r0 "running"\n4 2.'; } >"$tmp/truncated_line.trace"
expect truncated_line '33: truncated: the last line has no end'
{ head | sed -n '1,8p'; } >"$tmp/truncated_def.trace"
expect truncated_def '8: truncated: %EventDef 1 never ended'
finish
