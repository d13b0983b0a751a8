# CTest registrations for the runner, the algorithms and the front end.
set(CS_RUN_TESTS privatized unreceived barrier_check machine machine_platform memory calibrate_physical validate jobs_hostile gnuplot_hostile csv_rows calibrate_profile fault formulas determinism errors simgrid routing topology rma_trace ptp_trace shared study study_grid study_trust study_gaps long_trace shared_buffers maps eager study_dense predict predict_valid algo_file mpilib tune ompi_messages)
foreach(t ${CS_RUN_TESTS})
  add_test(NAME run.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/run/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
# The benchmarks' plans (what they would run), without running them.
add_test(NAME bench.plan COMMAND bash ${CMAKE_SOURCE_DIR}/tests/bench/plan.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
# tune.sh runs Open MPI and MPICH themselves: skipped (77) when neither is installed.
set_tests_properties(run.tune run.ompi_messages run.gnuplot_hostile PROPERTIES SKIP_RETURN_CODE 77)
# The table of collsim's algorithms, `collsim list --tsv`, written into CS_ALGORITHMS_TSV by
# every build of collsim: the tests that run one case per algorithm register them from it when
# CTest runs (tests/algorithms.cmake), as gtest_discover_tests does, so no test reads
# algorithms.def.
add_custom_command(OUTPUT ${CS_ALGORITHMS_TSV}
                   COMMAND ${CMAKE_COMMAND} -DCOLLSIM=$<TARGET_FILE:collsim>
                           -DOUT=${CS_ALGORITHMS_TSV} -P ${CMAKE_SOURCE_DIR}/tests/list_tsv.cmake
                   DEPENDS collsim ${CMAKE_SOURCE_DIR}/tests/list_tsv.cmake VERBATIM)
add_custom_target(cs_algorithms_tsv ALL DEPENDS ${CS_ALGORITHMS_TSV})
# One data-check test per algorithm that runs on any platform: data.ALGO for a broadcast,
# data.COLLECTIVE.ALGO for the other collectives. The topology-aware ones are checked on their
# own platforms in topology.sh.
file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/data_tests.cmake CONTENT
     "include([==[${CMAKE_SOURCE_DIR}/tests/algorithms.cmake]==])
cs_add_data_tests([==[${CS_ALGORITHMS_TSV}]==] [==[$<TARGET_FILE:collsim>]==]
                  [==[${CMAKE_SOURCE_DIR}]==])
")
set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${CMAKE_BINARY_DIR}/data_tests.cmake)

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
# C unit test of the registry's fit rule and topology parsers, and of format.h.
add_executable(test_registry tests/unit/test_registry.c)
target_include_directories(test_registry PRIVATE tests/unit)
target_link_libraries(test_registry PRIVATE cs_registry cs_trace m)
add_test(NAME unit.registry COMMAND test_registry)
# C unit test of the runner's command line (src/registry/runargs.h), written and read back.
add_executable(test_runargs tests/unit/test_runargs.c)
target_include_directories(test_runargs PRIVATE tests/unit)
target_link_libraries(test_runargs PRIVATE cs_registry cs_util)
add_test(NAME unit.runargs COMMAND test_runargs)
# C unit test of the machine profile format (src/machine/machine.h).
add_executable(test_machine tests/unit/test_machine.c)
target_include_directories(test_machine PRIVATE tests/unit)
target_link_libraries(test_machine PRIVATE cs_machine)
add_test(NAME unit.machine COMMAND test_machine)
# C unit test of data.h's fills and checks (header only; mpi.h from SimGrid).
add_executable(test_data tests/unit/test_data.c)
target_include_directories(test_data PRIVATE tests/unit src/coll/common ${SIMGRID_INCLUDEDIR}/smpi
                                             ${SIMGRID_INCLUDEDIR})
add_test(NAME unit.data COMMAND test_data)
# C unit test of the torus broadcast's trees (src/registry/torus_edst.h).
add_executable(test_torus_edst tests/unit/test_torus_edst.c)
target_include_directories(test_torus_edst PRIVATE tests/unit)
target_link_libraries(test_torus_edst PRIVATE cs_registry)
add_test(NAME unit.torus_edst COMMAND test_torus_edst)
# C unit test of the allgather's parts of unequal sizes (src/registry/hier_rule.h, header only).
add_executable(test_hier_rule tests/unit/test_hier_rule.c)
target_include_directories(test_hier_rule PRIVATE tests/unit src/registry)
target_link_libraries(test_hier_rule PRIVATE m)
add_test(NAME unit.hier_rule COMMAND test_hier_rule)
# C unit test of the checked reader of numbers (src/util/num.h) and the parsers built on it.
add_executable(test_num tests/unit/test_num.c)
target_include_directories(test_num PRIVATE tests/unit)
target_link_libraries(test_num PRIVATE cs_util m)
add_test(NAME unit.num COMMAND test_num)
# C unit test of the output rules and temporary files (src/util/out.c).
add_executable(test_out tests/unit/test_out.c)
target_include_directories(test_out PRIVATE tests/unit)
target_link_libraries(test_out PRIVATE cs_util)
add_test(NAME unit.out COMMAND test_out)
# C unit test of what a gnuplot script takes (quoting, escapes, control characters) and of
# gnuplot's time limit (src/util/plot.c), a fake gnuplot that never ends included.
add_executable(test_plot tests/unit/test_plot.c)
target_include_directories(test_plot PRIVATE tests/unit)
target_link_libraries(test_plot PRIVATE cs_util)
add_test(NAME unit.plot COMMAND test_plot)

# Each collective's own tests (topology-aware algorithms, course formulas, SimGrid's
# algorithms): tests/coll/<collective>/tests.cmake, included here.
file(GLOB CS_COLL_TEST_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/coll/*/tests.cmake)
foreach(f ${CS_COLL_TEST_FILES})
  include(${f})
endforeach()

# The teaching labs' keys (examples/labs/), checked against fresh runs.
include(${CMAKE_SOURCE_DIR}/tests/labs/tests.cmake)
