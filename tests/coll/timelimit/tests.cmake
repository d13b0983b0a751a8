# collsim run --time-limit: an algorithm past its wall-time limit is cut, the others' rows kept.
add_test(NAME coll.timelimit.cut COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/timelimit/cut.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
