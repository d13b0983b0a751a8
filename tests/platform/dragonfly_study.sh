#!/usr/bin/env bash
# dragonfly_study.sh COLLSIM SRCDIR: a study spec's dragonfly line: its keys are the generator's
# options, every combination of its values is a platform named dragonfly-GxCxRxN then its
# other values (gl, cl, rl for the links), and the cells run on them; a bad value is the
# generator's one error line.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/df.study" <<'SPEC'
platform = dragonfly groups=2 chassis=2 routers=2 nodes-per-router=2 global-links=1,4
np = 16
collectives = bcast
algorithms = binomial
compare = none
trace = no
sizes = 16,1000000
SPEC
"$collsim" study "$T/df.study" --out "$T/out" >"$T/out.txt" 2>"$T/err"
assert_eq "study status" 0 $?
assert_eq "the platforms generated" "dragonfly-2x2x2x2-gl1 dragonfly-2x2x2x2-gl4" \
    "$(cd "$T/out/platforms" && ls *.xml | sed 's/\.xml$//' | sort | paste -sd' ')"
grep -q 'topo_parameters="2,4;2,3;2,3;2"' "$T/out/platforms/dragonfly-2x2x2x2-gl4.xml" && pass ||
    fail "gl4: not 4 global links and the default 3 chassis and 3 router links"
assert_eq "kind in the platform's info" "kind: dragonfly" \
    "$(grep '^kind:' "$T/out/platforms/dragonfly-2x2x2x2-gl1.info")"
assert_eq "summary rows" 4 "$(($(wc -l <"$T/out/summary.csv") - 1))"
# 1 MB across the groups: one global link is slower than four
slow=$(awk -F, '$1 == "dragonfly-2x2x2x2-gl1" && $9 == 1000000 { print $12 }' "$T/out/summary.csv")
fast=$(awk -F, '$1 == "dragonfly-2x2x2x2-gl4" && $9 == 1000000 { print $12 }' "$T/out/summary.csv")
awk -v a="$slow" -v b="$fast" 'BEGIN { exit !(a > 0 && b > 0 && b < a) }' && pass ||
    fail "1 MB: gl4 ($fast s) not faster than gl1 ($slow s)"
# the sizes in any order give the same name; --nodes is not a dragonfly's
sed -i 's/^platform = .*/platform = dragonfly nodes-per-router=2 routers=4 chassis=1 groups=4/' "$T/df.study"
"$collsim" study "$T/df.study" --out "$T/o2" --emit-jobs >/dev/null 2>"$T/err2"
assert_eq "emit-jobs status" 0 $?
assert_eq "name: the sizes in their order" "dragonfly-4x1x4x2" \
    "$(cd "$T/o2/platforms" && ls *.xml | sed 's/\.xml$//')"
sed -i 's/^platform = .*/platform = dragonfly groups=4 chassis=2 routers=4 nodes=8/' "$T/df.study"
assert_one_line_error "nodes= on a dragonfly line" "$collsim" study "$T/df.study" --out "$T/o3" --emit-jobs
sed -i 's/^platform = .*/platform = dragonfly groups=4 chassis=2 routers=2 nodes-per-router=8/' "$T/df.study"
assert_one_line_error "more groups than routers" "$collsim" study "$T/df.study" --out "$T/o4" --emit-jobs
finish
