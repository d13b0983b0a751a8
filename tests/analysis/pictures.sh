#!/usr/bin/env bash
# pictures.sh RECORDS SRCDIR COLLSIM: the space-time diagram of a binomial broadcast on 64
# ranks (ring-64) has a message element per message (63), arrowheads, 6 steps (log2 64
# rounds), the time axis's title, a legend and busy and waiting bars; it is byte-identical
# from run to run; rsvg-convert draws it into a PNG with the arrows in it (SKIP when
# rsvg-convert is missing, with the SVG's checks still run). On 8 ranks of a crossbar at
# 1000 B (eager: the root's three sends start together) every arrow has the step of its round
# in the tree, 3 in all (the PNG has no pixel of step 4's colour), and the title says what the
# call is; a linear root's sends take steps 1 to 7. The model plots name each model once, each
# in a style of its own, in a legend under the panels, under a heading naming the platform
# and the collective.
collsim=$3 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
r=$(plat ring-64)
"$collsim" run --platform "$r" --algo binomial --sizes 65536 --iters 1 --warmup 0 --quiet \
    --trace "$tmp/t.trace" || fail "run on ring-64"
PATH=/nonexistent "$collsim" analyze "$tmp/t.trace" --platform "$r" --svg "$tmp/s.svg" \
    >/dev/null 2>"$tmp/err"
