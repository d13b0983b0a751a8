# CTest registrations for the platform generator and `platform info`.
foreach(t metrics routes regenerate errors traced anatomy dragonfly dragonfly_study)
  add_test(NAME platform.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/platform/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
