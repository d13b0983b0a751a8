# CTest registrations for the install rules and the Debian package (cmake/install.cmake,
# cmake/package.cmake).
add_test(NAME install.prefix COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/prefix.sh
         ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(install.prefix PROPERTIES TIMEOUT 1200)
