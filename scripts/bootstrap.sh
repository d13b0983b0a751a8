#!/usr/bin/env bash
# bootstrap.sh: installs what collsim needs from Debian 12 (when missing) and builds it in build/.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
for pkg in libsimgrid-dev simgrid pajeng libxml2-dev libgsl-dev gnuplot-nox cmake gcc make pkg-config \
    clang-format; do
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
