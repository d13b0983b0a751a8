#!/usr/bin/env bash
# regenerate.sh COLLSIM [DIR] [--built]: writes the platforms (and their .hosts) into DIR
# (default: this folder). Without --built: the shipped ones, small enough to commit (SimGrid
# cluster tags, or explicit routes of a few nodes). With --built: the large explicit-route ones
# (thousands of routes), which the build writes into build/platforms instead. A test
# regenerates both elsewhere and compares byte by byte.
set -euo pipefail
collsim=$1
dir=${2:-$(dirname "$0")}
mkdir -p "$dir"
if [ "${3:-}" = --built ]; then
    "$collsim" platform ring --nodes 64 -o "$dir/ring-64.xml"
    "$collsim" platform hypercube --dim 6 -o "$dir/hypercube-6.xml"
    "$collsim" platform xl250a -o "$dir/xl250a.xml"
    "$collsim" platform xl250a-cluster --nodes 4 -o "$dir/xl250a-x4.xml"
    "$collsim" platform crossbar --nodes 64 -o "$dir/crossbar-64.xml"
    exit 0
fi
"$collsim" platform ring --nodes 16 -o "$dir/ring-16.xml"
"$collsim" platform torus --dims 4x4 -o "$dir/torus-4x4.xml"
"$collsim" platform torus --dims 8x8 -o "$dir/torus-8x8.xml"
"$collsim" platform torus --dims 4x4x4 -o "$dir/torus-4x4x4.xml"
"$collsim" platform hypercube --dim 4 -o "$dir/hypercube-4.xml"
"$collsim" platform fattree --nodes 64 -o "$dir/fattree-64.xml"
"$collsim" platform fattree --nodes 64 --oversubscription 2 -o "$dir/fattree-64-2to1.xml"
"$collsim" platform dragonfly --groups 4 --chassis 2 --routers 4 --nodes-per-router 8 -o "$dir/dragonfly-4x2x4x8.xml"
