# The reduce-scatter's own tests (uneven counts): topology-aware data checks, SimGrid's
# reduce-scatters (fault-free ones pass, known faults still show), hand-worked formulas, a data
# check that is not vacuous.
foreach(t simgrid formulas)
  add_test(NAME coll.reduce_scatter.${t}
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/reduce_scatter/${t}.sh
                   $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
foreach(t topology fault)
  add_test(NAME coll.reduce_scatter.${t}
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/reduce_scatter/${t}.sh
                   $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR} reduce_scatter)
endforeach()
