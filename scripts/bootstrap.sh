#!/usr/bin/env bash
# bootstrap.sh: installs what collsim needs from Debian 12 (only when a package is missing:
# apt runs, and asks for sudo on a laptop, only then) and builds it in build/. Every name is
# a real package: smpirun and tesh come with libsimgrid-dev, pj_dump with pajeng; Open MPI and
# MPICH only for tests/run/tune.sh, which runs the tuning files `collsim tune` writes; help2man
# writes the man pages; bash-completion, chromium and mmdebstrap only for the tests of the
# completion, of a study's index.html and of the Debian package in a clean root.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for pkg in libsimgrid-dev pajeng libxml2-dev libgsl-dev gnuplot-nox librsvg2-bin cmake gcc make \
    pkg-config clang-format parallel python3-pandas openmpi-bin libopenmpi-dev mpich \
    help2man bash-completion chromium mmdebstrap; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "collsim: installing ${need[*]}" >&2
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${need[@]}" >&2
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)" >&2
