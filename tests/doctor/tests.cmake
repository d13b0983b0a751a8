# CTest registrations for `collsim doctor`.
foreach(t checks)
  add_test(NAME doctor.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/doctor/doctor.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
