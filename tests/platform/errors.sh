#!/usr/bin/env bash
# errors.sh COLLSIM SRCDIR: bad platform requests are one error line, non-zero, and no file.
collsim=$1 src=$2
source "$src/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
o="-o $tmp/p.xml"
assert_one_line_error "unknown kind" "$collsim" platform moebius --nodes 4 $o
assert_one_line_error "no kind" "$collsim" platform $o
assert_one_line_error "zero nodes" "$collsim" platform ring --nodes 0 $o
assert_one_line_error "negative nodes" "$collsim" platform ring --nodes -3 $o
assert_one_line_error "hypercube dim 0" "$collsim" platform hypercube --dim 0 $o
assert_one_line_error "hypercube nodes" "$collsim" platform hypercube --nodes 6 $o
assert_one_line_error "bad latency unit" "$collsim" platform ring --nodes 4 --latency 5parsecs $o
assert_one_line_error "bad bandwidth unit" "$collsim" platform ring --nodes 4 --bandwidth 10GHz $o
assert_one_line_error "bad speed" "$collsim" platform ring --nodes 4 --speed fast $o
assert_one_line_error "bad torus dims" "$collsim" platform torus --dims 4x1 $o
assert_one_line_error "fat tree not square" "$collsim" platform fattree --nodes 60 $o
assert_one_line_error "bad oversubscription" "$collsim" platform fattree --nodes 64 --oversubscription 3 $o
assert_one_line_error "missing -o" "$collsim" platform ring --nodes 4
assert_one_line_error "unwritable output" "$collsim" platform ring --nodes 4 -o /nonexistent/p.xml
assert_one_line_error "info on a missing file" "$collsim" platform info "$tmp/none.xml"
printf '<platform version="4.1"><zone id="z"' >"$tmp/broken.xml"
assert_one_line_error "info on malformed XML" "$collsim" platform info "$tmp/broken.xml"
left=$(ls "$tmp" | grep -v broken.xml)
assert_eq "files left behind" "" "$left"
finish
