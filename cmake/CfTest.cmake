# cf_add_test(NAME SOURCES a.cpp ... DEPENDS lib ... [NEEDS_GUI] [TIMEOUT s] [LABELS l])
# One helper for every Qt Test suite (after Qt Creator's add_qtc_test).
# Every test runs with offscreen Qt and its own runtime dir, so it needs no display.
function(cf_add_test name)
  cmake_parse_arguments(T "NEEDS_GUI" "TIMEOUT" "SOURCES;DEPENDS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE Qt6::Test ${T_DEPENDS})
  target_compile_definitions(${name} PRIVATE
    CF_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    CF_BINARY_DIR="${PROJECT_BINARY_DIR}")
  cf_warnings(${name})
  add_test(NAME ${name} COMMAND ${name})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  if(CF_TEST_TIMEOUT_SCALE)  # slower builds (sanitizers, scripts/sanitize.sh) stretch every limit
    math(EXPR T_TIMEOUT "${T_TIMEOUT} * ${CF_TEST_TIMEOUT_SCALE}")
  endif()
  set(env "QT_QPA_PLATFORM=offscreen" "XDG_RUNTIME_DIR=${PROJECT_BINARY_DIR}/xdg-runtime"
          "LANG=C.UTF-8" "QT_LOGGING_RULES=qt.qpa.*=false")
  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/xdg-runtime)
  file(CHMOD ${PROJECT_BINARY_DIR}/xdg-runtime DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  set_tests_properties(${name} PROPERTIES TIMEOUT ${T_TIMEOUT} ENVIRONMENT "${env}")
  if(T_LABELS)
    set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}")
  endif()
endfunction()
