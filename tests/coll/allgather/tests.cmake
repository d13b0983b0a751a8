# allgather's own tests: topology-aware data checks and course formulas (topology.sh), SimGrid's
# allgather algorithms and their known faults (simgrid.sh).
foreach(t topology simgrid)
  add_test(NAME coll.allgather.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/allgather/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
