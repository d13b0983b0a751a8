# The circular q-shift's own tests: data checks of every algorithm on its platforms for
# several q, and the course's formulas (docs/collectives/qshift.md).
foreach(t data topology formulas)
  add_test(NAME coll.qshift.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/qshift/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
