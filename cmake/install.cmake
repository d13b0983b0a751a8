# install.cmake: `cmake --install build --prefix P` (docs/install.md), in the GNU install
# directories: the collsim executable in bin; its SMPI programs and the library preloaded
# into smpirun in lib/collsim, where paths.c finds them relative to bin; the interposer in lib
# with its header and pkg-config file; the platforms, machine profiles and examples (the labs
# with them) in share/collsim; the docs in share/doc/collsim. The man pages and the bash
# completion have their own rules (cmake/manpages.cmake).
install(TARGETS collsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS collsim-runner collsim-pingpong collsim-opcost
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/collsim)
install(TARGETS collsim-interpose LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${CMAKE_SOURCE_DIR}/src/interpose/collsim-interpose.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/collsim)
file(RELATIVE_PATH CS_PC_PREFIX_REL ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" CS_PC_PREFIX_REL "${CS_PC_PREFIX_REL}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/collsim-interpose.pc.in
               ${CMAKE_BINARY_DIR}/collsim-interpose.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/collsim-interpose.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

set(CS_PKGDATA ${CMAKE_INSTALL_DATADIR}/collsim)
foreach(dir ${CMAKE_SOURCE_DIR}/platforms ${CMAKE_BINARY_DIR}/platforms)
  install(DIRECTORY ${dir}/ DESTINATION ${CS_PKGDATA}/platforms
          FILES_MATCHING PATTERN "*.xml" PATTERN "*.hosts")
endforeach()
install(DIRECTORY ${CMAKE_BINARY_DIR}/machines/ DESTINATION ${CS_PKGDATA}/machines
        FILES_MATCHING PATTERN "*.machine")
# Where predict's formulas were checked against the simulation (src/predict/predict_valid.c).
install(FILES ${CMAKE_SOURCE_DIR}/validation/predict-scale.csv DESTINATION ${CS_PKGDATA}/validation)
# The labs' keys stay out: an installed collsim is what students get.
install(DIRECTORY ${CMAKE_SOURCE_DIR}/examples/ DESTINATION ${CS_PKGDATA}/examples
        USE_SOURCE_PERMISSIONS PATTERN key EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_SOURCE_DIR}/src/interpose/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR}
        RENAME interpose.md)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
