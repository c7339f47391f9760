# cf_core_library(NAME SOURCES ... DEPENDS ...): a static engine library with
# the core/ include root and our warnings. The engine has no Qt: no moc/uic
# pass (qt_standard_project_setup turns them on for every target).
function(cf_core_library name)
  cmake_parse_arguments(L "" "" "SOURCES;DEPENDS" ${ARGN})
  add_library(${name} STATIC ${L_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/core)
  target_link_libraries(${name} PUBLIC ${L_DEPENDS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON AUTOMOC OFF AUTOUIC OFF AUTORCC OFF)
  cf_warnings(${name})
endfunction()

# cf_cuda_kernels(NAME SOURCES ... INTO PARENT): CUDA kernels of an engine
# library, built only with the toolkit (call inside if(CF_HAVE_CUDA)). No fused
# multiply-adds, so the GPU computes exactly what the CPU path does; the static
# CUDA runtime, so the program runs where no toolkit is installed.
function(cf_cuda_kernels name)
  cmake_parse_arguments(K "" "INTO" "SOURCES" ${ARGN})
  find_package(CUDAToolkit REQUIRED)
  add_library(${name} STATIC ${K_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/core)
  target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:--fmad=false>)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON CUDA_RUNTIME_LIBRARY Static)
  target_link_libraries(${name} PUBLIC CUDA::cudart_static)
  target_link_libraries(${K_INTO} PUBLIC ${name})
endfunction()
