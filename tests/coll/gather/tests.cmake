# The gather's own tests: its ring, torus and hypercube algorithms on generated platforms,
# their formulas, SimGrid's gathers. The scripts take the collective as a third argument and
# serve the scatter too (tests/coll/scatter).
foreach(t topology formula simgrid)
  add_test(NAME coll.gather.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/gather/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
