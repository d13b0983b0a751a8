# collsim-completion.bash: bash completion of collsim, installed as
# bash-completion/completions/collsim (bash-completion loads it when collsim is first completed);
# or `source scripts/collsim-completion.bash` in a shell that has bash-completion.
#
# It completes the subcommands, then a subcommand's options and their values. Everything comes
# from the collsim being completed, at completion time, so it says what that collsim does:
#   subcommands      `collsim --help` (the lines after "subcommands:")
#   options          `collsim SUB --help`: the options of its usage lines and of its indented
#                    lines' tags (their text up to two spaces), each with its value's name
#   option values    --collective, --collectives: `collsim list --tsv`'s collectives;
#                    --algo, --compare, --exclude: the algorithms `collsim list --tsv` gives
#                    for the line's --collective (default bcast) or --collectives (default
#                    all), and smpi:NAME from `collsim list COLLECTIVE`; lists comma-separated;
#                    a value named A|B|...: its lower-case words; --platform: *.xml,
#                    --machine: *.machine, FILE.EXT: *.EXT, FILE, PREFIX...: files, DIR: folders
#   positionals      platform: the kinds of `collsim platform --help` (after "kinds:") and
#                    info (then *.xml); list: collectives; help: subcommands; analyze,
#                    fix-trace: *.trace; tune: *.csv; study: *.study; merge: folders

# _collsim_out ARGS...: the output of `collsim ARGS`, collsim being the command completed ($cmd)
_collsim_out() {
    "${cmd:-collsim}" "$@" 2>/dev/null
}

_collsim_subcommands() {
    _collsim_out --help | awk '/^subcommands:$/ { on = 1; next } on && /^$/ { exit }
        on && /^  [a-z]/ { print $1 }'
}

# _collsim_options SUB: SUB's options, one "OPTION<tab>VALUE" line each (VALUE empty for a
# flag): those of the indented lines' tags first, where a value is named best (core|node|LEVEL
# rather than WHAT), then those of the usage lines
_collsim_options() {
    _collsim_out "$1" --help | awk '
        function take(line, n, t, k, o, v) {
            n = split(line, t, " ")
            for (k = 1; k <= n; k++) {
                o = t[k]
                sub(/^[[(]+/, "", o)
                if (o !~ /^--?[A-Za-z][A-Za-z0-9-]*[],)]*$/) continue
                v = ""
                if (o !~ /[],)]$/ && k < n && t[k + 1] !~ /^[-[|(]/) v = t[k + 1]
                sub(/[],)]+$/, "", o)
                sub(/[],)]+$/, "", v)
                if (!(o in val)) order[++m] = o
                if (val[o] == "") val[o] = v
            }
        }
        /^(Usage|  or): / { sub(/^[^:]*: +/, ""); usage[++u] = $0; next }
        /^  [^ ]/ { line = substr($0, 3); i = index(line, "  "); take(i ? substr(line, 1, i - 1) : line) }
        END {
            for (k = 1; k <= u; k++) take(usage[k])
            for (k = 1; k <= m; k++) print order[k] "\t" val[order[k]]
            print "--help\t"
        }'
}

_collsim_collectives() {
    _collsim_out list --tsv | awk -F '\t' 'NR > 1 && !seen[$1]++ { print $1 }'
}

# _collsim_algorithms COLLECTIVE...: their algorithms (every collective's without one)
_collsim_algorithms() {
    _collsim_out list --tsv | awk -F '\t' -v c=" $* " 'NR > 1 && (c == "  " || index(c, " " $1 " ")) &&
        !seen[$2]++ { print $2 }'
}

# _collsim_smpi_algorithms COLLECTIVE...: SimGrid's algorithms of them, as smpi:NAME
_collsim_smpi_algorithms() {
    local c
    for c in "${@:-$(_collsim_collectives)}"; do
        _collsim_out list "$c" | awk '/^smpi:/ { print $1 }'
    done | awk '!seen[$0]++'
}

_collsim_kinds() {
    _collsim_out platform --help | awk '/^kinds:$/ { on = 1; next } on && /^[^ ]/ { exit }
        on && /^  [a-z]/ && !seen[$1]++ { print $1 }'
}

# _collsim_word OPTION: the value of OPTION on the line (OPTION V or OPTION=V), or nothing
_collsim_word() {
    local i
    for ((i = 2; i < cword; i++)); do
        case ${words[i]} in
        "$1") echo "${words[i + 1]}" ;;
        "$1"=*) echo "${words[i]#*=}" ;;
        esac
    done
}

