#!/usr/bin/env bash
# calibrate_physical.sh COLLSIM SRCDIR: a calibration that stays physical (docs/machines.md,
# "Calibrating a profile"). The base is one socket of 2 cores with a memory: the route of class
# socket is [core, memory, socket, core], L = 0.1 + 0 + 0.1 + 0.1 = 0.3 us, B = 10 GB/s (the
# core links), eager threshold 64 KiB, two copies below it and one from it. Synthetic
# osu_latency times from known costs, each copy reading and writing every byte (4 bytes of
# traffic a byte below the threshold, 2 above):
#   eager m < 64 KiB:  t = 2 (o + p m) + L + 4 (m + 16) / B,     o = 0.4 us, p = 0.05 ns/B
#   rendezvous:        t = 3 L + 2 (m + 16) / (0.8 B)            (latency factor 3, bandwidth 0.8)
# calibrate must give back o, p and the factors (0.8: the efficiency, the copies apart), and a
# run of two ranks on the profile's platform the generating times (1%). Then: a fit whose
# factors leave 0.1-10 is refused with the reason and no file; no piece of one size; a base
# slower than the data keeps overheads (LogP's split) and says so; the gap is the send
# overhead where the base gives none.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/base.machine" <<'EOF2'
[machine]
name = phys  # made up for this test
[node]
levels = socket:2
core.latency = 0.1us
core.bandwidth = 10GBps
memory.bandwidth = 50GBps
socket.latency = 0.1us
socket.bandwidth = 100GBps
[mpi]
eager-threshold = 65536
copies = 0:2; 65535:1
EOF2
# osu FILE LAT_FACTOR: the generating times with the rendezvous latency factor given
osu() {
    {
        echo "# OSU MPI Latency Test v7.3"
        echo "# Size          Latency (us)"
        for ((m = 1; m <= 4194304; m *= 2)); do
            awk -v m=$m -v f="$2" 'BEGIN {
                if (m < 65536) t = 2 * (0.4e-6 + 0.05e-9 * m) + 0.3e-6 + 4 * (m + 16) / 1e10
                else t = f * 0.3e-6 + 2 * (m + 16) / 8e9
                printf "%-10d %18.2f\n", m, t * 1e6 }'
        done
    } >"$1"
}
osu "$tmp/osu.txt" 3
out=$("$collsim" calibrate --from-osu "$tmp/osu.txt" --machine "$tmp/base.machine" \
    --class socket -o "$tmp/p.machine" 2>"$tmp/err")
assert_eq "calibrate -o status" 0 $?
piece() { # KEY INDEX FIELD of the profile written
    sed -n "s/^$1 = \([^#]*\).*/\1/p" "$tmp/p.machine" | tr ';' '\n' | sed -n "$2p" |
        awk -F: -v f="$3" '{ v = $f; gsub(/^ *| *$/, "", v); print v }'
}
assert_near "send overhead (us)" 0.4 "$(piece send-overhead.socket 1 2 | sed 's/us$//')" 0.025
assert_near "send overhead per byte (ns)" 0.05 "$(piece send-overhead.socket 1 3 | sed 's/ns$//')" 0.02
assert_eq "eager bandwidth factor: the copies' traffic is the wire" 1 \
    "$(piece bandwidth-factor.socket 1 2)"
assert_near "rendezvous latency factor" 3 "$(piece latency-factor.socket 2 2)" 0.01
assert_near "rendezvous bandwidth factor (over one copy's traffic)" 0.8 \
    "$(piece bandwidth-factor.socket 2 2)" 0.01
assert_eq "the gap: the send overhead up to the threshold" "$(piece send-overhead.socket 1 2)" \
    "$(piece gap.socket 1 2)"
assert_eq "the gap of a rendezvous Isend starts below the threshold" 65535 "$(piece gap.socket 2 1)"
"$collsim" platform --machine "$tmp/p.machine" --nodes 1 -o "$tmp/p.xml" >/dev/null ||
    fail "no platform of the profile"
for m in 1 4096 32768 65536 1048576; do
    want=$(awk -v m=$m '$1 == m { print $2 }' "$tmp/osu.txt")
    "$collsim" run --platform "$tmp/p.xml" --np 2 --collective bcast --algo linear --sizes $m \
        --quiet --csv "$tmp/t.csv" --machine "$tmp/p.machine" >/dev/null 2>"$tmp/err" ||
        fail "run at $m B: $(cat "$tmp/err")"
    got=$(awk -v t="$(csv_col "$tmp/t.csv" avg_s | head -1)" 'BEGIN { printf "%.6f", t * 1e6 }')
    assert_near "run with the profile, $m B" "$want" "$got" 0.01
