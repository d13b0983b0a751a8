# The broadcast's own tests: the edge-disjoint-tree broadcasts on their platforms.
add_test(NAME coll.bcast.topology COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/bcast/topology.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
