# algorithms.cmake: read at ctest time by the test files that register one test per algorithm
# (tests.cmake's data.*, src/interpose's interpose.*), as gtest_discover_tests reads a test
# binary: the algorithms come from the built collsim (`collsim list --tsv`, written into the
# build tree by tests/list_tsv.cmake), not from the sources.

# cs_collsim_algorithms(TSV NEEDS OUT): OUT = "COLLECTIVE:ALGORITHM" of every algorithm in TSV
# whose needs field is NEEDS ("none": runs on any platform). Without TSV (collsim not built
# yet) OUT is NOTFOUND.
function(cs_collsim_algorithms tsv needs out)
  if(NOT EXISTS ${tsv})
    set(${out} NOTFOUND PARENT_SCOPE)
    return()
  endif()
  file(STRINGS ${tsv} lines)
  set(found "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^([a-z0-9_]+)\t([a-z0-9_]+)\t[^\t]*\t([a-z,]+)\t" AND CMAKE_MATCH_3 STREQUAL needs)
      list(APPEND found "${CMAKE_MATCH_1}:${CMAKE_MATCH_2}")
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# cs_not_built(NAME TSV): a failing test NAME that says collsim must be built first.
function(cs_not_built name tsv)
  add_test(${name} bash -c "echo '${tsv} is missing: build collsim first'; exit 1")
endfunction()

# cs_add_data_tests(TSV COLLSIM SRC): data.ALGO (a broadcast) or data.COLLECTIVE.ALGO, one
# tests/run/data_check.sh per algorithm that runs on any platform, labelled sanitize.
function(cs_add_data_tests tsv collsim src)
  cs_collsim_algorithms(${tsv} none algos)
  if(NOT algos)
    cs_not_built(data.NOT_BUILT ${tsv})
    return()
  endif()
  foreach(a IN LISTS algos)
    string(REGEX MATCH "^([a-z0-9_]+):([a-z0-9_]+)$" unused ${a})
    set(name data.${CMAKE_MATCH_1}.${CMAKE_MATCH_2})
    if(CMAKE_MATCH_1 STREQUAL "bcast")
      set(name data.${CMAKE_MATCH_2})
    endif()
    add_test(${name} bash ${src}/tests/run/data_check.sh ${CMAKE_MATCH_1} ${CMAKE_MATCH_2}
             ${collsim} ${src})
    set_tests_properties(${name} PROPERTIES LABELS sanitize)
  endforeach()
endfunction()
