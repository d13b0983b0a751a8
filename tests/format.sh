#!/usr/bin/env bash
# format.sh SRC_DIR: fails, naming the files, when a tracked C/C++ source or header differs
# from what clang-format makes of it with the repository's .clang-format. It checks only; to
# fix a file run `clang-format -i FILE` from SRC_DIR. Exits 77 (CTest: skipped) without
# clang-format or outside a git checkout, since it then cannot tell which files count.
src=${1:?usage: tests/format.sh SRC_DIR}
cd "$src" || exit 1
if ! command -v clang-format >/dev/null; then
    echo "format.sh: clang-format not found, check skipped" >&2
    exit 77
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "format.sh: $src is not a git checkout, check skipped" >&2
    exit 77
fi
bad=()
checked=0
while IFS= read -r -d '' f; do
    [ -f "$f" ] || continue # deleted in the work tree, not yet committed
    checked=$((checked + 1))
    clang-format --style=file --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done < <(git ls-files -z -- '*.c' '*.h' '*.cc' '*.cpp' '*.hpp')
if [ ${#bad[@]} -gt 0 ]; then
    echo "format.sh: ${#bad[@]} of $checked files differ from clang-format (.clang-format):" >&2
    printf '  %s\n' "${bad[@]}" >&2
    echo "fix with: clang-format -i FILE..." >&2
    exit 1
fi
echo "format.sh: $checked files match .clang-format"
