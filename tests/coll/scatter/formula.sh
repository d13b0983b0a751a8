#!/usr/bin/env bash
# formula.sh COLLSIM SRCDIR: the scatter's run of tests/coll/gather/formula.sh (shared by both).
exec bash "$2/tests/coll/gather/formula.sh" "$1" "$2" scatter
