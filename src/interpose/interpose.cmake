# interpose.cmake: libcollsim-bcast, the PMPI interposer (src/interpose/README.md), and its
# CTest tests interpose.* (tests/interpose). Included by the top-level CMakeLists.txt, which
# has found SimGrid (PkgConfig::SIMGRID, SIMGRID_INCLUDEDIR) and smpirun (SMPIRUN).

# The interposer: collsim's algorithms compiled in as SMPI code (as the runner is), with only
# the MPI_* functions it defines exported, so it cannot clash with an application's symbols.
file(GLOB CS_INTERPOSE_BCAST_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/bcast/*.c)
add_library(collsim-bcast SHARED ${CMAKE_SOURCE_DIR}/src/interpose/interpose.c
            ${CS_INTERPOSE_BCAST_SOURCES})
set_target_properties(collsim-bcast PROPERTIES C_VISIBILITY_PRESET hidden)
target_include_directories(collsim-bcast PRIVATE ${CMAKE_SOURCE_DIR}/src/bcast
                           ${SIMGRID_INCLUDEDIR}/smpi)
target_compile_options(collsim-bcast PRIVATE -include smpi/smpi_helpers.h)
target_link_libraries(collsim-bcast PRIVATE PkgConfig::SIMGRID)

# The test application, twice: linked with the interposer ahead of libsimgrid (what works
# under smpirun's default privatization), and plain, as any SMPI program is built (for the
# LD_PRELOAD ways). --no-as-needed: smpi.h declares MPI_Bcast weak, and a weak reference does
# not make a library "needed", so gcc's default --as-needed would drop the interposer.
foreach(variant linked plain)
  add_library(interpose-app-${variant} SHARED ${CMAKE_SOURCE_DIR}/tests/interpose/app.c)
  set_target_properties(interpose-app-${variant} PROPERTIES PREFIX "" SUFFIX ".so")
  target_include_directories(interpose-app-${variant} PRIVATE ${SIMGRID_INCLUDEDIR}/smpi)
  target_compile_options(interpose-app-${variant} PRIVATE -include smpi/smpi_helpers.h)
endforeach()
target_link_libraries(interpose-app-linked PRIVATE "-Wl,--push-state,--no-as-needed" collsim-bcast
                      "-Wl,--pop-state" PkgConfig::SIMGRID m)
target_link_libraries(interpose-app-plain PRIVATE PkgConfig::SIMGRID m)

# Tests. Each script takes: interposer, linked app, plain app, source dir, smpirun, then its
# own arguments (tests/interpose/common.sh).
find_program(SMPICC smpicc)
set(CS_INTERPOSE_ARGS $<TARGET_FILE:collsim-bcast> $<TARGET_FILE:interpose-app-linked>
    $<TARGET_FILE:interpose-app-plain> ${CMAKE_SOURCE_DIR} ${SMPIRUN})
# One data-and-trace test per collsim algorithm (from the registry), one SimGrid algorithm,
# and the pass-through.
file(STRINGS ${CMAKE_SOURCE_DIR}/src/bcast/algorithms.def CS_INTERPOSE_ALGO_LINES
     REGEX "^BCAST_ALGO\\(")
set(CS_INTERPOSE_ALGOS "")
foreach(line ${CS_INTERPOSE_ALGO_LINES})
  string(REGEX REPLACE "^BCAST_ALGO\\(([a-z0-9_]+),.*" "\\1" algo "${line}")
  list(APPEND CS_INTERPOSE_ALGOS ${algo})
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_SOURCE_DIR}/src/bcast/algorithms.def)
foreach(algo ${CS_INTERPOSE_ALGOS} smpi:binomial_tree unset)
  add_test(NAME interpose.${algo}
           COMMAND bash ${CMAKE_SOURCE_DIR}/tests/interpose/algo.sh ${CS_INTERPOSE_ARGS} ${algo})
endforeach()
add_test(NAME interpose.errors
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/interpose/errors.sh ${CS_INTERPOSE_ARGS})
add_test(NAME interpose.methods
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/interpose/methods.sh ${CS_INTERPOSE_ARGS} ${SMPICC})
