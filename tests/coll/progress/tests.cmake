# collsim run's progress lines and its CSV kept whole-rows as the run goes (src/run/runwatch.c).
add_test(NAME coll.progress.lines COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/progress/lines.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
add_test(NAME coll.progress.rows COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/progress/rows.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
