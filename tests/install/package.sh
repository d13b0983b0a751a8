#!/usr/bin/env bash
# package.sh BUILD SRCDIR: `cpack -G DEB` makes collsim_VERSION_amd64.deb; it is installed with
# `apt-get install ./collsim_*.deb` into a clean Debian 12 root made with mmdebstrap (a chroot:
# root and the Debian archive are needed, else the test is skipped with status 77), where the
# installed collsim runs the default study from an empty folder and `collsim run` on a shipped
# platform, whose times must equal the build tree's.
build=$1
src=$2
source "$src/tests/lib.sh"
collsim=$build/collsim
tmp=$(mktemp -d)
root=$tmp/root
cleanup() {
    mountpoint -q "$root/proc" && umount "$root/proc"
    rm -rf "$tmp"
}
trap cleanup EXIT

version=$(sed -n 's/^project(collsim VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")
deb=collsim_${version}_amd64.deb
built_version=$("$collsim" --version) # the build the package is made of, now
cpack --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
    { cat "$tmp/cpack.log"; fail "cpack"; finish; exit 1; }
if [ -f "$tmp/pkg/$deb" ]; then pass; else fail "cpack made no $deb: $(ls "$tmp/pkg")"; fi
depends=$(dpkg-deb -f "$tmp/pkg/$deb" Depends)
for d in libsimgrid-dev pajeng gnuplot libsimgrid3.32 libxml2 libgsl27; do
    case ", $depends" in *", $d"*) pass ;; *) fail "Depends lacks $d: $depends" ;; esac
done

if [ "$(id -u)" -ne 0 ] || ! command -v mmdebstrap >/dev/null; then
    echo "SKIP: a clean root needs root and mmdebstrap (apt-get install mmdebstrap)"
    exit 77
fi
mmdebstrap --variant=apt --quiet bookworm "$root" >"$tmp/mmdebstrap.log" 2>&1 ||
    { tail -5 "$tmp/mmdebstrap.log"; fail "mmdebstrap bookworm"; finish; exit 1; }
cp "$tmp/pkg/$deb" "$root/tmp/"
mount -t proc proc "$root/proc"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root sh -c "$1"; }
# mmdebstrap leaves no package lists: apt-get update first, as on any fresh machine
in_root "apt-get update -q && apt-get install -y -q /tmp/$deb" >"$tmp/apt.log" 2>&1 ||
    { tail -5 "$tmp/apt.log"; fail "apt-get install ./$deb in the clean root"; finish; exit 1; }
assert_eq "installed collsim" "/usr/bin/collsim" "$(in_root 'command -v collsim')"
assert_eq "installed --version" "$built_version" "$(in_root 'collsim --version')"

# collsim run on a shipped platform by name: the build tree's times
in_root "mkdir /tmp/r && cd /tmp/r && collsim run --platform torus-4x4 --sizes 1K,64K --quiet --csv r.csv" ||
    fail "collsim run in the clean root"
"$collsim" run --platform "$src/platforms/torus-4x4.xml" --sizes 1K,64K --quiet \
    --csv "$tmp/built.csv" || fail "build tree run"
assert_eq "packaged run's times" "$(csv_col "$tmp/built.csv" avg_s | tr '\n' ' ')" \
    "$(csv_col "$root/tmp/r/r.csv" avg_s | tr '\n' ' ')"

# the default study from an empty folder
in_root "mkdir /tmp/s && cd /tmp/s && collsim study" >"$tmp/study.log" 2>&1 ||
    { tail -5 "$tmp/study.log"; fail "collsim study in the clean root"; }
for f in summary.txt best.csv whatif.txt; do
    if [ -s "$root/tmp/s/out/study/$f" ]; then pass; else fail "packaged study: $f missing"; fi
done
assert_eq "packaged study's platforms" "fattree-64 hypercube-6 ring-64 torus-8x8 xl250a" \
    "$(csv_col "$root/tmp/s/out/study/best.csv" platform | sort -u | tr '\n' ' ' | sed 's/ $//')"
assert_eq "man page installed" "/usr/share/man/man1/collsim-run.1" \
    "$(in_root 'ls /usr/share/man/man1/collsim-run.1*' | sed 's/\.gz$//')"
finish
