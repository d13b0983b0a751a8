#!/usr/bin/env bash
# machine.sh COLLSIM SRCDIR: a machine profile's costs in a run (docs/machines.md), against
# LogGP values worked out by hand on a crossbar: a route is [uplink, downlink] of latency L
# and bandwidth B each, so a 16-byte eager message costs o_s + 2 L + 32/B + o_r (SMPI's
# 16-byte envelope). With o_s = 1 us, o_r = 2 us, g = 3 us, L = 1 us, B = 10 GB/s:
# - linear bcast, p = 8: the root's blocking sends leave o_s apart, the last at 7 o_s, which
#   arrives 2 L + 32/B later and returns o_r after: 7 + 2.0032 + 2 = 11.0032 us;
# - binomial reduce, p = 8: 3 rounds of o_s + 2 L + 32/B + o_r + 16/R (the combine, R = 8e9
#   bytes/s): 3 x 5.0052 = 15.0156 us;
# - linear scatter, p = 8: the root's MPI_Isends leave g apart, the last at 7 g = 21 us:
#   21 + 2.0032 + 2 = 25.0032 us;
# - a rendezvous message (1 MiB) pays no overhead: binomial bcast on 8 = 3 (2 L + (m+16)/B).
# Then the analysis with the profile: LogGP within 1% of each simulated time, Hockney off by
# the overheads; classes from the platform (every host a node: self and network); factors;
# without a profile every time is as before; bad profiles are one-line errors.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$collsim" platform crossbar --nodes 16 --latency 1us --bandwidth 10GBps -o "$tmp/xb.xml" ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
cat >"$tmp/t.machine" <<'EOF'
[machine]
name = test  # made up for this test
[mpi]
send-overhead = 0:1us
recv-overhead = 0:2us
gap = 0:3us
EOF
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }

# time COLLECTIVE ALGO BYTES [ARGS...]: the simulated time (s) of one call on 8 ranks
time_of() {
    local coll=$1 algo=$2 bytes=$3
    shift 3
    "$collsim" run --platform "$tmp/xb.xml" --np 8 --collective "$coll" --algo "$algo" \
        --sizes "$bytes" --quiet --csv "$tmp/t.csv" "$@" >/dev/null 2>"$tmp/err" ||
        { echo "run-failed: $(cat "$tmp/err")"; return; }
    csv_col "$tmp/t.csv" avg_s | head -1
}
M="--machine $tmp/t.machine"
assert_near "linear bcast 16 B" 11.0032e-6 "$(time_of bcast linear 16 $M)" 1e-6
assert_near "binomial reduce 16 B" "$(calc "3 * (1e-6 + 2e-6 + 32 / 1e10 + 2e-6 + 16 / 8e9)")" \
    "$(time_of reduce binomial 16 $M)" 1e-6
assert_near "linear scatter 16 B (MPI_Isend: the gap)" 25.0032e-6 \
    "$(time_of scatter linear 16 $M)" 1e-6
m=1048576
assert_near "binomial bcast 1 MiB (rendezvous: no overhead)" \
    "$(calc "3 * (2e-6 + ($m + 16) / 1e10)")" "$(time_of bcast binomial $m $M)" 1e-6
# predict with the profile: its LogGP formulas give the same hand-worked times (to 1%)
predicted() { # COLLECTIVE ALGO: predict's loggp time (s) of 16 B on 8 ranks
    "$collsim" predict --platform "$tmp/xb.xml" --np 8 --sizes 16 --collective "$1" \
        --algo "$2" --machine "$tmp/t.machine" --csv "$tmp/p.csv" >/dev/null 2>&1
    csv_where "$tmp/p.csv" model loggp predicted_s
}
assert_near "predict: linear bcast 16 B" 11.0032e-6 "$(predicted bcast linear)" 0.01
assert_near "predict: binomial reduce 16 B" \
    "$(calc "3 * (1e-6 + 2e-6 + 32 / 1e10 + 2e-6 + 16 / 8e9)")" "$(predicted reduce binomial)" 0.01
assert_near "predict: linear scatter 16 B" 25.0032e-6 "$(predicted scatter linear)" 0.01
# without the profile: the clean network's times (2 L + 32/B for the last of 7 detached sends
# that share the root's uplink: 2 us + 7 x 32 B / 10 GB/s)
assert_near "linear bcast 16 B, no profile" "$(calc "2e-6 + 7 * 32 / 1e10")" \
    "$(time_of bcast linear 16)" 1e-6

# a study with the profile: its cells charge it (the hand-worked 11.0032 us), the profile is
# part of a cell's id (the same study without it runs again and gives the clean time)
study_linear() { # ARGS...: the linear bcast's time in the study's summary
    "$collsim" study --platform "$tmp/xb.xml" --np 8 --collectives bcast --algo linear \
        --no-compare --no-trace --sizes 16 --out "$tmp/st" -j 1 "$@" >/dev/null 2>&1
    csv_where "$tmp/st/summary.csv" algorithm linear avg_s
}
assert_near "study --machine: linear bcast 16 B" 11.0032e-6 "$(study_linear $M)" 1e-6
grep -qx "machine = platforms/machine.machine" "$tmp/st/study.spec" && pass ||
    fail "study.spec does not name the profile"
assert_near "the same study without it" "$(calc "2e-6 + 7 * 32 / 1e10")" "$(study_linear)" 1e-6

# the analysis with the profile: LogGP within 1% of the simulated time, Hockney below it by
# at least the overheads it lacks
"$collsim" run --platform "$tmp/xb.xml" --np 8 --algo linear --sizes 16 --time-limit 0 \
    --quiet $M --analyze >"$tmp/an.txt" 2>&1
