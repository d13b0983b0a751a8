# The barrier's own tests: the course's latency terms, SimGrid's barriers and their known
# fault, and the driver's check catching wrong barriers (docs/collectives/barrier.md).
foreach(t formulas simgrid)
  add_test(NAME coll.barrier.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/barrier/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
# broken.so: an SMPI program running the barrier driver on barriers wrong on purpose (built as
# the runner is, with collsim's algorithms compiled in); broken.sh runs it under smpirun.
add_library(barrier-broken SHARED ${CMAKE_SOURCE_DIR}/tests/coll/barrier/broken.c
            $<TARGET_OBJECTS:cs_coll>)
set_target_properties(barrier-broken PROPERTIES PREFIX "" SUFFIX ".so")
target_link_libraries(barrier-broken PRIVATE cs_coll cs_registry PkgConfig::SIMGRID m)
cs_smpi(barrier-broken)
# A sanitized build runs it as collsim runs its SMPI programs then (src/run/smpi.c): without
# privatization, the ASan runtime preloaded.
set(CS_BARRIER_SMPI_ARGS "")
if(COLLSIM_SANITIZE)
  set(CS_BARRIER_SMPI_ARGS -no-privatize)
endif()
add_test(NAME coll.barrier.broken COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/barrier/broken.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR} $<TARGET_FILE:barrier-broken> ${SMPIRUN}
         ${CS_BARRIER_SMPI_ARGS})
if(COLLSIM_SANITIZE)
  set_property(TEST coll.barrier.broken PROPERTY ENVIRONMENT
               LD_PRELOAD=${CS_LIBASAN} ASAN_OPTIONS=detect_leaks=0)
endif()
