#!/usr/bin/env bash
# manpages.sh HELP2MAN COLLSIM VERSION OUTDIR: writes OUTDIR/collsim.1 from `collsim --help` and
# OUTDIR/collsim-SUB.1 from `collsim SUB --help` for every subcommand `collsim --help` lists
# (the lines after "subcommands:", up to the first empty one: "  NAME  summary"), the
# summary as the page's NAME line, and a SEE ALSO of the other pages. Pages of subcommands no
# longer listed are removed. collsim.1 is written last: cmake/manpages.cmake takes it as the
# output of the whole set. help2man runs `COLLSIM SUB --help` through the shell.
set -eu
help2man=$1 collsim=$2 version=$3 out=$4
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# help2man's --name is troff text: a backslash and a minus sign escaped
troff() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g'; }

"$collsim" --help >"$tmp/help"
awk '/^subcommands:$/ { on = 1; next } on && /^$/ { exit }
     on && /^  [a-z]/ { name = $1; sub(/^  [^ ]+ +/, ""); print name "\t" $0 }' \
    "$tmp/help" >"$tmp/subcommands"
if [ ! -s "$tmp/subcommands" ]; then
    echo "manpages.sh: no subcommands found in '$collsim --help'" >&2
    exit 1
fi

# see_also PAGE: the include file of PAGE's SEE ALSO: every other page
see_also() {
    {
        echo '[SEE ALSO]'
        { echo collsim; cut -f1 "$tmp/subcommands" | sed 's/^/collsim-/'; } |
            grep -vx "$1" | sed 's/-/\\-/g; s/^/.BR /; s/$/ (1),/' | sed '$ s/,$//'
    } >"$tmp/$1.h2m"
}

# page NAME SUMMARY HELP_OPTION
page() {
    see_also "$1"
    "$help2man" --help-option="$3" --version-string="$1 $version" --source="collsim $version" \
        --name="$(printf '%s' "$2" | troff)" --no-info --include="$tmp/$1.h2m" \
        --output="$tmp/$1.1" "$collsim"
}

# help2man ignores the exit status of the help it reads: check it first
while IFS=$'\t' read -r sub summary; do
    if ! "$collsim" "$sub" --help >/dev/null; then
        echo "manpages.sh: '$collsim $sub --help' failed" >&2
        exit 1
    fi
    page "collsim-$sub" "$summary" "$sub --help"
done <"$tmp/subcommands"
page collsim "simulate MPI collective algorithms on network topologies with SimGrid's SMPI" --help

for f in "$out"/collsim-*.1; do
    [ -e "$f" ] || continue
    [ -e "$tmp/${f##*/}" ] || rm -f "$f"
done
for f in "$tmp"/collsim-*.1 "$tmp/collsim.1"; do
    [ -e "$f" ] || continue
    mv "$f" "$out/"
done