sim=$(sed -n 's/^  simulated \([0-9.]*\) us.*/\1/p' "$tmp/an.txt")
loggp=$(awk '$1 == "loggp" { print $2 }' "$tmp/an.txt")
hockney=$(awk '$1 == "hockney" { print $2 }' "$tmp/an.txt")
assert_near "analysis: simulated" 11.0032 "$sim" 1e-3
assert_near "analysis: loggp with the profile" "$sim" "$loggp" 0.01
awk -v h="$hockney" -v s="$sim" 'BEGIN { exit !(h < s - 7) }' && pass ||
    fail "analysis: hockney $hockney should lack the 7 us of overheads of $sim"
grep -q "machine profile 'test'" "$tmp/an.txt" && pass || fail "the analysis does not name the profile"

# classes: two ranks on one host (self) pay the self overhead only
cat >"$tmp/c.machine" <<'EOF'
[machine]
name = classes
[mpi]
send-overhead = 0:5us
send-overhead.self = 0:1us
EOF
# 2 ranks on one host: o_s(self) = 1 us + the route to itself (no link: SimGrid's loopback,
# 0 s and 10 GB/s here: the generated crossbar has a loopback link per host of L, B)
self=$(time_of bcast linear 16 --machine "$tmp/c.machine" --ranks-per-host 2 --np 2)
plain=$(time_of bcast linear 16 --ranks-per-host 2 --np 2)
assert_near "self class: 1 us more than without" "$(calc "$plain + 1e-6")" "$self" 1e-6
net=$(time_of bcast linear 16 --machine "$tmp/c.machine" --np 2)
plain=$(time_of bcast linear 16 --np 2)
assert_near "network class: 5 us more than without" "$(calc "$plain + 5e-6")" "$net" 1e-6

# factors: latency x 3 and bandwidth x 0.5 above 1000 bytes
cat >"$tmp/f.machine" <<'EOF'
[machine]
name = factors
[mpi]
latency-factor = 0:1; 1000:3
bandwidth-factor = 0:1; 1000:0.5
EOF
m=100000
assert_near "factors above 1000 B: 3 x 2 us + (m+16) / 5 GB/s" "$(calc "6e-6 + ($m + 16) / 5e9")" \
    "$(time_of bcast linear $m --np 2 --machine "$tmp/f.machine")" 1e-6
assert_near "factors below 1000 B: none" "$(calc "2e-6 + 32 / 1e10")" \
    "$(time_of bcast linear 16 --np 2 --machine "$tmp/f.machine")" 1e-6

# bad profiles: one-line errors naming the file and line, exit 1, nothing written
printf '[machine]\nname = x\n[mpi]\nsend-overhead = fast\n' >"$tmp/bad.machine"
assert_one_line_error "bad profile" "$collsim" run --platform "$tmp/xb.xml" --np 2 --sizes 16 \
    --machine "$tmp/bad.machine" --csv "$tmp/out.csv"
"$collsim" run --platform "$tmp/xb.xml" --np 2 --sizes 16 --machine "$tmp/bad.machine" \
    2>&1 >/dev/null | grep -q "bad.machine:4: bad piece 'fast'" && pass ||
    fail "the error does not name the file and line"
[ ! -e "$tmp/out.csv" ] && pass || fail "a CSV was written for a bad profile"
assert_status "missing profile" 1 "$collsim" run --platform "$tmp/xb.xml" --np 2 --sizes 16 \
    --machine "$tmp/none.machine"
# a ready message belongs to its phase by its end: with no eager message (--eager 0, or a
# profile's receive overheads) the barrier's release may reach rank 0 last, and the analysis
# once refused such a trace ("1 ready messages for 1 calls")
"$collsim" run --platform "$src/platforms/ring-16.xml" --np 8 --algo binomial --sizes 16,100000 \
    --eager 0 --quiet --trace "$tmp/e0.trace" >/dev/null 2>&1
"$collsim" analyze "$tmp/e0.trace" --platform "$src/platforms/ring-16.xml" >"$tmp/e0.txt" 2>&1
assert_eq "analyze of an --eager 0 run: phases analyzed" 2 "$(grep -c '^  simulated ' "$tmp/e0.txt")"
assert_one_line_error "study with a bad profile" "$collsim" study --platform "$tmp/xb.xml" \
    --machine "$tmp/bad.machine" --out "$tmp/bad-study"
[ ! -e "$tmp/bad-study" ] && pass || fail "a study folder was made for a bad profile"
assert_one_line_error "predict with a bad profile" "$collsim" predict --platform "$tmp/xb.xml" \
    --machine "$tmp/bad.machine"
# a profile with levels on a platform whose hosts have no collsim.node/core: said once (its
# nodes of cores cannot be found there); a profile without levels (a host a node) says nothing
"$collsim" run --platform "$tmp/xb.xml" --np 2 --sizes 16 --quiet \
    --machine "$src/machines/xl250a.machine" >/dev/null 2>"$tmp/err"
assert_eq "levels on a bare platform: one note" 1 \
    "$(grep -c "^collsim: note: 16 of the platform's 16 hosts have no collsim.node and collsim.core" "$tmp/err")"
"$collsim" run --platform "$tmp/xb.xml" --np 2 --sizes 16 --quiet --machine "$tmp/t.machine" \
    >/dev/null 2>"$tmp/err"
assert_eq "no levels on a bare platform: no note" "" "$(cat "$tmp/err")"
finish
