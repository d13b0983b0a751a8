# Fuzz targets (docs/fuzzing.md): one tests/fuzz/fuzz_TARGET.c each, defining
# LLVMFuzzerTestOneInput. Every build links each with tests/fuzz/replay.c into
# fuzz-replay-TARGET and registers the CTest test fuzz.TARGET (label fuzz), which replays the
# committed corpus tests/fuzz/corpus/TARGET/. With -DCOLLSIM_FUZZ=ON and CC=clang the targets
# are also built as libFuzzer programs fuzz-TARGET, with the libraries they test instrumented
# (tests/fuzz/run.sh does this in build-fuzz/).
option(COLLSIM_FUZZ "build the libFuzzer targets (needs clang)" OFF)
set(CS_FUZZ_TARGETS paje tracefix platform machine osu spec)
set(CS_FUZZ_LIB_paje cs_trace)
set(CS_FUZZ_LIB_tracefix cs_trace)
set(CS_FUZZ_LIB_platform cs_platform)
set(CS_FUZZ_LIB_machine cs_machine)
set(CS_FUZZ_LIB_osu cs_calibrate)
set(CS_FUZZ_LIB_spec cs_study)
# the platform target fuzzes the command line of `collsim platform` too (src/platform/command.c,
# in cs_platform)
set(CS_FUZZ_SRC_platform "")

# The replay catches leaks and heap errors too when the compiler has AddressSanitizer.
include(CheckCSourceCompiles)
set(CMAKE_REQUIRED_FLAGS -fsanitize=address)
set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=address)
check_c_source_compiles("int main(void) { return 0; }" CS_HAVE_ASAN)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)

foreach(t ${CS_FUZZ_TARGETS})
  add_executable(fuzz-replay-${t} tests/fuzz/replay.c tests/fuzz/fuzz_${t}.c ${CS_FUZZ_SRC_${t}})
  target_include_directories(fuzz-replay-${t} PRIVATE tests/fuzz)
  target_link_libraries(fuzz-replay-${t} PRIVATE ${CS_FUZZ_LIB_${t}})
  if(CS_HAVE_ASAN AND NOT COLLSIM_FUZZ)
    target_compile_options(fuzz-replay-${t} PRIVATE -fsanitize=address)
    target_link_options(fuzz-replay-${t} PRIVATE -fsanitize=address)
  endif()
  add_test(NAME fuzz.${t} COMMAND fuzz-replay-${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${t})
  set_tests_properties(fuzz.${t} PROPERTIES LABELS fuzz TIMEOUT 120)
endforeach()
add_test(NAME fuzz.errors COMMAND bash ${CMAKE_SOURCE_DIR}/tests/fuzz/errors.sh
         $<TARGET_FILE:collsim> ${CMAKE_SOURCE_DIR})
set_tests_properties(fuzz.errors PROPERTIES LABELS fuzz)

if(COLLSIM_FUZZ)
  if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "COLLSIM_FUZZ needs clang (CC=clang)")
  endif()
  set(CS_SAN -fsanitize=address,undefined -fno-sanitize-recover=undefined)
  # the libraries under test get coverage and sanitizers; whatever links them, the runtimes
  foreach(lib cs_util cs_trace cs_platform cs_machine cs_calibrate cs_study)
    target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link ${CS_SAN})
    target_link_options(${lib} INTERFACE ${CS_SAN})
  endforeach()
  foreach(t ${CS_FUZZ_TARGETS})
    add_executable(fuzz-${t} tests/fuzz/fuzz_${t}.c ${CS_FUZZ_SRC_${t}})
    target_include_directories(fuzz-${t} PRIVATE tests/fuzz)
    target_compile_options(fuzz-${t} PRIVATE -fsanitize=fuzzer ${CS_SAN})
    target_link_options(fuzz-${t} PRIVATE -fsanitize=fuzzer ${CS_SAN})
    target_link_libraries(fuzz-${t} PRIVATE ${CS_FUZZ_LIB_${t}})
  endforeach()
endif()
