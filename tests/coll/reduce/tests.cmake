# The reduction's own tests: SimGrid's reduce algorithms (data check and known faults) and
# the cost formulas worked out by hand.
foreach(t simgrid formulas topology)
  add_test(NAME coll.reduce.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/reduce/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
