# algorithms.cmake: read at ctest time (src/interpose/CMakeLists.txt's TEST_INCLUDE_FILES):
# interpose.COLLECTIVE.ALGO, colls.sh with COLLSIM_<COLLECTIVE>=ALGO, for every collsim
# algorithm that needs no topology of every interposed collective, from the built collsim's
# table (tests/algorithms.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/../algorithms.cmake)

# cs_add_interpose_tests(TSV MPI_NAMES SRC ARGS): MPI_NAMES the interposed collectives as
# "COLLECTIVE:MPI_Name", ARGS the arguments every colls.sh run starts with.
function(cs_add_interpose_tests tsv mpi_names src args)
  cs_collsim_algorithms(${tsv} none algos)
  if(NOT algos)
    cs_not_built(interpose.NOT_BUILT ${tsv})
    return()
  endif()
  foreach(a IN LISTS algos)
    string(REGEX MATCH "^([a-z0-9_]+):([a-z0-9_]+)$" unused ${a})
    set(coll ${CMAKE_MATCH_1})
    set(algo ${CMAKE_MATCH_2})
    foreach(pair IN LISTS mpi_names)
      if(pair MATCHES "^${coll}:(.+)$")
        add_test(interpose.${coll}.${algo} bash ${src}/tests/interpose/colls.sh ${args} ${coll}
                 ${CMAKE_MATCH_1} ${algo})
      endif()
    endforeach()
  endforeach()
endfunction()
