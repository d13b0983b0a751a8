#!/usr/bin/env bash
# link_loads.sh RECORDS SRCDIR COLLSIM: `collsim run --trace-links` traces every link's
# bandwidth use and `collsim analyze` integrates it per phase and link, against byte counts
# worked out by hand for the linear broadcast on a 4-node ring.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bw=1e9 calls=3 # --iters 2 after one warm-up call
x=$tmp/r4.xml
"$collsim" platform ring --nodes 4 --latency 5us --bandwidth 1GBps -o "$x" >/dev/null || fail "platform"
"$collsim" run --platform "$x" --algo linear --sizes 1000,1M --iters 2 --warmup 1 --quiet --trace-links \
    --trace "$tmp/l.trace" || fail "run --trace-links"
"$collsim" analyze "$tmp/l.trace" --platform "$x" --csv "$tmp/l" --json "$tmp/l.json" >"$tmp/report" ||
    fail "analyze: $(tail -1 "$tmp/report")"
assert_eq "links CSV header" collective,algorithm,bytes,root,phase,link,carried_bytes,busy_s,peak_pct \
    "$(head -1 "$tmp/l.links.csv")"
loads=$(tail -n +2 "$tmp/l.links.csv")
[ -n "$loads" ] && pass || fail "no rows in the links CSV"
assert_eq "links CSV: collective, algorithm, bytes and root are the phase's" "" \
    "$(printf '%s\n' "$loads" | awk -F, 'index($5, $1 "/" $2 "/" $3 "/" $4 "/") != 1')"
# Routes take the shorter way round, ties upwards; l-A-B_UP carries A -> B. The root sends each
# call one message of m + 16 bytes to each of ranks 1, 2, 3: 0 -> 1 over l-0-1_UP, 0 -> 2 over
# l-0-1_UP then l-1-2_UP, 0 -> 3 over l-0-3_UP. The runner's own ready and barrier messages
# (16 B each) are traced too and must stay under 1% here.
for m in 1000 1048576; do
    for spec in l-0-1_UP:2 l-1-2_UP:1 l-0-3_UP:1; do
        link=${spec%:*} per_call=${spec#*:}
        want=$(awk -v n=$per_call -v c=$calls -v m=$m 'BEGIN { print n * c * (m + 16) }')
        got=$(printf '%s\n' "$loads" | awk -F, -v l="$link" -v m=$m '$2 == "linear" && $3 == m && $6 == l { print $7 }')
        assert_near "linear $m B: bytes on $link" "$want" "$got" 0.01
    done
done
# 1 MiB is sent by rendezvous, one message at a time from the root: each link is busy
# (m + 16) / bw per message it carries, at its whole bandwidth
want=$(awk -v c=$calls -v bw=$bw 'BEGIN { print 2 * c * (1048576 + 16) / bw }')
got=$(printf '%s\n' "$loads" | awk -F, '$2 == "linear" && $3 == 1048576 && $6 == "l-0-1_UP" { print $8 }')
assert_near "linear 1 MiB: busy time of l-0-1_UP" "$want" "$got" 0.01
got=$(printf '%s\n' "$loads" | awk -F, '$2 == "linear" && $3 == 1048576 && $6 == "l-0-1_UP" { print $9 }')
assert_near "linear 1 MiB: peak use of l-0-1_UP (%)" 100 "$got" 0.001
grep -q '^  bcast/linear/1048576/0/1/2: l-0-1_UP ' "$tmp/report" && pass ||
    fail "report: busiest link of the 1 MiB phase: $(grep -A2 '^# link loads' "$tmp/report")"
grep -q '"link_loads": \[' "$tmp/l.json" && grep -q '{"link": "l-0-3_UP", "bytes": ' "$tmp/l.json" && pass ||
    fail "JSON link_loads: $(grep -o '"link_loads".\{0,100\}' "$tmp/l.json")"
# without --trace-links there is no link report
"$collsim" run --platform "$x" --algo linear --sizes 1000 --iters 1 --quiet --trace "$tmp/n.trace" || fail "run"
"$collsim" analyze "$tmp/n.trace" --platform "$x" --csv "$tmp/n" >"$tmp/n.report" || fail "analyze"
assert_eq "link report without --trace-links" 0 "$(grep -c '^# link loads' "$tmp/n.report")"
assert_eq "links CSV without --trace-links: its header only" 1 "$(wc -l <"$tmp/n.links.csv")"
assert_one_line_error "--trace-links without a trace" "$collsim" run --platform "$x" --algo linear \
    --sizes 16 --trace-links
finish
