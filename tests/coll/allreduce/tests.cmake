# The all-reduce's own tests: topology-aware data checks, SimGrid's all-reduces (fault-free
# ones pass, known faults still show), hand-worked formulas.
foreach(t topology simgrid formulas)
  add_test(NAME coll.allreduce.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/allreduce/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
