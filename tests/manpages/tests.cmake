# CTest registrations of the man pages (cmake/manpages.cmake writes them into build/man) and of
# the bash completion (scripts/collsim-completion.bash).
add_test(NAME manpages.options COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manpages/options.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/man)
add_test(NAME manpages.completion COMMAND bash ${CMAKE_SOURCE_DIR}/tests/manpages/completion.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
