#!/usr/bin/env bash
# simgrid.sh COLLSIM SRCDIR: the scatter's run of tests/coll/gather/simgrid.sh (shared by both).
exec bash "$2/tests/coll/gather/simgrid.sh" "$1" "$2" scatter
