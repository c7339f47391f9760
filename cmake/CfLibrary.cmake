# cf_core_library(NAME SOURCES ... DEPENDS ...): a static engine library with
# the core/ include root and our warnings.
function(cf_core_library name)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS" ${ARGN})
  add_library(${name} STATIC ${L_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/core)
  target_link_libraries(${name} PUBLIC ${L_DEPENDS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  cf_warnings(${name})
endfunction()
