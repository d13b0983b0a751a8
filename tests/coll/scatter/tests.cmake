# The scatter's own tests: its ring, torus and hypercube algorithms on generated platforms,
# their formulas, SimGrid's scatters (each script runs the gather's with "scatter").
foreach(t topology formula simgrid)
  add_test(NAME coll.scatter.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/scatter/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