done

# the protocol switch found in the data: without the base's eager threshold, the time per
# byte falls between 32 and 64 KiB (the rendezvous line is below the eager one there), so the
# threshold is 64 KiB, with its source
grep -v '^eager-threshold' "$tmp/base.machine" >"$tmp/noeager.machine"
out=$("$collsim" calibrate --from-osu "$tmp/osu.txt" --machine "$tmp/noeager.machine" \
    --class socket -o "$tmp/ne.machine" 2>"$tmp/err")
printf '%s\n' "$out" | grep -q "^note: class socket: the time per byte falls between 32768 and 65536 B, a protocol switch: eager threshold 65536 B" &&
    grep -q '^eager-threshold = 65536  # calibrate: the time per byte falls between 32768 and 65536 B' \
        "$tmp/ne.machine" && pass || fail "the switch: $out $(cat "$tmp/err")"
# and a base whose threshold is elsewhere is told so
sed 's/^eager-threshold = 65536/eager-threshold = 8192/; s/^copies = .*/copies = 0:2; 8191:1/' \
    "$tmp/base.machine" >"$tmp/early.machine"
"$collsim" calibrate --from-osu "$tmp/osu.txt" --machine "$tmp/early.machine" --class socket \
    -o "$tmp/early.out.machine" 2>/dev/null |
    grep -q "^note: class socket: the time per byte falls between 32768 and 65536 B, a protocol switch, but the base's eager threshold is 8192 B" &&
    pass || fail "no note on the base's threshold"
# a latency factor of 50 is refused: held to 10 the line misses by far; no file is left
osu "$tmp/far.txt" 50
err=$("$collsim" calibrate --from-osu "$tmp/far.txt" --machine "$tmp/base.machine" \
    --class socket -o "$tmp/far.machine" 2>&1 >/dev/null)
assert_eq "refused: one error line" 1 "$(printf '%s\n' "$err" | grep -c '^collsim: error: class socket, 65536-4194304 B (rendezvous): the fit needs a latency factor of 50')"
[ ! -e "$tmp/far.machine" ] && [ -z "$(find "$tmp" -name '*.part')" ] && pass ||
    fail "a refused fit left a file"

# no piece of one size: an outlier at 2 KiB shares a piece with a neighbour
awk '$1 == 2048 { $2 = $2 * 1.2 } { print }' "$tmp/osu.txt" >"$tmp/outlier.txt"
"$collsim" calibrate --from-osu "$tmp/outlier.txt" --machine "$tmp/base.machine" \
    --class socket -o "$tmp/o.machine" >/dev/null 2>"$tmp/err" || fail "outlier: $(cat "$tmp/err")"
ranges=$(sed -n 's/^latency-factor.socket = .*fit (tolerance [0-9.]*%): //p' "$tmp/o.machine")
[ -n "$ranges" ] && ! printf '%s\n' "$ranges" | grep -Eq '(^|, )([0-9]+)-\2 B' && pass ||
    fail "a piece of one size: $ranges"

# a base whose wire is slower than the data: overheads stay, LogP's split, and a note says so
sed 's/^core.latency = 0.1us/core.latency = 1us/' "$tmp/base.machine" >"$tmp/slow.machine"
out=$("$collsim" calibrate --from-osu "$tmp/osu.txt" --machine "$tmp/slow.machine" \
    --class socket -o "$tmp/s.machine" 2>"$tmp/err")
printf '%s\n' "$out" | grep -q "^note: class socket, 1-.*the base's wires are slower than the data" &&
    pass || fail "no note on the slow wire: $out"
o=$(sed -n 's/^send-overhead.socket = 0:\([0-9.e+-]*\)us.*/\1/p' "$tmp/s.machine")
awk -v o="$o" 'BEGIN { exit !(o > 0.2) }' && pass || fail "the overhead is '$o' us, not a quarter of the intercept"
# an eager range through the origin on that slow base: no negative overhead is written
{
    echo "# Size          Latency (us)"
    for m in 16384 32768 65536 131072; do
        awk -v m=$m 'BEGIN { printf "%-10d %18.2f\n", m, m * 0.6e-3 }'
    done
} >"$tmp/origin.txt"
"$collsim" calibrate --from-osu "$tmp/origin.txt" --machine "$tmp/slow.machine" --class socket \
    -o "$tmp/origin.machine" >/dev/null 2>"$tmp/err" && pass || fail "through the origin: $(cat "$tmp/err")"
sed -n 's/^send-overhead.socket = \([^#]*\).*/\1/p' "$tmp/origin.machine" | grep -q -- ':-' &&
    fail "a negative overhead was written" || pass
finish
