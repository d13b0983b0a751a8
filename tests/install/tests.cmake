# CTest registrations for the install rules and the Debian package (cmake/install.cmake,
# cmake/package.cmake).
add_test(NAME install.prefix COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/prefix.sh
         ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(install.prefix PROPERTIES TIMEOUT 1200)
# The Debian package, installed into a clean root that mmdebstrap makes from the Debian
# archive (a few minutes of downloads); skipped (77) without root or mmdebstrap.
add_test(NAME install.package COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/package.sh
         ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR})
set_tests_properties(install.package PROPERTIES TIMEOUT 2400 SKIP_RETURN_CODE 77)
