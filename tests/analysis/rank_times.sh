#!/usr/bin/env bash
# rank_times.sh RECORDS SRCDIR COLLSIM: `collsim analyze` gives every rank's entry and exit
# time per call, against times worked out by hand on a 6-host crossbar (own uplink and
# downlink per host, 5 us and 1 GB/s per link, so a lone message of m bytes costs
# T = 2 * 5 us + (m + 16) / 1e9 s).
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
p=6 lat=5e-6 bw=1e9
x=$tmp/x6.xml
"$collsim" platform crossbar --nodes $p --latency 5us --bandwidth 1GBps -o "$x" >/dev/null || fail "platform"

# 1. binomial, 1 MiB (rendezvous: a send returns when its transfer ends), root 2. Shifted
# rank s = (r - 2) mod 6 receives in round floor(log2 s) + 1, then sends one message per later
# round while s + 2^j < 6, round j + 1 ending at (j + 1) T; it exits after its last round.
# Between calls the root (last out, at 3T) receives the 5 ready messages of 0 + 16 bytes one
# after the other (eager data moves at the match): D = 3T + 5 (2 lat + 16 / bw). A non-root
# sends its ready message as it exits, so in the next call it enters at exit - D.
"$collsim" run --platform "$x" --algo binomial --sizes 1M --root 2 --iters 2 --warmup 1 --quiet \
    --trace "$tmp/b.trace" || fail "binomial run"
"$collsim" analyze "$tmp/b.trace" --platform "$x" --csv "$tmp/b" --json "$tmp/b.json" \
    --messages "$tmp/b.msgs" >"$tmp/b.report" || fail "analyze: $(tail -1 "$tmp/b.report")"
awk -v p=$p -v root=2 -v m=1048576 -v lat=$lat -v bw=$bw 'BEGIN {
    T = 2 * lat + (m + 16) / bw
    rounds = 0; for (w = 1; w < p; w *= 2) rounds++
    for (r = 0; r < p; r++) {
        s = (r - root + p) % p
        last = 0; h = 1 # rounds done; h: the next mask
        if (s > 0) { while (h * 2 <= s) h *= 2; for (w = 1; w <= h; w *= 2) last++; h *= 2 }
        for (; s + h < p; h *= 2) last++
        out = last * T; ent = 0
        printf "%d %.9g %.9g %.9g\n", r, ent, out, out - ent
    }
}' >"$tmp/want"
ranks=$(tail -n +2 "$tmp/b.ranks.csv")
assert_eq "rank rows (3 calls x 6 ranks)" 18 "$(printf '%s\n' "$ranks" | grep -c '^binomial,1048576,6,2,')"
while IFS=, read -r _ _ _ _ call timed rank in out incall _; do
    [ "$timed" = 1 ] || continue
    read -r _ win wout wcall < <(awk -v r="$rank" '$1 == r' "$tmp/want")
    assert_near "call $call rank $rank entry" "$win" "$in" 1e-5
    assert_near "call $call rank $rank exit" "$wout" "$out" 1e-5
    assert_near "call $call rank $rank time in the call" "$wcall" "$incall" 1e-5
