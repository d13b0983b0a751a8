# CTest registrations for the Paje reader.
add_executable(analysis-paje-records analysis/tools/paje_records.c analysis/paje.c)
target_include_directories(analysis-paje-records PRIVATE analysis)
foreach(t vs_pjdump malformed models rank_times link_loads params)
  add_test(NAME analysis.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/analysis/${t}.sh
           $<TARGET_FILE:analysis-paje-records> ${CMAKE_SOURCE_DIR} $<TARGET_FILE:collsim>)
endforeach()
