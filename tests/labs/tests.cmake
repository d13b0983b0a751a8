# CTest registrations for the teaching labs (examples/labs/): one test per tests/labs/labN.sh,
# which runs lab N's commands and checks every claim of its teacher's key against fresh runs.
file(GLOB CS_LAB_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/labs/lab*.sh)
foreach(f ${CS_LAB_TESTS})
  get_filename_component(name ${f} NAME_WE)
  add_test(NAME labs.${name} COMMAND bash ${f} $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
