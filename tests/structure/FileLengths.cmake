# Issue 34: no source file in core/ or widgets/ above 600 lines (a class that
# outgrows that is split by responsibility, as ChartView, RackEditor,
# WorkloadPage, ClusterWizard and PresentationWindow were).
# Run: cmake -DROOT=<source dir> -P FileLengths.cmake
set(limit 600)
set(over "")
foreach(folder core widgets)
  file(GLOB_RECURSE sources "${ROOT}/${folder}/*.cpp" "${ROOT}/${folder}/*.h" "${ROOT}/${folder}/*.cu")
  foreach(f IN LISTS sources)
    file(READ "${f}" text)
    string(REGEX MATCHALL "\n" newlines "${text}")
    list(LENGTH newlines n)
    if(n GREATER limit)
      file(RELATIVE_PATH rel "${ROOT}" "${f}")
      list(APPEND over "${rel}: ${n} lines")
    endif()
  endforeach()
endforeach()
if(over)
  list(JOIN over "\n  " text)
  message(FATAL_ERROR "files above ${limit} lines:\n  ${text}")
endif()
message(STATUS "every file in core/ and widgets/ has at most ${limit} lines")