done <<<"$ranks"
# the last exit of a call is the call's time: the mean over timed calls is the simulated time
sim=$(csv_col "$tmp/b.models.csv" simulated_s | head -1)
last=$(printf '%s\n' "$ranks" | awk -F, '$6 == 1 { if ($9 > mx[$5]) mx[$5] = $9 }
    END { for (c in mx) { s += mx[c]; n++ } print s / n }')
assert_near "last exit vs simulated time" "$sim" "$last" 1e-5
grep -q 'ranks in the last call, us after its start (every rank enters at 0): exits 2117.184 to 3175.776' \
    "$tmp/b.report" && pass || fail "report line: $(grep 'ranks in the last' "$tmp/b.report")"
grep -q '"rank_times": \[{"call": 0, "timed": false, "entry_us": \[[-0-9.,]*\], "exit_us": \[' \
    "$tmp/b.json" && pass || fail "JSON rank_times: $(grep -o '"rank_times".\{0,120\}' "$tmp/b.json")"
assert_eq "JSON exits of the last call" "[3175.776,3175.776,3175.776,3175.776,2117.184,2117.184]" \
    "$(grep -o '"call": 2, [^}]*' "$tmp/b.json" | grep -o '"exit_us": \[[^]]*\]' | cut -d' ' -f2)"

# Traffic per rank: shifted rank s sends one message per round j with s < 2^j and
# s + 2^j < 6 (to s + 2^j), and every non-root rank receives one message of m bytes.
while IFS=, read -r _ _ _ _ call timed rank _ _ _ smsg sbytes rmsg rbytes; do
    [ "$timed" = 1 ] || continue
    s=$(( (rank - 2 + p) % p )) sends=0
    for h in 1 2 4 8; do [ $s -lt $h ] && [ $((s + h)) -lt $p ] && sends=$((sends + 1)); done
    assert_eq "call $call rank $rank messages sent" $sends "$smsg"
    assert_eq "call $call rank $rank bytes sent" $((sends * 1048576)) "$sbytes"
    assert_eq "call $call rank $rank messages received" $([ "$rank" = 2 ] && echo 0 || echo 1) "$rmsg"
    assert_eq "call $call rank $rank bytes received" $([ "$rank" = 2 ] && echo 0 || echo 1048576) "$rbytes"
done <<<"$ranks"
# --messages: every message of every call, 5 per call, the one from shifted s to s + 2^j in
# round j + 1: it starts at j T and ends at (j + 1) T, over 2 links (up and down), alone (k 1)
assert_eq "message rows (3 calls x 5)" 15 "$(tail -n +2 "$tmp/b.msgs" | grep -c '^binomial,1048576,6,2,')"
while IFS=, read -r _ _ _ _ call timed src dst size start end hops k; do
    read -r t0 t1 < <(awk -v s="$src" -v d="$dst" -v p=$p -v m=1048576 -v lat=$lat -v bw=$bw 'BEGIN {
        T = 2 * lat + (m + 16) / bw; gap = (d - s + p) % p; j = 0; while (2 ^ (j + 1) <= gap) j++
        printf "%.9g %.9g\n", j * T, (j + 1) * T }')
    assert_near "call $call message $src -> $dst start" "$t0" "$start" 1e-5
    assert_near "call $call message $src -> $dst end" "$t1" "$end" 1e-5
    assert_eq "call $call message $src -> $dst size, hops, k" "1048576 2 1" "$size $hops $k"
done < <(tail -n +2 "$tmp/b.msgs" | awk -F, '$6 == 1')
assert_eq "JSON bytes received in the last call" "[1048576,1048576,0,1048576,1048576,1048576]" \
    "$(grep -o '"call": 2, [^}]*' "$tmp/b.json" | grep -o '"received_bytes": \[[^]]*\]' | cut -d' ' -f2)"

# 2. linear, 1000 B (eager: the root's sends return at once and its 5 messages share its
# uplink, so all arrive at 2 lat + 5 (m + 16) / bw): the root exits at 0, every other rank then
"$collsim" run --platform "$x" --algo linear --sizes 1000 --iters 1 --quiet --trace "$tmp/l.trace" ||
    fail "linear run"
"$collsim" analyze "$tmp/l.trace" --platform "$x" --csv "$tmp/l" >/dev/null || fail "analyze linear"
want=$(awk -v p=$p -v lat=$lat -v bw=$bw 'BEGIN { print 2 * lat + (p - 1) * 1016 / bw }')
while IFS=, read -r _ _ _ _ call _ rank _ out _; do
    if [ "$rank" = 0 ]; then assert_eq "linear call $call: root exit" 0 "$out"
    else assert_near "linear call $call rank $rank exit" "$want" "$out" 1e-5; fi
done < <(tail -n +2 "$tmp/l.ranks.csv")
assert_one_line_error "--messages into a missing directory" "$collsim" analyze "$tmp/l.trace" --platform "$x" \
    --csv "$tmp/e" --messages "$tmp/no/such/dir.csv"
assert_eq "no CSV left behind" "" "$(ls "$tmp" | grep '^e\.')"
finish
