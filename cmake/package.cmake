# package.cmake: `cpack -G DEB --config build/CPackConfig.cmake` makes collsim_VERSION_amd64.deb
# (docs/install.md) from the install rules (cmake/install.cmake), installed under /usr. The
# libraries collsim links are found by dpkg-shlibdeps; the programs it runs are named here:
# smpirun and smpicc (libsimgrid-dev), pj_dump (pajeng), gnuplot; rsvg-convert (the SVG
# figures) and gcc (--algo-file) are recommended.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME collsim)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "simulator of MPI collective algorithms on network topologies")
set(CPACK_PACKAGE_DESCRIPTION
    "collsim simulates MPI collective algorithms on network topologies with SimGrid's SMPI,\n"
    "checks every rank's result, writes Paje traces and compares the times with models.")
set(CPACK_PACKAGE_CONTACT "collsim developers <collsim@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libsimgrid-dev (>= 3.32), pajeng, gnuplot-nox | gnuplot")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "librsvg2-bin, gcc, bash-completion")
include(CPack)
