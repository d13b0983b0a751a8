#!/usr/bin/env bash
# options.sh COLLSIM SRC_DIR MAN_DIR: the man pages the build wrote into MAN_DIR (build/man,
# cmake/manpages.cmake) say what the help says: a page collsim-SUB.1 for each subcommand of
# `collsim --help` and none more, whose NAME line is the subcommand's summary there, with a
# SYNOPSIS (help2man found the usage lines), the options of `collsim SUB --help` and no others,
# each option line of the help an option tag of the page, and a SEE ALSO of the other pages;
# collsim.1 the same for `collsim --help`.
collsim=$1 src=$2 man=$3
source "$src/tests/lib.sh"

if [ ! -f "$man/collsim.1" ]; then
    echo "FAIL: no man pages in $man: the build writes them, unless help2man was not found" \
        "when it was configured (Debian: apt-get install help2man; then configure and build" \
        "again)" >&2
    exit 1
fi
command -v man >/dev/null || { echo "FAIL: man (man-db) is needed to render the pages" >&2; exit 1; }

# render PAGE: the page as man shows it, plain text, 200 columns, no hyphenation
render() { LC_ALL=C MANWIDTH=200 man --nh --nj -l "$1" 2>/dev/null | col -b; }
# section NAME: the lines of section NAME of a rendered page on stdin, leading blanks removed
section() { awk -v s="$1" '/^[A-Z][A-Z ]*$/ { on = $0 == s; next } on && NF { sub(/^ +/, ""); print }'; }
# options: the options (-x, --xx) named on stdin, sorted, one a line
options() {
    grep -oE '(^|[^A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9_-]*' | sed 's/^[^-]*//' | sort -u
}

subs=$("$collsim" --help | awk '/^subcommands:$/ { on = 1; next } on && /^$/ { exit }
    on { print $1 }')
[ "$(printf '%s\n' "$subs" | grep -c .)" -ge 10 ] && pass ||
    fail "fewer than 10 subcommands read from 'collsim --help': $subs"
assert_eq "pages in $man" "$({ printf 'collsim-%s.1\n' $subs; echo collsim.1; } | sort)" \
    "$(cd "$man" && ls -- *.1 | sort)"

# check PAGE NAME_LINE HELP_ARGS...: the page against `collsim HELP_ARGS`
check() {
    local page=$1 name=$2 text help tag line
    shift 2
    help=$("$collsim" "$@")
    text=$(render "$man/$page")
    assert_eq "$page: NAME" "$name" "$(section NAME <<<"$text")"
    [ -n "$(section SYNOPSIS <<<"$text")" ] && pass || fail "$page: no SYNOPSIS (is the usage line 'Usage: ...'?)"
    # the options of the page's text, NAME and SEE ALSO left out
    assert_eq "$page: options of the page against 'collsim $*'" "$(options <<<"$help")" \
        "$(awk '/^[A-Z][A-Z ]*$/ { on = $0 != "NAME" && $0 != "SEE ALSO"; next } on' <<<"$text" | options)"
    # an option line of the help ("  --opt VALUE  text"): its tag alone on a line of the page,
    # or a short tag (under 7 columns) with the text beside it
    while IFS= read -r tag; do
        if [ ${#tag} -ge 7 ]; then
            grep -qxF "       $tag" <<<"$text" && pass || fail "$page: '$tag' is not an option tag"
        else
            awk -v t="       $tag" '$0 == t || index($0, t " ") == 1 { f = 1 } END { exit !f }' <<<"$text" &&
                pass || fail "$page: '$tag' is not an option tag"
        fi
    done < <(grep -E '^ {1,10}-' <<<"$help" | sed -E 's/^ +//; s/  .*//')
    # SEE ALSO: every other page
    line=$(section 'SEE ALSO' <<<"$text" | tr -d '\n')
    for other in collsim $(printf 'collsim-%s\n' $subs); do
        [ "$other.1" = "$page" ] && continue
        [[ $line == *"$other(1)"* ]] && pass || fail "$page: SEE ALSO does not name $other(1): $line"
    done
}

while read -r sub summary; do
    check "collsim-$sub.1" "collsim-$sub - $summary" "$sub" --help
done < <("$collsim" --help | awk '/^subcommands:$/ { on = 1; next } on && /^$/ { exit } on')
check collsim.1 "collsim - simulate MPI collective algorithms on network topologies with SimGrid's SMPI" --help

# what the issue asked for, by hand: man collsim-run shows run's options
text=$(render "$man/collsim-run.1")
for o in --platform --collective --algo --algo-file --sizes --time-limit --shared-buffers; do
    grep -q -- "$o" <<<"$text" && pass || fail "collsim-run.1 does not show $o"
done
finish
