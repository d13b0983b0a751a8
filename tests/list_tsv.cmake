# list_tsv.cmake: a build step (tests.cmake): `collsim list --tsv` into OUT, the table of
# collsim's algorithms the tests register theirs from (tests/algorithms.cmake reads it).
# cmake -DCOLLSIM=PATH -DOUT=FILE -P list_tsv.cmake; fails when collsim does.
execute_process(COMMAND ${COLLSIM} list --tsv RESULT_VARIABLE rc OUTPUT_VARIABLE tsv
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT tsv MATCHES "^collective\talgorithm\t")
  message(FATAL_ERROR "${COLLSIM} list --tsv failed (${rc}): ${err}")
endif()
file(WRITE ${OUT}.tmp "${tsv}")
file(RENAME ${OUT}.tmp ${OUT})
