# The prefix reduction's own tests: its times worked out by hand, and a data check that is
# not vacuous.
foreach(t formulas fault)
  add_test(NAME coll.scan.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/scan/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
