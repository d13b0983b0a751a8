# The hierarchical (node-aware) algorithms' own tests: data checks on the XL250a cluster of four
# nodes with --map-by core and node, one test per collective and mapping; on hosts shared by
# several ranks (--ranks-per-host); hand-worked times; the figures of docs/collectives/nodes.md.
foreach(c bcast reduce allreduce allgather alltoall barrier reduce_scatter_block reduce_scatter)
  foreach(map core node)
    add_test(NAME coll.hier.machine.${c}.${map}
             COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/hier/machine.sh $<TARGET_FILE:collsim>
                     ${CMAKE_SOURCE_DIR} ${c} ${map})
  endforeach()
endforeach()
foreach(t hosts formulas figures dragonfly parts)
  add_test(NAME coll.hier.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/coll/hier/${t}.sh
           $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
endforeach()