assert_eq "analyze --svg status" 0 $?
s=$tmp/s.svg
assert_eq "message elements" 63 "$(grep -c '^<g class="msg"><title>' "$s")"
assert_eq "lines holding a title (not drawn by some renderers)" 0 "$(grep -c '</line>' "$s")"
assert_eq "arrows with an arrowhead" 63 "$(grep '^<g class="msg">' "$s" | grep -c 'marker-end="url(#arrow')"
grep -q '<marker id="arrow0"' "$s" && pass || fail "no arrowhead marker"
assert_eq "rank rows" 64 "$(grep -c 'class="rank"' "$s")"
grep -q ">time since the call's start (us)</text>" "$s" && pass || fail "no time axis title"
grep -q '<g class="legend">' "$s" && pass || fail "no legend"
grep -q '>busy: ' "$s" && grep -q '>waiting: ' "$s" && pass || fail "legend lacks busy or waiting"
# binomial on 64 ranks: log2 64 = 6 rounds, the first 0 -> 1; every rank but 0 receives one
# message, so it is busy in one bar as receiver, and 63 bars as sender ones: 126 busy bars
assert_eq "steps" "1 2 3 4 5 6" "$(grep -o 'step [0-9]*</title>' "$s" | grep -o '[0-9]*' | sort -nu | paste -sd' ')"
grep -q '<title>0 to 1, 65536 bytes, 0.000 to [0-9.]* us, step 1</title>' "$s" && pass ||
    fail "first message is not 0 -> 1 at 0 in step 1"
assert_eq "busy bars" 126 "$(sed -n '/<g class="busy">/,/<\/g>/p' "$s" | grep -c '<rect')"
[ "$(sed -n '/<g class="waiting">/,/<\/g>/p' "$s" | grep -c '<rect')" -gt 0 ] && pass || fail "no waiting bars"
grep -q '>100</text>' "$s" && pass || fail "no 100 us tick (the call lasts ~476 us on ring-64)"
"$collsim" analyze "$tmp/t.trace" --platform "$r" --svg "$tmp/s2.svg" >/dev/null 2>&1
cmp -s "$s" "$tmp/s2.svg" && pass || fail "the SVG differs between two runs"
# the PNG beside it
if command -v rsvg-convert >/dev/null; then
    [ "$(head -c 4 "$tmp/s2.png" | tail -c 3)" = PNG ] && pass || fail "s2.png is not a PNG"
    # not blank, and the arrows drawn: pixels of step 1's and step 6's colours
    read -r other step1 step6 <<<"$(python3 "$src/tests/analysis/png_pixels.py" "$tmp/s2.png" '#1b9e77' '#e6ab02')"
    [ "${other:-0}" -gt 100000 ] && pass || fail "PNG nearly blank: ${other:-?} non-white pixels"
    [ "${step1:-0}" -gt 10 ] && [ "${step6:-0}" -gt 1000 ] && pass ||
        fail "arrows not drawn in the PNG: ${step1:-?} step-1 and ${step6:-?} step-6 pixels"
    cp "$tmp/s2.png" "$tmp/first.png"
    "$collsim" analyze "$tmp/t.trace" --platform "$r" --svg "$tmp/s2.svg" >/dev/null 2>&1
    cmp -s "$tmp/s2.png" "$tmp/first.png" && pass || fail "the PNG differs between two runs"
else
    echo "SKIP: rsvg-convert not found (apt-get install librsvg2-bin): PNG checks not run"
fi
[ ! -e "$tmp/s.png" ] && pass || fail "a PNG was written without rsvg-convert on the PATH"
grep -q 'rsvg-convert not found' "$tmp/err" && pass || fail "no note without rsvg-convert: $(cat "$tmp/err")"
# eager binomial on 8 ranks: the root's sends leave together, yet they are rounds 1, 2, 3 of
# the tree (mask 1, 2, 4: shifted rank s < mask sends to s + mask in the round of that mask),
# and a rank's sends follow the round it received in: 3 steps, not one per send of the root
x8=$(plat crossbar-64)
"$collsim" run --platform "$x8" --np 8 --algo binomial,linear --sizes 1000 --iters 1 --warmup 0 \
    --quiet --trace "$tmp/e.trace" || fail "run on crossbar-64"
"$collsim" analyze "$tmp/e.trace" --platform "$x8" --svg "$tmp/e.svg" --svg-phase binomial >/dev/null 2>&1
arrows() { # SVG: each arrow as SRC->DST:STEP, sorted
    sed -n 's/^<g class="msg"><title>\([0-9]*\) to \([0-9]*\),.*, step \([0-9]*\)<\/title>.*/\1->\2:\3/p' "$1" |
        sort | paste -sd' '; }
assert_eq "binomial 8 eager: each arrow's step" \
    "0->1:1 0->2:2 0->4:3 1->3:2 1->5:3 2->6:3 3->7:3" "$(arrows "$tmp/e.svg")"
grep -q '<text class="title"[^>]*>binomial broadcast of 1000 B, root 0, 8 ranks on crossbar-64: call 1 of 1, 7 messages, ' \
    "$tmp/e.svg" && pass || fail "title: $(grep -o '<text class="title"[^<]*' "$tmp/e.svg")"
grep -q '>phase bcast/binomial/1000/0/0/1</text>' "$tmp/e.svg" && pass || fail "the phase's mark is not in the corner"
grep -q '>step of a message: 1 + the largest step among the messages its sender sent before it' \
    "$tmp/e.svg" && pass || fail "the legend does not define a step"
assert_eq "binomial 8 eager: legend arrows (one per step)" 3 \
    "$(sed -n '/<g class="legend">/,/<\/g>/p' "$tmp/e.svg" | grep -c 'marker-end')"
if command -v rsvg-convert >/dev/null; then # steps 1 to 3 drawn, nothing in step 4's colour
    read -r _ c1 c2 c3 c4 <<<"$(python3 "$src/tests/analysis/png_pixels.py" "$tmp/e.png" '#1b9e77' '#d95f02' '#7570b3' '#e7298a')"
    [ "${c1:-0}" -gt 10 ] && [ "${c2:-0}" -gt 10 ] && [ "${c3:-0}" -gt 10 ] && pass ||
        fail "steps 1-3 not drawn: ${c1:-?} ${c2:-?} ${c3:-?} pixels"
    assert_eq "binomial 8 eager: pixels of step 4's colour" 0 "${c4:-?}"
fi
# linear: the root sends to 1, 2, ..., 7 in turn, each send its own round
"$collsim" analyze "$tmp/e.trace" --platform "$x8" --svg "$tmp/l.svg" --svg-phase linear >/dev/null 2>&1
assert_eq "linear 8 eager: each arrow's step" "0->1:1 0->2:2 0->3:3 0->4:4 0->5:5 0->6:6 0->7:7" \
    "$(arrows "$tmp/l.svg")"
# the model plots: each model once in the legend, in styles of their own, under the panels
if command -v gnuplot >/dev/null; then
    x=$(plat crossbar-64)
    "$collsim" run --platform "$x" --np 8 --algo binomial,linear --sizes 1000,1M --iters 1 \
        --warmup 0 --quiet --trace "$tmp/x.trace" || fail "run on crossbar-64"
    "$collsim" analyze "$tmp/x.trace" --platform "$x" --plots "$tmp/pl" >/dev/null || fail "--plots"
    for k in models errors; do
        grep -q '>crossbar-64: bcast: ' "$tmp/pl-$k.svg" && pass || fail "pl-$k.svg heading lacks the platform"
        out=$(python3 - "$tmp/pl-$k.svg" <<'EOF'
import re, sys
svg = open(sys.argv[1]).read()
models = ["hockney", "loggp", "plogp", "ctr", "sfr", "contention"]
axis = max(float(y) for y in re.findall(r"translate\([\d.]+,([\d.]+)\)[^>]*>\s*<text>message size", svg))
styles = []
for m in models:
    hits = [h.end() for h in re.finditer(r">%s</text>" % m, svg)]
    if len(hits) != 1:
        print("%s named %d times" % (m, len(hits))); continue
    y = float(re.findall(r"translate\([\d.]+,([\d.]+)\)", svg[:hits[0]])[-1])
    if y <= axis:
        print("%s's legend entry at y %.0f is not under the panels (axis title at %.0f)" % (m, y, axis))
    g = re.search(r"stroke-width=\"([\d.]+)\".*?<path stroke='([^']*)'( stroke-dasharray='[^']*')?.*?#gpPt(\d+)",
                  svg[hits[0]:], re.S)
    styles.append(g.groups() if g else None)
if None in styles or len(set(s[1] for s in styles)) != len(models):
    print("colours not distinct: %s" % styles)
for i, what in ((0, "widths"), (2, "dash patterns"), (3, "point types")):
    if len(set(s[i] for s in styles if s)) != len(models):
        print("%s not distinct: %s" % (what, styles))
EOF
)
        [ -z "$out" ] && pass || fail "pl-$k.svg: $out"
    done
else
    echo "SKIP: gnuplot not found: model plot checks not run"
fi
finish
