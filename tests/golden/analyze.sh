# analyze.sh: the one `collsim analyze` command of the golden test, shared by
# tests/golden/golden.sh and traces/regenerate.sh. Source it from the traces/ folder.

# golden_analyze COLLSIM OUT_DIR: analyzes traces/crossbar-4.trace (relative names, since the
# report quotes them) into OUT_DIR/crossbar-4.{txt,models.csv,ranks.csv,links.csv,json,
# messages.csv}.
golden_analyze() {
    "$1" analyze crossbar-4.trace --platform crossbar-4.xml --csv "$2/crossbar-4" \
        --json "$2/crossbar-4.json" --messages "$2/crossbar-4.messages.csv" >"$2/crossbar-4.txt"
}