# _collsim_list WORD...: COMPREPLY for the last item of the comma-separated list in $cur
_collsim_list() {
    local pre='' last=$cur w
    if [[ $cur == *,* ]]; then
        pre=${cur%,*},
        last=${cur##*,}
    fi
    COMPREPLY=()
    for w in "$@"; do
        [[ $w == "$last"* && ,$pre != *,"$w",* ]] && COMPREPLY+=("$pre$w")
    done
    compopt -o nospace 2>/dev/null
    __ltrim_colon_completions "$cur"
}

# _collsim_value SUB OPTION VALUE_NAME: COMPREPLY for OPTION's value
_collsim_value() {
    local sub=$1 opt=$2 value=$3 colls
    case $opt in
    --collective)
        COMPREPLY=($(compgen -W "$(_collsim_collectives)" -- "$cur"))
        return
        ;;
    --collectives)
        _collsim_list all $(_collsim_collectives)
        return
        ;;
    --algo | --compare | --exclude)
        if [ "$sub" = study ]; then
            colls=$(_collsim_word --collectives | tr , ' ')
            [[ " $colls " == *" all "* ]] && colls=
        else
            colls=$(_collsim_word --collective)
            colls=${colls:-bcast}
        fi
        local more=all last=${cur##*,}
        [ "$opt" = --compare ] && more="default all none"
        [ "$opt" = --exclude ] && more=
        if [[ -n $last && (smpi: == "$last"* || $last == smpi:*) ]]; then
            more="$more smpi:all $(_collsim_smpi_algorithms $colls)"
        fi
        _collsim_list $(_collsim_algorithms $colls) $more
        return
        ;;
    --platform)
        _filedir xml
        return
        ;;
    --machine)
        _filedir machine
        return
        ;;
    esac
    case $value in
    *"|"*) COMPREPLY=($(compgen -W "$(tr '|' '\n' <<<"$value" | grep -x '[a-z][a-z0-9_-]*')" -- "$cur")) ;;
    [A-Z]*.[a-z]*) _filedir "${value##*.}" ;;
    DIR*) _filedir -d ;;
    FILE* | PREFIX | PROFILE | BASE | OUT | TRACE) _filedir ;;
    esac
}

_collsim() {
    local cur prev words cword split
    _init_completion -s -n : || return
    local cmd=${words[0]}
    [[ $cmd == \~/* ]] && cmd=$HOME/${cmd#\~/}
    if ((cword == 1)); then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W '--help --version' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_collsim_subcommands)" -- "$cur"))
        fi
        return
    fi
    local sub=${words[1]} opts value
    opts=$(_collsim_options "$sub")
    [ -n "$opts" ] || return
    # the value of an option
    if [[ $prev == -* ]]; then
        value=$(awk -F '\t' -v o="$prev" '$1 == o { print $2; exit }' <<<"$opts")
        if [ -n "$value" ]; then
            _collsim_value "$sub" "$prev" "$value"
            return
        fi
    fi
    $split && return
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(cut -f1 <<<"$opts")" -- "$cur"))
        return
    fi
    # a positional argument: the how-manieth, options and their values left out
    local i n=0 first=
    for ((i = 2; i < cword; i++)); do
        if [[ ${words[i]} == -* ]]; then
            value=$(awk -F '\t' -v o="${words[i]}" '$1 == o { print $2; exit }' <<<"$opts")
            [ -n "$value" ] && ((i++))
        else
            ((n++ == 0)) && first=${words[i]}
        fi
    done
    case $sub in
    platform)
        if ((n == 0)); then
            COMPREPLY=($(compgen -W "$(_collsim_kinds) info" -- "$cur"))
        elif [ "$first" = info ]; then
            _filedir xml
        fi
        ;;
    list) ((n == 0)) && COMPREPLY=($(compgen -W "$(_collsim_collectives)" -- "$cur")) ;;
    help) ((n == 0)) && COMPREPLY=($(compgen -W "$(_collsim_subcommands)" -- "$cur")) ;;
    analyze | fix-trace) _filedir trace ;;
    tune) _filedir csv ;;
    study) _filedir study ;;
    merge) _filedir -d ;;
    esac
} && complete -F _collsim collsim
