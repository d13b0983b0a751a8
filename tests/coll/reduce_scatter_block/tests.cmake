# The block reduce-scatter's own tests: topology-aware data checks and the non-vacuous data
# check (the reduce-scatter's scripts, run on this collective), hand-worked formulas.
add_test(NAME coll.reduce_scatter_block.formulas
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/reduce_scatter_block/formulas.sh
                 $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
foreach(t topology fault)
  add_test(NAME coll.reduce_scatter_block.${t}
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/reduce_scatter/${t}.sh
                   $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR} reduce_scatter_block)
endforeach()
