# CTest registrations of the golden analysis, the examples and the source format check.
# Included from the top-level CMakeLists.txt after the collsim target exists.
add_test(NAME golden.analyze COMMAND bash ${CMAKE_SOURCE_DIR}/tests/golden/golden.sh
         $<TARGET_FILE_DIR:collsim> ${CMAKE_SOURCE_DIR})
add_test(NAME examples COMMAND bash ${CMAKE_SOURCE_DIR}/tests/examples/examples.sh
         $<TARGET_FILE_DIR:collsim> ${CMAKE_SOURCE_DIR})
set_tests_properties(examples PROPERTIES TIMEOUT 600)
# The format check needs clang-format and git; without them format.sh exits 77 (skipped).
add_test(NAME format COMMAND bash ${CMAKE_SOURCE_DIR}/tests/format.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(format PROPERTIES SKIP_RETURN_CODE 77)
# Bad inputs of every subcommand (tests/errors/cases.txt), interrupts and SIGKILL.
add_test(NAME errors.bad_inputs COMMAND bash ${CMAKE_SOURCE_DIR}/tests/errors/bad_inputs.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
add_test(NAME errors.interrupt COMMAND bash ${CMAKE_SOURCE_DIR}/tests/errors/interrupt.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
add_test(NAME errors.kill9 COMMAND bash ${CMAKE_SOURCE_DIR}/tests/errors/kill9.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
