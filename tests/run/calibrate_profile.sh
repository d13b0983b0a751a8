#!/usr/bin/env bash
# calibrate_profile.sh COLLSIM SRCDIR: `collsim calibrate -o PROFILE` (docs/machines.md,
# "Calibrating a profile"). A synthetic osu_latency file is made from known costs on the base
# profile's crossbar (route L = 2 x 0.5 us, B = 10 GB/s, eager threshold 64 KiB):
#   eager m < 64 KiB:  t = 2 (o + p m) + L + (m + 16) / B,  o = 0.4 us, p = 0.05 ns/B per side
#   rendezvous:        t = 3 L + (m + 16) / (0.8 B)         (latency factor 3, bandwidth 0.8)
# printed with OSU's two decimals (us). calibrate must give back o, p and the factors: each
# time is off by at most 0.005 us of rounding, so the fitted intercept (o is half of it) is off
# by about that: o within 0.01 us (2.5%); the slopes span 32 KiB and 4 MiB, so p (0.05 ns/B)
# moves by ~0.01 us / 32 KiB = 0.0003 ns/B: within 2%; the factors within 1%. Then the
# profile in a run of two ranks on that crossbar gives the generating times (1%), Tallone's
# inter-node osu_latency is reproduced by a run within 10%, -o onto an input is refused (by
# inode: a symbolic and a hard link too), a bad input leaves no file, and without -o the
# output is what it was.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/base.machine" <<'EOF'
[machine]
name = synth  # made up for this test
[node]
nic.latency = 0.5us
nic.bandwidth = 10GBps
[network]
platform = crossbar
[mpi]
eager-threshold = 65536
EOF
# t_us M: the generating one-way time of M bytes, microseconds
t_us() {
    awk -v m="$1" 'BEGIN { if (m < 65536) t = 2 * (0.4e-6 + 0.05e-9 * m) + 1e-6 + (m + 16) / 1e10
                           else t = 3 * 1e-6 + (m + 16) / 8e9
                           printf "%.6f", t * 1e6 }'
}
{
    echo "# OSU MPI Latency Test v7.3"
    echo "# Size          Latency (us)"
    for ((m = 1; m <= 4194304; m *= 2)); do printf '%-10d %18.2f\n' $m "$(t_us $m)"; done
} >"$tmp/osu.txt"

out=$("$collsim" calibrate --from-osu "$tmp/osu.txt" --machine "$tmp/base.machine" \
    -o "$tmp/p.machine" 2>"$tmp/err")
assert_eq "calibrate -o status" 0 $?
# piece KEY INDEX FIELD: field 2 (offset) or 3 (per byte) of piece INDEX (1-based) of KEY
piece() {
    sed -n "s/^$1 = \([^#]*\).*/\1/p" "$tmp/p.machine" | tr ';' '\n' | sed -n "$2p" |
        awk -F: -v f="$3" '{ v = $f; gsub(/^ *| *$/, "", v); print v }'
}
for side in send-overhead recv-overhead; do
    assert_near "$side offset (us)" 0.4 "$(piece "$side.network" 1 2 | sed 's/us$//')" 0.025
    assert_near "$side per byte (ns)" 0.05 "$(piece "$side.network" 1 3 | sed 's/ns$//')" 0.02
done
assert_eq "one eager piece" "" "$(piece send-overhead.network 2 1)"
assert_eq "latency factor: 1 below the threshold" 1 "$(piece latency-factor.network 1 2)"
assert_eq "the rendezvous piece starts below 64 KiB" 65535 "$(piece latency-factor.network 2 1)"
assert_near "rendezvous latency factor" 3 "$(piece latency-factor.network 2 2)" 0.01
assert_near "rendezvous bandwidth factor" 0.8 "$(piece bandwidth-factor.network 2 2)" 0.01
grep -q '^nic.latency = 0.5us' "$tmp/p.machine" && grep -q '^platform = crossbar' "$tmp/p.machine" &&
    pass || fail "the base's NICs and network are not kept"
grep -q "^send-overhead.network = .*# calibrate: .*osu.txt.*1-32768 B" "$tmp/p.machine" && pass ||
    fail "the overhead's source comment does not name the file and the fit's range"
# the validation: a row per size, then the largest error (the rounding's, far below 1%)
assert_eq "validation rows" 23 "$(printf '%s\n' "$out" | sed -n '/^# validation/,$p' | grep -c '^[0-9]')"
worst=$(printf '%s\n' "$out" | sed -n 's/^validation: class network, 23 sizes, error max \([0-9.]*\)%.*/\1/p')
awk -v w="$worst" 'BEGIN { exit !(w != "" && w < 1) }' && pass ||
    fail "validation: max error '$worst' should be below 1%"

# end to end: two ranks on the base's crossbar, a broadcast of 2 is one message
"$collsim" platform crossbar --nodes 2 --latency 0.5us --bandwidth 10GBps -o "$tmp/xb.xml" ||
    { fail "cannot generate the crossbar"; finish; exit 1; }
# run_us PROFILE BYTES: the simulated time of a 2-rank linear broadcast, microseconds
run_us() {
    "$collsim" run --platform "$2" --np 2 --collective bcast --algo linear --sizes "$3" --quiet \
        --csv "$tmp/t.csv" --machine "$1" >/dev/null 2>"$tmp/err" ||
        { echo "run-failed: $(cat "$tmp/err")"; return; }
    awk -v t="$(csv_col "$tmp/t.csv" avg_s | head -1)" 'BEGIN { printf "%.6f", t * 1e6 }'
}
for m in 1 4096 32768 65536 1048576; do
    assert_near "run with the profile, $m B" "$(t_us $m)" "$(run_us "$tmp/p.machine" "$tmp/xb.xml" $m)" 0.01
