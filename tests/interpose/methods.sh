#!/usr/bin/env bash
# methods.sh INTERPOSER LINKED_APP PLAIN_APP COLLS_APP SRCDIR SMPIRUN SMPICC: the ways of putting the
# interposer in front of libsimgrid that src/interpose/README.md documents, each checked for
# what the README says: interposed (every call ran collsim's algorithm) or not (every call
# went to SimGrid's MPI_Bcast). Both directions are asserted, so a SimGrid that changes how it
# loads applications fails here rather than silently in a user's study.
source "$(dirname "$0")/common.sh"
smpicc=$1
libdir=$(dirname "$ip_lib")
preload="env LD_PRELOAD=$ip_lib"
export COLLSIM_BCAST=binomial

# method WHAT WANT_VERDICT SMPIRUN_ARGS...: one run of the app, data checked.
method() {
    local what=$1 want=$2
    shift 2
    ip_run m "$@"
    ip_check_data m "$what"
    assert_eq "$what: how MPI_Bcast ran" "$want" "$(ip_verdict m)"
}

# 1. Linking, as the README says (smpicc, --no-as-needed, absolute rpath).
if "$smpicc" -o "$ip_tmp/app.so" "$ip_src/examples/interpose/app.c" -L"$libdir" -Wl,-rpath,"$libdir" \
    -Wl,--no-as-needed -lcollsim-interpose >"$ip_tmp/smpicc.log" 2>&1; then
    pass
else
    fail "smpicc: $(cat "$ip_tmp/smpicc.log")"
fi
assert_eq "smpicc: libcollsim-interpose.so is a dependency" 1 \
    "$(readelf -d "$ip_tmp/app.so" | grep -c 'NEEDED.*\[libcollsim-interpose\.so\]')"
method "linked, default privatization" collsim "$ip_tmp/app.so"
method "linked, smpi/privatization:dlopen" collsim --cfg=smpi/privatization:dlopen "$ip_tmp/app.so"
# Without privatization the app is opened RTLD_LOCAL without RTLD_DEEPBIND: libsimgrid, in the
# global scope since smpimain started, comes first.
method "linked, -no-privatize" simgrid -no-privatize "$ip_linked"
method "linked, smpi/privatization:mmap" simgrid --cfg=smpi/privatization:mmap "$ip_linked"

# 2. Preloading into smpimain only (-wrapper): works where RTLD_DEEPBIND is not used.
method "preload, -no-privatize" collsim -no-privatize -wrapper "$preload" "$ip_plain"
method "preload, smpi/privatization:mmap" collsim --cfg=smpi/privatization:mmap -wrapper "$preload" "$ip_plain"
method "preload, default privatization" simgrid -wrapper "$preload" "$ip_plain"
# LD_PRELOAD set for smpirun itself also reaches smpimain (and every tool the script runs).
LD_PRELOAD=$ip_lib method "LD_PRELOAD on smpirun, -no-privatize" collsim -no-privatize "$ip_plain"

# 3. Both: linked and preloaded, interposed whatever the privatization.
for priv in "" -no-privatize --cfg=smpi/privatization:mmap; do
    method "linked and preloaded, ${priv:-default privatization}" collsim $priv -wrapper "$preload" "$ip_linked"
done
finish
