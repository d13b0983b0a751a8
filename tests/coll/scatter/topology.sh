#!/usr/bin/env bash
# topology.sh COLLSIM SRCDIR: the scatter's run of tests/coll/gather/topology.sh (shared by both).
exec bash "$2/tests/coll/gather/topology.sh" "$1" "$2" scatter
