#!/usr/bin/env bash
# prefix.sh BUILD SRCDIR: `cmake --install BUILD --prefix P` into a temporary prefix, then the
# installed collsim, moved to another prefix (it finds its parts relative to itself), runs from
# an empty folder: a shipped platform by name (the same times as the build tree's collsim),
# the default study, and an application built against the interposer through pkg-config.
build=$1
src=$2
source "$src/tests/lib.sh"
collsim=$build/collsim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/first" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "cmake --install"; finish; exit 1; }
mv "$tmp/first" "$tmp/p" # installed elsewhere than at install time
p=$tmp/p
for f in bin/collsim lib/collsim/collsim-runner.so lib/collsim/collsim-pingpong.so \
    lib/collsim/libcollsim-opcost.so lib/libcollsim-interpose.so \
    include/collsim/collsim-interpose.h lib/pkgconfig/collsim-interpose.pc \
    share/collsim/examples/default.study share/collsim/platforms/torus-4x4.xml \
    share/collsim/platforms/ring-64.xml share/collsim/machines/xl250a.machine \
    share/collsim/validation/predict-scale.csv \
    share/doc/collsim/README.md share/doc/collsim/study.md share/man/man1/collsim.1 \
    share/man/man1/collsim-run.1 share/bash-completion/completions/collsim; do
    if [ -f "$p/$f" ]; then pass; else fail "installed $f is missing"; fi
done
assert_eq "lab keys installed" "" "$(find "$p/share/collsim/examples" -path '*/key/*' | head -1)"

# --version: the version and the commit of the source tree
commit=$(git -C "$src" describe --always --dirty 2>/dev/null | sed 's/-dirty$//')
version=$(sed -n 's/^project(collsim VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
got=$("$p/bin/collsim" --version)
case "$got" in
"collsim $version (commit $commit"*) pass ;;
*) fail "--version: expected 'collsim $version (commit $commit...)', got '$got'" ;;
esac

# a shipped platform by name, from an empty folder: the build tree's times, exactly
mkdir "$tmp/empty" && cd "$tmp/empty" || exit 1
"$p/bin/collsim" run --platform torus-4x4 --sizes 1K,64K --quiet --csv inst.csv 2>"$tmp/err" ||
    fail "installed run on torus-4x4: $(cat "$tmp/err")"
"$collsim" run --platform "$src/platforms/torus-4x4.xml" --sizes 1K,64K --quiet \
    --csv "$tmp/built.csv" || fail "build tree run"
assert_eq "installed run's times" "$(csv_col "$tmp/built.csv" avg_s | tr '\n' ' ')" \
    "$(csv_col inst.csv avg_s | tr '\n' ' ')"
assert_eq "installed run's checks" "1 1 " "$(csv_col inst.csv valid | sort -u | tr '\n' ' ' | sed 's/^1 $/1 1 /')"
assert_one_line_error "unknown platform name" "$p/bin/collsim" run --platform no-such-platform
rm -f inst.csv
# predict reads the installed validation table: the same notes as the build tree's
assert_eq "installed predict's notes" \
    "$("$collsim" predict --a 2us --b 1e-10 --np 1000000 --sizes 1K --collective allreduce | md5sum)" \
    "$("$p/bin/collsim" predict --a 2us --b 1e-10 --np 1000000 --sizes 1K --collective allreduce | md5sum)"
"$p/bin/collsim" predict --a 2us --b 1e-10 --np 1000000 --sizes 1K --collective allreduce |
    grep -q "beyond validation: " && pass || fail "installed predict notes no validated range"

# validate with an installed profile (by its name) on a shipped data set
"$p/bin/collsim" validate --machine orfeo-epyc-calibrated --quiet --np 30 --placement core \
    --collective reduce --measured "$src/data/orfeo-epyc-tallone/collectives.csv" >"$tmp/val.txt" \
    2>"$tmp/err" && grep -q '^all: 84 points' "$tmp/val.txt" && pass ||
    fail "installed validate: $(cat "$tmp/err") $(tail -2 "$tmp/val.txt")"

# the default study, from the empty folder
if "$p/bin/collsim" study >"$tmp/study.log" 2>&1; then pass; else
    tail -5 "$tmp/study.log"
    fail "installed collsim study"
fi
for f in summary.txt best.csv whatif.txt torus-8x8.csv xl250a.csv; do
    if [ -s "out/study/$f" ]; then pass; else fail "default study: out/study/$f missing"; fi
done
assert_eq "default study's platforms in best.csv" "fattree-64 hypercube-6 ring-64 torus-8x8 xl250a" \
    "$(csv_col out/study/best.csv platform | sort -u | tr '\n' ' ' | sed 's/ $//')"

# an application built against the installed interposer through pkg-config
export PKG_CONFIG_PATH=$p/lib/pkgconfig
flags=$(pkg-config --cflags --libs collsim-interpose) || fail "pkg-config collsim-interpose"
smpicc -o "$tmp/app" "$src/tests/install/app.c" $flags 2>"$tmp/cc.log" ||
    fail "smpicc with pkg-config's flags: $(cat "$tmp/cc.log")"
assert_eq "pkg-config --modversion" "$version" "$(pkg-config --modversion collsim-interpose)"
run_app() {
    env "$@" LD_LIBRARY_PATH="$p/lib" smpirun -np 8 -platform "$src/platforms/torus-4x4.xml" \
        -hostfile "$src/platforms/torus-4x4.hosts" --log=root.thres:critical "$tmp/app" 2>&1
}
assert_eq "interposed binomial" "version=$version bcast=binomial wrong=0 ranks=8" \
    "$(run_app COLLSIM_BCAST=binomial)"
assert_eq "SimGrid's default" "version=$version bcast=default wrong=0 ranks=8" "$(run_app COLLSIM_BCAST=)"
finish
