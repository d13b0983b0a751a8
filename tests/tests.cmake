# CTest registrations for the runner, the algorithms and the front end.
set(CS_RUN_TESTS fault formulas determinism errors simgrid routing topology rma_trace ptp_trace shared study)
foreach(t ${CS_RUN_TESTS})
  add_test(NAME run.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/run/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
# One data-check test per algorithm, from the registry (algorithms.def).
file(STRINGS ${CMAKE_SOURCE_DIR}/src/coll/algorithms.def CS_ALGO_LINES REGEX "^BCAST_ALGO\\(")
foreach(line ${CS_ALGO_LINES})
  string(REGEX REPLACE "^BCAST_ALGO\\(([a-z0-9_]+),.*" "\\1" algo "${line}")
  add_test(NAME data.${algo} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/run/data_check.sh
           ${algo} $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/coll/algorithms.def)

# C unit tests of the analyzer's models and fits.
add_executable(test_fit tests/unit/test_fit.c)
target_include_directories(test_fit PRIVATE tests/unit)
target_link_libraries(test_fit PRIVATE cs_analysis)
add_test(NAME unit.fit COMMAND test_fit)
add_test(NAME calibrate COMMAND bash ${CMAKE_SOURCE_DIR}/tests/calibrate/calibrate.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
add_executable(test_model tests/unit/test_model.c)
target_include_directories(test_model PRIVATE tests/unit)
target_link_libraries(test_model PRIVATE cs_analysis)
add_test(NAME unit.model COMMAND test_model)
