# The exclusive prefix reduction's own tests: a data check that is not vacuous, and rank 0's
# result left alone.
add_test(NAME coll.exscan.fault COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/exscan/fault.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
