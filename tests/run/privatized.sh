#!/usr/bin/env bash
# privatized.sh COLLSIM SRCDIR: the runner under SMPI's privatization (smpirun's default, each
# rank its own copy of the program's globals), where the hierarchical algorithms' table of
# every rank's node must still be one: a bare smpirun of the runner with three ranks a host
# runs the node-aware all-reduces and checks every rank's buffer (a table per rank deadlocked
# at the start, and the traces of such runs then held nothing).
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'n0\nn0\nn0\nn1\nn1\nn1\nn2\nn2\n' >"$tmp/h.hosts"
out=$(cd "$tmp" && timeout 120 smpirun -np 8 -platform "$src/platforms/torus-4x4.xml" -hostfile "$tmp/h.hosts" \
    --log=root.thres:critical --cfg=smpi/simulate-computation:no --cfg=smpi/privatization:yes \
    "$(dirname "$collsim")/collsim-runner.so" --collective allreduce --algo hier,hier_rs \
    --sizes 1000,100000 --iters 1 2>&1)
assert_eq "privatized run: status" 0 "$?"
assert_eq "privatized run: rows of hier and hier_rs" 4 "$(printf '%s\n' "$out" | grep -cE '^(1000|100000) ')"
assert_eq "privatized run: no deadlock" 0 "$(printf '%s\n' "$out" | grep -c -i deadlock)"
finish
