#!/usr/bin/env bash
# completion.sh COLLSIM SRC_DIR: scripts/collsim-completion.bash, sourced with bash-completion's
# helpers, completes what the help texts name: the subcommands of `collsim --help`, a
# subcommand's options, the collectives and algorithms of `collsim list --tsv` after
# --collective and --algo, the platform kinds of `collsim platform --help`, *.xml after
# --platform. Each line is split into COMP_WORDS as readline does (':' and '=' apart).
collsim=$1 src=$2
bc=/usr/share/bash-completion/bash_completion
if [ ! -f "$bc" ]; then
    echo "FAIL: $bc not found (Debian: apt-get install bash-completion)" >&2
    exit 1
fi
source "$bc"
source "$src/scripts/collsim-completion.bash"
source "$src/tests/lib.sh"
set +u # bash-completion's helpers read variables that may be unset
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# comp LINE: COMPREPLY, sorted, one a line, for `collsim LINE` with the cursor at its end
comp() {
    COMP_LINE="$collsim $1"
    COMP_POINT=${#COMP_LINE}
    read -ra COMP_WORDS <<<"$(sed 's/[:=]/ & /g' <<<"$COMP_LINE")"
    [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _collsim
    [ ${#COMPREPLY[@]} -eq 0 ] || printf '%s\n' "${COMPREPLY[@]}" | sort
}
# has WHAT WORD LINE: comp LINE offers WORD
has() {
    if comp "$3" | grep -qxF -- "$2"; then pass; else fail "$1: '$3' does not offer '$2': $(comp "$3" | paste -sd' ')"; fi
}
# hasnt WHAT WORD LINE: comp LINE does not offer WORD
hasnt() {
    if comp "$3" | grep -qxF -- "$2"; then fail "$1: '$3' offers '$2'"; else pass; fi
}

[ "$(complete -p collsim 2>/dev/null)" = "complete -F _collsim collsim" ] && pass ||
    fail "the script does not register _collsim for collsim"

# subcommands, as `collsim --help` lists them
subs=$("$collsim" --help | awk '/^subcommands:$/ { on = 1; next } on && /^$/ { exit } on { print $1 }' | sort)
assert_eq "subcommands" "$subs" "$(comp '')"
assert_eq "subcommands from c" "$(grep '^c' <<<"$subs")" "$(comp c)"
assert_eq 'fi' fix-trace "$(comp 'fi')"
assert_eq "help's subcommands" "$subs" "$(comp 'help ')"
assert_eq "--v" --version "$(comp --v)"

# options: each subcommand's option lines ("  --opt VALUE  text", "-j N, --jobs N") and --help
for sub in $subs; do
    "$collsim" "$sub" --help | grep -E '^ {1,10}-' | sed -E 's/^ +//; s/  .*//' |
        grep -oE '(^|[ [,])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[ [,]*//' | sort -u >"$T/want"
    echo --help >>"$T/want"
    got=$(comp "$sub -")
    while read -r o; do
        grep -qxF -- "$o" <<<"$got" && pass || fail "$sub -: '$o' not offered: $(paste -sd' ' <<<"$got")"
    done <"$T/want"
done
assert_eq "run --pl" --platform "$(comp 'run --pl')"
assert_eq "study --platform" "$(printf '%s\n' --platform --platforms)" "$(comp 'study --platform')"
has "platform's kind options" --dims 'platform torus --d'
has "platform's -o" -o 'platform ring --nodes 8 -'
assert_eq "run --model" "$(printf '%s\n' clean smpi)" "$(comp 'run --model ')"
assert_eq "run --routing=" "$(printf '%s\n' ctr sfr)" "$(comp 'run --routing=')"
assert_eq "after a value: options again" --quiet "$(comp 'run --np 8 --qu')"
assert_eq "no option after an option's value" "" "$(comp 'run --np ')"

# collectives and algorithms, as `collsim list --tsv` gives them
tsv=$("$collsim" list --tsv)
colls=$(awk -F '\t' 'NR > 1 { print $1 }' <<<"$tsv" | sort -u)
algos() { awk -F '\t' -v c="$1" 'NR > 1 && $1 == c { print $2 }' <<<"$tsv"; }
assert_eq "run --collective al" "$(printf '%s\n' allgather allreduce alltoall)" "$(comp 'run --collective al')"
assert_eq "run --collective" "$colls" "$(comp 'run --collective ')"
assert_eq "predict --collective=" "$colls" "$(comp 'predict --collective=')"
assert_eq "list" "$colls" "$(comp 'list ')"
assert_eq "run --algo (bcast)" "$({ algos bcast; echo all; } | sort)" "$(comp 'run --algo ')"
has "bcast's algorithms" binomial 'run --collective bcast --algo '
bcast_only=$(comm -23 <(algos bcast | sort) <(algos reduce | sort) | head -1)
hasnt "reduce's algorithms" "$bcast_only" 'run --collective reduce --algo '
assert_eq "reduce's algorithms" "$({ algos reduce; echo all; } | sort)" "$(comp 'run --collective reduce --algo ')"
assert_eq "run --algo=" "$(algos allreduce | grep '^ring' | sort)" "$(comp 'run --collective=allreduce --algo=ring')"
assert_eq "a list's next item" "$(algos bcast | grep '^bi' | grep -vx binomial | sed 's/^/binomial,/')" \
    "$(comp 'run --algo binomial,bi')"
assert_eq "study's collectives" "$(grep '^re' <<<"$colls" | sed 's/^/bcast,/')" "$(comp 'study --collectives bcast,re')"
has "study --algo of its --collectives" rabenseifner 'study --collectives allreduce --algo '
bcast_only=$(comm -23 <(algos bcast | sort) <(algos allreduce | sort) | head -1)
hasnt "study --algo of its --collectives" "$bcast_only" 'study --collectives allreduce --algo '
has "study --compare" none 'study --compare '
smpi=$("$collsim" list bcast | awk '/^smpi:NT/ { sub(/^smpi:/, "", $1); print $1 }' | sort)
[ -n "$smpi" ] && pass || fail "no smpi:NT... in 'collsim list bcast'"
assert_eq "SimGrid's algorithms (after the colon)" "$smpi" "$(comp 'run --algo smpi:NT')"

# platform kinds, as `collsim platform --help` lists them, and info
kinds=$(comp 'platform ')
for k in ring torus hypercube fattree dragonfly crossbar xl250a xl250a-cluster info; do
    grep -qxF "$k" <<<"$kinds" && pass || fail "platform kinds: '$k' not offered: $(paste -sd' ' <<<"$kinds")"
done
hasnt "one kind" ring 'platform torus '

# files: *.xml (and folders) after --platform and platform info
touch "$T/a.xml" "$T/b.txt"
mkdir "$T/sub"
for line in "run --platform $T/" "study --platform=$T/" "platform info $T/"; do
    has "xml files" "$T/a.xml" "$line"
    has "folders" "$T/sub" "$line"
    hasnt "other files" "$T/b.txt" "$line"
done
has "any file after --csv" "$T/b.txt" "run --csv $T/"
finish
