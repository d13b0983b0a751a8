#!/usr/bin/env bash
# browser.sh COLLSIM SRCDIR ARTIFACTS [STUDY]: a study's page, OUT/index.html, in a browser.
# Runs the default study on two sizes and 8 processes (its five platforms, both collectives,
# traces, analyses and the what-if: every part of the page), or takes the finished study in
# folder STUDY (e.g. the default study's out/study, made by this collsim), and checks its
# page: every link and image is a file inside the folder and none is external; headless
# Chromium shows it with no console message, loads no file that is not there, and its script
# runs (every figure loaded, every sortable table sortable). The screenshot is kept as
# ARTIFACTS/index.png. The checks are first proven on pages they must fail: a missing image and
# a script error, an external link, and a copy of the page without its figures, which the page
# itself must name. Then, on a study of its own, `collsim merge` writes the same page byte for
# byte, into another folder and in place (where it lists a file of the user's, its name
# escaped). Skipped (77) without chromium.
collsim=$1 src=$2 art=$3 study=${4:-}
source "$src/tests/lib.sh"
chromium=$(command -v chromium || command -v chromium-browser)
if [ -z "$chromium" ]; then
    echo "browser.sh: no chromium (scripts/bootstrap.sh installs it): skipped"
    exit 77
fi
check="python3 $src/tests/report/check_page.py"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$art"

# browse PAGE LOG ARGS...: headless Chromium on PAGE (a file), its log into LOG, with ARGS
# (--screenshot=FILE, --dump-dom); a profile of its own, so that other instances do not matter
browse() {
    local page=$1 log=$2
    shift 2
    timeout 300 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$T/profile" \
        --enable-logging=stderr --v=0 --vmodule=file_url_loader_factory=1 \
        --window-size=1280,4000 "$@" \
        "$(python3 -c 'import pathlib, sys; print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$page")" \
        2>"$log"
}

# The checks fail where they must. A missing image and a script error: the log names both.
mkdir "$T/broken"
printf '<!DOCTYPE html>\n<html><head><title>broken</title></head><body>\n<img src="gone.png" alt="gone">\n<script>no_such_function();</script>\n</body></html>\n' \
    >"$T/broken/index.html"
browse "$T/broken/index.html" "$T/broken.log" --screenshot="$T/broken.png" >/dev/null
$check log "$T/broken/index.html" "$T/broken.log" 2>"$T/err" >/dev/null
assert_eq "a broken page: the log check fails" 1 $?
grep -q "console: .*no_such_function" "$T/err" && pass || fail "the script error not caught: $(cat "$T/err")"
grep -q "no such file.*gone\.png" "$T/err" && pass || fail "the missing image not caught: $(cat "$T/err")"
$check links "$T/broken/index.html" 2>"$T/err" >/dev/null
grep -q "'gone.png' does not exist" "$T/err" && pass || fail "links: the missing image not caught: $(cat "$T/err")"
# links to the network, or out of the folder
printf '<a href="https://example.org/">x</a><img src="//example.org/a.png"><a href="../x">y</a><style>p{background:url(a.png)}</style>\n' \
    >"$T/broken/external.html"
$check links "$T/broken/external.html" 2>"$T/err" >/dev/null
assert_eq "external links: caught" "3 1" "$(grep -c "is external\|leaves the folder" "$T/err") $(grep -c "loads something" "$T/err")"

# The study and its page.
own=
if [ -z "$study" ]; then
    own=1 study=$T/s
    "$collsim" study --sizes 16,64K --np 8 --out "$study" >/dev/null 2>"$T/study.err"
    assert_eq "the study's status" 0 $?
    grep -q "open $study/index.html first" "$T/study.err" && pass || fail "the study does not point to its page: $(tail -2 "$T/study.err")"
fi
page=$study/index.html
[ -s "$page" ] && pass || fail "no $page"
cut -f1 "$study/report.files" | grep -qx "index.html" && pass || fail "index.html is not in report.files"
$check links "$page" && pass || fail "the page's links"
browse "$page" "$T/page.log" --screenshot="$art/index.png" >/dev/null
$check log "$page" "$T/page.log" && pass || fail "the page in Chromium"
browse "$page" "$T/dom.log" --dump-dom >"$T/dom.html"
$check dom "$page" "$T/dom.html" && pass || fail "the page's script"
python3 - "$art/index.png" <<'EOF' && pass || fail "the screenshot is no full page"
import struct, sys
data = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", data[16:24])
sys.exit(0 if data[:8] == b"\x89PNG\r\n\x1a\n" and (w, h) == (1280, 4000) and len(data) > 100000 else 1)
EOF
echo "screenshot: $art/index.png"
# what the page shows: its sections, a link to each platform and, of the default study, each
# collective's part and each variant's results
for s in question best plots summary files; do
    grep -q "id=\"$s\"" "$page" && pass || fail "no section $s"
done
for p in $(sed -n 's|^platform = platforms/\(.*\)\.xml$|\1|p' "$study/study.spec"); do
    grep -q "href=\"platforms/$p.xml\"" "$page" && pass || fail "no link to platform $p"
done
if grep -qx "platform = platforms/xl250a.xml" "$study/study.spec"; then
    for s in whatif best-reduce whatif-reduce plots-reduce summary-reduce; do
        grep -q "id=\"$s\"" "$page" && pass || fail "no section $s"
    done
    for p in ring-64 torus-8x8 hypercube-6 fattree-64 xl250a; do
        grep -q "href=\"$p.csv\"" "$page" && grep -q "href=\"$p-reduce.trace\"" "$page" &&
            grep -q "src=\"$p.png\"" "$page" && pass || fail "$p: a link or figure missing"
    done
fi

# A copy of the page without the figures: the page names them, in red and on the console.
mkdir "$T/bare"
cp "$page" "$T/bare/index.html"
browse "$T/bare/index.html" "$T/bare.log" --dump-dom >"$T/bare.html"
grep -q 'console: "Figures missing from this folder' <($check log "$T/bare/index.html" "$T/bare.log" 2>&1) &&
    pass || fail "the page does not name its missing figures on the console"
grep -q '<body[^>]*data-figures="0/' "$T/bare.html" && grep -q '<p id="missing" class="warn">Figures missing' "$T/bare.html" &&
    pass || fail "the page does not mark its missing figures"

# merge writes the same page, into a folder of its own (the spec and platforms copied there)
# and in place, where a file of the user's is listed too, its name escaped
if [ -z "$own" ]; then
    finish
    exit
fi
"$collsim" merge "$study" --out "$T/m" >/dev/null 2>&1
assert_eq "merge into a folder: status" 0 $?
cmp -s "$page" "$T/m/index.html" && pass || fail "merge into a folder: another page ($(diff "$page" "$T/m/index.html" | head -3))"
cp "$page" "$T/page.html"
odd='notes & #1 <x>.txt'
echo "a note" >"$study/$odd"
"$collsim" merge "$study" >/dev/null 2>&1
assert_eq "merge in place: status" 0 $?
$check links "$page" >/dev/null && pass || fail "merge in place: the page's links"
row='<tr><td><a href="notes%20%26%20%231%20%3Cx%3E.txt">notes &amp; #1 &lt;x&gt;.txt</a></td><td>text</td><td class="num" data-v="7">7 B</td></tr>'
assert_eq "the user's file in the list" 1 "$(grep -cxF "$row" "$page")"
grep -vxF "$row" "$page" | cmp -s "$T/page.html" - && pass || fail "merge in place: another page"
finish
