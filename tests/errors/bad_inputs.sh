#!/usr/bin/env bash
# bad_inputs.sh COLLSIM SRCDIR: every case of cases.txt gives its exit status, exactly one
# 'collsim: error:' line matching the case, and leaves nothing behind: no new or changed file
# beside the inputs or in the working folder, and no temporary file.
collsim=$1 src=$2
source "$src/tests/lib.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
P=$src/platforms
B=$(dirname "$collsim")/platforms

# The fixtures the cases name.
make_fixtures() {
    sed 's/bandwidth="[^"]*"/bandwidth="fast"/' "$P/ring-16.xml" >"$T/fast.xml"
    cp "$P/ring-16.hosts" "$T/fast.hosts"
    awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%c", (i * 37) % 256 }' >"$T/garbage.xml"
    cp "$T/garbage.xml" "$T/garbage.trace"
    : >"$T/empty.hosts"
    : >"$T/empty.trace"
    printf 'n0\nn 1\n' >"$T/spaces.hosts"
    printf 'n%0300d\n' 0 >"$T/long.hosts"
    printf 'n0\nzz9\n' >"$T/unknown.hosts"
    echo text >"$T/file.txt"
    printf '# a spec with a key no study has\nsizes = 16\ncolour = blue\n' >"$T/bad-key.study"
    printf 'platform torus\n' >"$T/no-eq.study"
    printf 'np = 4, 8 , 8\n' >"$T/np-spaces.study" # the items trimmed: 8 twice, not ' 8 '
    printf 'sizes = 16\nalgorithms = binomial\033[2J\n' >"$T/ctrl.study"
    printf 's\000i\000z\000e\000s\000 \000=\000 \0001\000\n\000' >"$T/nul.study"
    printf '\357\273\277colour = blue\n' >"$T/bom.study" # the mark read as no text
    printf 'platform = gone.xml\n' >"$T/gone.study"
    mkdir "$T/empty" "$T/w" "$T/tmp" "$T/plats" "$T/d.links.csv"
    ln -s "$P"/*.xml "$P"/*.hosts "$B"/*.xml "$B"/*.hosts "$T/plats/"
    printf '<platform version="4.1"><zone' >"$T/broken.xml"
    # a well-formed platform whose link has a negative bandwidth and latency (SimGrid loads it)
    printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1"><zone id="z" routing="Full"><host id="a" speed="1Gf"/><host id="b" speed="1Gf"/><link id="l" bandwidth="-1GBps" latency="-1us"/><route src="a" dst="b"><link_ctn id="l"/></route></zone></platform>\n' >"$T/neg.xml"
    printf 'a\nb\n' >"$T/neg.hosts"
    cp "$P/ring-16.xml" "$T/r.xml" && cp "$P/ring-16.hosts" "$T/r.hosts"
    ln "$T/r.xml" "$T/hard.csv" && ln -s r.xml "$T/soft.csv" # two more names of an input
    { printf '# %05000d\n' 0; printf 'sizes = 16\n'; } >"$T/long-line.study"
    printf 'sizes = 16\nsizes = 32\n' >"$T/twice.study"
    printf 'models = clean,clean\n' >"$T/model-twice.study"
    printf 'platform = ring nodes=%s\n' "$(seq -s, 4 36)" >"$T/many-values.study"
    printf 'platform = ring latency=%070d\n' 1 >"$T/long-value.study"
    ln -s /dev/zero "$T/zero.xml" && cp "$P/ring-16.hosts" "$T/zero.hosts"
    "$collsim" run --platform "$P/ring-16.xml" --sizes 16 --algo binomial --iters 1 --quiet \
        --trace "$T/ok.trace" || fail "the fixture trace"
    head -n "$(($(wc -l <"$T/ok.trace") / 2))" "$T/ok.trace" >"$T/cut.trace"
    printf '%%EventDef PajeDefineContainerType 0\n0\n' >"$T/opendef.trace"
    { grep '^%' "$T/ok.trace"; echo '0 1 0 MPI'; echo '6 0.0'; } >"$T/short.trace"
    echo 'hockney_a x' >"$T/bad.params"
    printf '# OSU MPI Latency Test\n# Size          Latency (us)\n1 1.5\n8 1.6\n' >"$T/osu.txt"
    cp "$src/machines/orfeo-epyc.machine" "$T/base.machine"
    cp "$T/base.machine" "$T/base.hosts" # a profile whose name a generated hostfile takes
    printf '# OSU MPI Bi-Directional Bandwidth Test v7.3\n# Size      Bandwidth (MB/s)\n1 3.1\n' >"$T/bibw.txt"
    printf '# OSU MPI Multiple Bandwidth / Message Rate Test v7.3\n# [ pairs: 4 ]\n' >"$T/mbw.txt"
    # a line longer than the reader's buffer: its rest once read as a line of its own
    { printf '# OSU MPI Latency Test v7.4\n# Size          Latency (us)\n1 1.5%0600d\n' 0; printf '8 99\n'; } >"$T/longline.txt"
    { printf 'collective,variant,platform,np,bytes,best_algorithm,best_avg_s,second_algorithm,second_avg_s\n'
      printf 'bcast,v,p,4,16,binomial,1e-6,linear,2e-6%05000d\n' 0; } >"$T/longline-best.csv"
    printf '1 1.5\n' >"$T/noheader.txt"
    printf '# OSU MPI Broadcast Latency Test v7.3\n# Size       Avg Latency(us)\n1 1.5\n' >"$T/bcast.txt"
    printf '# Size       Avg Latency(us)\n1 1.5\n' >"$T/avg.txt"
    printf '# OSU MPI Latency Test v7.4\n# Size          Latency (ms)\n1 0.0015\n' >"$T/ms.txt"
    printf '# OSU MPI Latency Test v7.4\n# Size          Latency (us)\n1 1.9\n' >"$T/osu2.txt"
    printf '# Size          Latency (us)\n1 -3\n' >"$T/negative.txt"
    # numbers that wrap or overflow, and hex, nan and inf (src/util/num.h)
    printf '[machine]\nname = x\n[node]\nlevels = a:4096 b:4096 c:4096\n' >"$T/levels.machine"
    printf '[machine]\nname = x\n[node]\nnic.bandwidth = 1e300TBps\n' >"$T/inf-bw.machine"
    printf '[machine]\nname = x\n[mpi]\nsend-overhead = 0:0x10:0\n' >"$T/hex.machine"
    local best='collective,variant,platform,np,bytes,best_algorithm,best_avg_s,second_algorithm,second_avg_s'
    printf '%s\nbcast,v,p,4294967297,16,ompi_binomial,1e-6,linear,2e-6\n' "$best" >"$T/np-wrap.csv"
    printf '%s\nbcast,v,p,4,-1,ompi_binomial,1e-6,linear,2e-6\n' "$best" >"$T/bytes-neg.csv"
    printf '%s\nbcast,v,p,4,1e20,ompi_binomial,1e-6,linear,2e-6\n' "$best" >"$T/bytes-e20.csv"
    printf '%s\nbcast,v,p,4,18446744073709551615,ompi_binomial,1e-6,linear,2e-6\n' "$best" >"$T/bytes-max.csv"
    printf '%s\nbcast,v,p,4,16,ompi_binomial,0x10,linear,2e-6\n' "$best" >"$T/time-hex.csv"
    local tidy='collective,algorithm,placement,nodes_used,np,size_bytes,avg_us,max_us,note,source_file'
    printf '%s\nbcast,0,core,1,4,0x10,1.5,2,,f\n' "$tidy" >"$T/size-hex.csv"
    printf '%s\nbcast,0,core,1,4294967300,16,1.5,2,,f\n' "$tidy" >"$T/np-big.csv"
    printf '# OSU MPI Latency Test\n# Size          Latency (us)\n1 1.5\n0x10 1.6\n' >"$T/hex.txt"
    printf '# OSU MPI Latency Test\n# Size          Latency (us)\n1 1.5\n8 nan\n' >"$T/nan.txt"
}

# The state a failed command must not change: every file under $T with its checksum.
# (the names of all, the checksums of regular files: zero.xml is a link to /dev/zero)
snapshot() {
    (cd "$T" && find . -path ./tmp -prune -o -print | sort &&
        find . -path ./tmp -prune -o -type f -print0 | sort -z | xargs -0 md5sum; ls -A tmp)
}

# run_case STATUS PATTERN ARGS: one case of cases.txt.
run_case() {
    local want=$1 pattern=$2 args=$3 before after err st
    eval "set -- $args"
    before=$(snapshot)
    err=$(cd "$T/w" && TMPDIR=$T/tmp "$collsim" "$@" 2>&1 >/dev/null)
    st=$?
    after=$(snapshot)
    local what="collsim $args"
    assert_eq "$what: exit status" "$want" "$st"
    # progress notes ("collsim: simulating ...") may come before the one error line
    err=$(printf '%s\n' "$err" | awk '/^collsim: error: / || !/^collsim: /')
    if [ "$(printf '%s\n' "$err" | grep -c .)" -ne 1 ] ||
        ! printf '%s\n' "$err" | grep -qE "^collsim: error: .*($pattern)"; then
        fail "$what: expected one 'collsim: error:' line matching '$pattern', got: $err"
    else
        pass
    fi
    if [ "$before" = "$after" ]; then
        pass
    else
        fail "$what: files left or changed: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]')"
        rm -f "$T/fixed.trace" "$T"/*.part "$T"/tmp/* "$T"/w/*
    fi
}

make_fixtures
cases=0
while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    want=${line%% |*}
    rest=${line#* | }
    pattern=${rest%% | *}
    args=${rest#* | }
    pattern=${pattern//\$T/$T}
    pattern=${pattern//\$P/$P}
    run_case "$want" "$pattern" "$args"
    cases=$((cases + 1))
done <"$src/tests/errors/cases.txt"
[ "$cases" -ge 60 ] && pass || fail "only $cases cases"

# The algorithms' settings in the environment go through the same checked reader, each with
# its range (src/registry/choices.c): refused before anything runs, the value named.
for e in COLLSIM_SEGMENT=0.001 COLLSIM_SEGMENT=0x10 COLLSIM_SEGMENT=1e300 COLLSIM_WINDOW=nan \
    COLLSIM_ALPHA=inf COLLSIM_RADIX=4294967298 COLLSIM_REDUCE_RATE=-1; do
    declare -x "$e"
    run_case 2 "bad value '${e#*=}' for ${e%%=*} \\(.* (from|up to) " \
        "run --platform $P/ring-16.xml --sizes 16 --algo binomial --iters 1"
    run_case 2 "bad value '${e#*=}' for ${e%%=*} " "predict --a 1us --b 1e-9 --np 4"
    unset "${e%%=*}"
done

# Standard output that cannot be written is an error too.
err=$("$collsim" list 2>&1 >/dev/full)
assert_eq "collsim list >/dev/full: exit status" 1 "$?"
assert_eq "collsim list >/dev/full: the error" \
    "collsim: error: cannot write the standard output: No space left on device" "$err"
# A hostfile with CRLF line ends is read as the same hosts.
printf 'n0\r\nn1\r\n' >"$T/crlf.hosts"
assert_status "a CRLF hostfile" 0 "$collsim" run --platform "$P/ring-16.xml" \
    --hostfile "$T/crlf.hosts" --sizes 16 --algo binomial --iters 1 --quiet
# Paths with spaces reach smpirun, which splits arguments at spaces, only through plain-named
# temporary files: the outputs land where asked and nothing else is written.
mkdir "$T/my dir"
(cd "$T" && "$collsim" run --platform "$P/ring-16.xml" --sizes 16 --algo binomial --iters 1 \
    --quiet --csv "my dir/o.csv" --trace "my dir/o.trace") || fail "a path with a space"
assert_eq "a path with a space: the files written" "o.csv o.trace" "$(ls "$T/my dir" | xargs)"
[ ! -e "$T/my" ] && pass || fail "a path with a space: a stray file 'my'"
# A device given as an output is written in place, never replaced by a file.
if mknod -m 666 "$T/null" c 1 3 2>/dev/null; then
    assert_status "--csv to a device" 0 "$collsim" run --platform "$P/ring-16.xml" --sizes 16 \
        --algo binomial --iters 1 --quiet --csv "$T/null"
    [ -c "$T/null" ] && pass || fail "the device '$T/null' was replaced"
fi
echo "$cases bad inputs"
finish
