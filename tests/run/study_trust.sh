#!/usr/bin/env bash
# study_trust.sh COLLSIM SRCDIR: a study trusts a cell's CSV only when it matches the cell's
# record (cells/ID.done): a torus cell's CSV copied over a ring cell's, or a CSV cut to its
# header, is run again with a note (they went into the report as ring times, or vanished);
# merge names such a cell and fails. Two platform files with the same bytes are two cells.
# A second study on the same --out is refused while the first runs. A study of a changed spec
# removes the report files of the earlier one (listed in report.files) and keeps the rest,
# and never a file that it did not write, a name added to that list by hand. A merge follows
# no link planted among a study's files.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cat >"$T/a.study" <<'EOF2'
platform = ring nodes=8
platform = torus dims=2x4
np = 8
collectives = bcast
algorithms = binomial
compare = none
trace = no
sizes = 16,1K
EOF2
study() { "$collsim" study "$@" >/dev/null 2>"$T/err"; }
cell_of() { grep -l "^bcast,binomial,$1," "$T/o/cells/"*.csv; }
study "$T/a.study" --out "$T/o"
assert_eq "first study: status" 0 $?
ring=$(cell_of ring-8) torus=$(cell_of torus-2x4)
want=$(cat "$T/o/ring-8.csv")

# a torus cell's CSV over the ring cell's: run again, the ring's times back
cp "$torus" "$ring"
study "$T/a.study" --out "$T/o"
assert_eq "copied cell: status" 0 $?
grep -q "^collsim: note: bcast binomial on ring-8 is run again: its CSV is not the one the cell wrote" "$T/err" &&
    pass || fail "copied cell: no note in: $(cat "$T/err")"
assert_eq "copied cell: the ring's rows" "$want" "$(cat "$T/o/ring-8.csv")"
# a CSV cut to its header: run again
head -n 1 "$ring" >"$T/h" && cp "$T/h" "$ring"
study "$T/a.study" --out "$T/o"
grep -q "is run again: its CSV is not the one the cell wrote (0 rows, 2 recorded)" "$T/err" &&
    pass || fail "header-only cell: no note in: $(cat "$T/err")"
assert_eq "header-only cell: the ring's rows" "$want" "$(cat "$T/o/ring-8.csv")"

# merge of a folder whose cell was edited: named, status 1
cp -r "$T/o" "$T/p"
sed -i '2s/,8,/,9,/' "$(grep -l "^bcast,binomial,ring-8," "$T/p/cells/"*.csv)"
"$collsim" merge "$T/p" --out "$T/m" >/dev/null 2>"$T/err"
assert_eq "merge of an edited cell: status" 1 $?
grep -q "^# not trusted: bcast binomial on ring-8: its CSV is not the one the cell wrote" "$T/m/summary.txt" &&
    pass || fail "merge: the summary does not name the cell: $(cat "$T/m/summary.txt")"
assert_eq "merge: no ring rows reported" "" "$(grep -c ring-8 "$T/m/summary.csv" | grep -v '^0$')"

# two names of the same bytes: two cells, two ids
"$collsim" platform ring --nodes 8 -o "$T/r1.xml" && cp "$T/r1.xml" "$T/r2.xml" && cp "$T/r1.hosts" "$T/r2.hosts"
printf 'platform = %s\nplatform = %s\nnp = 8\ncollectives = bcast\nalgorithms = binomial\ncompare = none\ntrace = no\nsizes = 16\n' \
    "$T/r1.xml" "$T/r2.xml" >"$T/twin.study"
study "$T/twin.study" --out "$T/twin"
assert_eq "twin platforms: status" 0 $?
assert_eq "twin platforms: cells" 2 "$(ls "$T/twin/cells/"*.csv | wc -l)"
assert_eq "twin platforms: best.csv rows" "r1 r2" "$(csv_col "$T/twin/best.csv" platform | sort | paste -sd' ')"

# a second study on a folder the first is writing into
printf 'platform = torus dims=8x8\nnp = 64\ncollectives = alltoall\nalgorithms = linear\ncompare = none\ntrace = no\nsizes = 64K\n' >"$T/slow.study"
"$collsim" study "$T/slow.study" --out "$T/busy" >/dev/null 2>&1 &
first=$!
for i in $(seq 100); do [ -e "$T/busy/.lock" ] && break; sleep 0.1; done
assert_one_line_error "second study on one --out" "$collsim" study "$T/a.study" --out "$T/busy"
"$collsim" study "$T/a.study" --out "$T/busy" 2>&1 >/dev/null | grep -q "another collsim .* is writing into" &&
    pass || fail "second study: not the lock's message"
kill "$first"
wait "$first"

# a changed spec: the report files of the torus are removed, the rest rewritten (a second
# later: files of the same second are kept)
# links planted in a study's folder are not read: a merge copies no link's target (a
# platform's description, a cell's log) into its folder or its report
echo "SECRET-BYTES" >"$T/secret"
cp -r "$T/o" "$T/planted"
for f in "$T/planted/platforms/"*.info "$T/planted/cells/"*.done; do ln -sf "$T/secret" "$f"; done
ln -sf "$T/secret" "${ring%.csv}.log"
"$collsim" merge "$T/planted" --out "$T/merged" >/dev/null 2>&1
assert_eq "planted links: no target's bytes in the merge" "" \
    "$(grep -rl SECRET-BYTES "$T/merged" 2>/dev/null)"
assert_eq "planted links: none followed in the report" "" \
    "$(find "$T/merged" -type l)"

echo "the user's own" >"$T/o/notes.txt" # an older file a hand-edited list names
printf 'notes.txt\nnotes.txt\t15 0123456789abcdef\n' >>"$T/o/report.files"
sleep 1.1
sed '/torus/d' "$T/a.study" >"$T/b.study"
study "$T/b.study" --out "$T/o"
assert_eq "changed spec: status" 0 $?
assert_status "changed spec: torus-2x4.csv removed" 1 test -e "$T/o/torus-2x4.csv"
assert_status "changed spec: whatif.txt removed" 1 test -e "$T/o/whatif.txt"
grep -q "^collsim: note: removed [0-9]* files of an earlier report" "$T/err" &&
    pass || fail "changed spec: no note in: $(cat "$T/err")"
assert_eq "changed spec: report.files" "$(cd "$T/o" && ls best* index.html ring-8* summary* | sort | paste -sd' ')" \
    "$(cut -f1 "$T/o/report.files" | paste -sd' ')"
assert_eq "changed spec: a file the list names but no report wrote stays" "the user's own" \
    "$(cat "$T/o/notes.txt")"
# a list with spaces after its commas reads as without ("np = 4, 8": ' 8' was refused)
printf 'platform = ring nodes=8\nnp = 4, 8\ncollectives = bcast\nalgorithms = binomial\ncompare = none\ntrace = no\nsizes = 16\n' >"$T/np.study"
"$collsim" study "$T/np.study" --out "$T/np" --emit-jobs >/dev/null 2>"$T/err"
assert_eq "np = 4, 8: status" 0 $?
assert_eq "np = 4, 8: the spec as run" "np = 4,8" "$(grep '^np = ' "$T/np/study.spec")"
finish
