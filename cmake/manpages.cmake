# The man pages, build/man/collsim.1 and collsim-SUB.1 per subcommand, written by help2man at
# every build of collsim from its --help texts (cmake/manpages.sh takes the subcommands from
# `collsim --help`), so that they say what the help says. Installed into MANDIR/man1. Without
# help2man there are none, and the manpages tests fail saying so.
#
# The bash completion too, where Debian's bash-completion loads it when `collsim` is first
# completed (pkg-config --variable=completionsdir bash-completion: DATADIR/bash-completion/
# completions, under the file name of the command).
install(FILES ${CMAKE_SOURCE_DIR}/scripts/collsim-completion.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME collsim)
set(CS_MAN_DIR ${CMAKE_BINARY_DIR}/man)
find_program(HELP2MAN help2man)
if(NOT HELP2MAN)
  message(WARNING "help2man not found: no man pages in ${CS_MAN_DIR} (Debian: apt-get install help2man)")
  return()
endif()
# collsim.1 is written last: it stands for the whole set, which only collsim --help knows
add_custom_command(OUTPUT ${CS_MAN_DIR}/collsim.1
                   COMMAND bash ${CMAKE_SOURCE_DIR}/cmake/manpages.sh ${HELP2MAN}
                           $<TARGET_FILE:collsim> ${PROJECT_VERSION} ${CS_MAN_DIR}
                   DEPENDS collsim ${CMAKE_SOURCE_DIR}/cmake/manpages.sh
                   COMMENT "Writing the man pages into man/"
                   VERBATIM)
add_custom_target(cs_manpages ALL DEPENDS ${CS_MAN_DIR}/collsim.1)
install(DIRECTORY ${CS_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        FILES_MATCHING PATTERN "*.1")
