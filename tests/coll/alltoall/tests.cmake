# alltoall's own tests: topology-aware data checks and course formulas (topology.sh), SimGrid's
# alltoall algorithms and their known faults (simgrid.sh).
foreach(t topology simgrid)
  add_test(NAME coll.alltoall.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/alltoall/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