done

# Tallone's inter-node channel without a base: the NICs come from the fit, and a run on their
# crossbar reproduces the measured medians (data/orfeo-epyc-tallone/osu_latency_node.txt)
# within the 10% the calibration aims at
node=$src/data/orfeo-epyc-tallone/osu_latency_node.txt
# (the platform calibrate prints for the profile: its suggestion reproduces the measurement)
"$collsim" calibrate --from-osu "$node" -o "$tmp/t.machine" >"$tmp/t.out" 2>"$tmp/err" ||
    fail "calibrate on Tallone's node channel: $(cat "$tmp/err")"
suggested=$(grep '^A platform for runs with this profile' "$tmp/t.out")
lat=$(printf '%s\n' "$suggested" | sed -n 's/.* --latency \([0-9.e+-]*us\) .*/\1/p')
bw=$(printf '%s\n' "$suggested" | sed -n 's/.* --bandwidth \([0-9.e+-]*GBps\) .*/\1/p')
grep -q "^nic.latency = $lat" "$tmp/t.machine" && pass ||
    fail "the suggested latency '$lat' is not the profile's NIC's"
"$collsim" platform crossbar --nodes 2 --latency "$lat" --bandwidth "$bw" -o "$tmp/txb.xml" ||
    fail "cannot generate the crossbar of '$lat' and '$bw'"
for m in 1 1024 65536 1048576 4194304; do
    want=$(awk -v m=$m '$1 == m { print $2 }' "$node")
    assert_near "Tallone node channel, $m B" "$want" "$(run_us "$tmp/t.machine" "$tmp/txb.xml" $m)" 0.1
done

# -o onto an input: refused before any work, by inode, the input untouched
cp "$tmp/osu.txt" "$tmp/keep.txt"
ln -s "$tmp/osu.txt" "$tmp/sym.txt"
ln "$tmp/osu.txt" "$tmp/hard.txt"
for o in "$tmp/osu.txt" "$tmp/sym.txt" "$tmp/hard.txt" "$tmp/./osu.txt"; do
    assert_one_line_error "-o $(basename "$o") onto the OSU input" "$collsim" calibrate \
        --from-osu "$tmp/osu.txt" -o "$o"
done
"$collsim" calibrate --from-osu "$tmp/osu.txt" -o "$tmp/hard.txt" 2>&1 >/dev/null |
    grep -q "is the input" && pass || fail "-o onto a hard link: the error does not say why"
cp "$tmp/base.machine" "$tmp/base.keep"
ln "$tmp/base.machine" "$tmp/base.hard"
assert_status "-o onto the base's hard link" 2 "$collsim" calibrate --from-osu "$tmp/osu.txt" \
    --machine "$tmp/base.machine" -o "$tmp/base.hard"
cmp -s "$tmp/osu.txt" "$tmp/keep.txt" && cmp -s "$tmp/base.machine" "$tmp/base.keep" && pass ||
    fail "an input was changed"

# a bad input leaves nothing: no profile, no part file; an existing profile is kept
printf '# Size Latency (us)\n1 1.5\n2 what\n' >"$tmp/bad.txt"
assert_one_line_error "malformed OSU file" "$collsim" calibrate --from-osu "$tmp/bad.txt" \
    -o "$tmp/new.machine"
printf '# Size Bandwidth (MB/s)\n1 1.5\n2 3\n' >"$tmp/bw.txt"
assert_one_line_error "no one-way time" "$collsim" calibrate --from-osu "$tmp/bw.txt" \
    -o "$tmp/new.machine"
assert_one_line_error "unknown class" "$collsim" calibrate --from-osu "$tmp/osu.txt" \
    --class socket -o "$tmp/new.machine"
printf '[machine]\nname = x\n[mpi]\ngap = slow\n' >"$tmp/badbase.machine"
assert_one_line_error "bad base profile" "$collsim" calibrate --from-osu "$tmp/osu.txt" \
    --machine "$tmp/badbase.machine" -o "$tmp/new.machine"
assert_one_line_error "--class without -o" "$collsim" calibrate --from-osu "$tmp/osu.txt" \
    --class self
[ ! -e "$tmp/new.machine" ] && [ -z "$(find "$tmp" -name '*.part')" ] && pass ||
    fail "a bad input left a file"
cp "$tmp/p.machine" "$tmp/p.keep"
"$collsim" calibrate --from-osu "$tmp/bad.txt" -o "$tmp/p.machine" >/dev/null 2>&1
cmp -s "$tmp/p.machine" "$tmp/p.keep" && pass || fail "a failed calibrate changed the old profile"

# without -o, the output is as before: the -o output starts with it
plain=$("$collsim" calibrate --from-osu "$tmp/osu.txt")
case $out in "$plain"$'\n'*) pass ;; *) fail "-o changed calibrate's report" ;; esac
# a path with a carriage return or a newline would break the profile's source line: refused
cr=$tmp/$'osu\r.txt'
cp "$tmp/osu.txt" "$cr"
assert_one_line_error "--from-osu with a carriage return" "$collsim" calibrate --from-osu "$cr" \
    -o "$tmp/cr.machine"
[ ! -e "$tmp/cr.machine" ] && pass || fail "a path with a carriage return made a profile"
finish
