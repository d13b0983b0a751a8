# CTest registrations for the runner, the algorithms and the front end.
set(CS_RUN_TESTS fault formulas determinism errors simgrid)
foreach(t ${CS_RUN_TESTS})
  add_test(NAME run.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/run/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
# One data-check test per algorithm, from the registry (algorithms.def).
file(STRINGS ${CMAKE_SOURCE_DIR}/src/bcast/algorithms.def CS_ALGO_LINES REGEX "^BCAST_ALGO\\(")
foreach(line ${CS_ALGO_LINES})
  string(REGEX REPLACE "^BCAST_ALGO\\(([a-z0-9_]+),.*" "\\1" algo "${line}")
  add_test(NAME data.${algo} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/run/data_check.sh
           ${algo} $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/bcast/algorithms.def)
