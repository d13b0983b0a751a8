#!/usr/bin/env bash
# regenerate.sh BUILD_DIR: re-makes the committed trace, its platform and the expected
# `collsim analyze` outputs that tests/golden/golden.sh compares with. Run it only when the
# trace or report format changes on purpose, then review `git diff` and commit the result.
set -eu
build=$(cd "${1:?usage: traces/regenerate.sh BUILD_DIR}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
collsim=$build/collsim
golden=$src/tests/golden
# Paths are relative to traces/ on purpose: the report names the trace and platform as given,
# and nothing of this machine's file system may end up in the committed files.
cd "$src/traces"
"$collsim" platform crossbar --nodes 4 -o crossbar-4.xml
"$collsim" run --platform crossbar-4.xml --np 4 --algo binomial,linear --sizes 16,64K \
    --root 1 --iters 2 --warmup 1 --trace-links --trace crossbar-4.trace >/dev/null
# The same analyze command as golden.sh, so the two cannot drift apart.
source "$src/tests/golden/analyze.sh"
golden_analyze "$collsim" "$golden"
if grep -l -e "$src" -e "$build" crossbar-4.trace "$golden"/crossbar-4.*; then
    echo "regenerate.sh: the files above hold an absolute path of this machine" >&2
    exit 1
fi
echo "regenerated traces/crossbar-4.{xml,hosts,trace} and tests/golden/crossbar-4.*"
