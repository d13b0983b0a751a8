# CTest registrations for the Paje reader.
# analysis-paje-records: src/trace/CMakeLists.txt
foreach(t vs_pjdump malformed models rank_times link_loads params settings collectives pictures
          svg_steps exact csv_tables)
  add_test(NAME analysis.${t} COMMAND bash ${CMAKE_SOURCE_DIR}/tests/analysis/${t}.sh
           $<TARGET_FILE:analysis-paje-records> ${CMAKE_SOURCE_DIR} $<TARGET_FILE:collsim>)
endforeach()
