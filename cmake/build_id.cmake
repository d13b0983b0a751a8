# build_id.cmake: writes OUT (a header) defining COLLSIM_BUILD_ID: the version, the git commit
# and, in a tree with changes, a hash of them. A study keeps its cells by an id that covers
# the build, so this runs at every build (not only at configure time) and rewrites OUT only
# when the id changed. Without git: the version alone.
execute_process(COMMAND git -C ${SRC} describe --always --dirty
                OUTPUT_VARIABLE id OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(rc EQUAL 0 AND id MATCHES "-dirty$")
  execute_process(COMMAND git -C ${SRC} diff HEAD OUTPUT_VARIABLE diff ERROR_QUIET)
  string(SHA1 h "${diff}")
  string(SUBSTRING "${h}" 0 12 h)
  set(id "${id}-${h}")
endif()
if(NOT rc EQUAL 0)
  set(id "nogit")
endif()
set(text "#define COLLSIM_BUILD_ID \"${VERSION}-${id}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
