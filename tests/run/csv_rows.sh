#!/usr/bin/env bash
# csv_rows.sh COLLSIM SRCDIR: collsim run's --csv grows by whole rows appended to one file
# (O(rows) written in all), not by a new copy of the whole file renamed over it for each row
# (O(rows^2): 2,048 rows once wrote 131 MB through 1,614 renames). Watched while the run
# goes: the file keeps one inode from its first row to its last, and every look at it finds
# whole rows only.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
sizes=$(seq -s, 1 64)
"$collsim" run --platform "$src/platforms/ring-16.xml" --algo binomial,binary,linear \
    --sizes "$sizes" --iters 5 --quiet --time-limit 0 --csv "$T/rows.csv" 2>/dev/null &
pid=$!
: >"$T/inodes"
torn=0
while kill -0 "$pid" 2>/dev/null; do
    if [ -s "$T/rows.csv" ]; then
        stat -c %i "$T/rows.csv" >>"$T/inodes" 2>/dev/null
        [ -z "$(tail -c 1 "$T/rows.csv")" ] || torn=$((torn + 1)) # ends in a line end
    fi
    sleep 0.02
done
wait "$pid"
assert_eq "run status" 0 $?
assert_eq "rows" 193 "$(wc -l <"$T/rows.csv")"
looks=$(wc -l <"$T/inodes")
[ "$looks" -ge 5 ] && pass || fail "the run was too quick to watch ($looks looks)"
assert_eq "inodes of the CSV while it grew" 1 "$(sort -u "$T/inodes" | wc -l)"
assert_eq "looks that found a cut row" 0 "$torn"
finish
