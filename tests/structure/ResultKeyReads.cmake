# Issue 34: no JSON key read of results in core/, models/, widgets/ or
# app/report/ outside the serializers and the readers of input files. Code
# reads results through the typed output (SimOutput), the metric registry
# (core/sim/Metrics.h) and the typed sweep record (core/sweep/SweepRecord.h).
#
# A result key: a section or a figure of the output object (every name in the
# registry's places, core/sim/Metrics.cpp, and the sections below) or of a
# sweep's records and report. A read: "KEY" as a subscript that is not
# assigned (j["a"]["b"] = x writes), or the argument of value(, at(,
# contains( or erase(.
# Run: cmake -DROOT=<source dir> -P ResultKeyReads.cmake
cmake_minimum_required(VERSION 3.20)
set(allowed
    core/sim/SimOutput.cpp          # the one writer of the output object
    core/sweep/SweepRecord.cpp      # the one writer and reader of a sweep record
    core/sweep/SweepResults.cpp     # the reader of results files (SQLite, JSON, CSV): input
    widgets/presentation/Lesson.cpp # the reader of lesson files (a slide's "metrics" are ids)
    core/topology/FabricIO.cpp      # the reader of topology files (a DOT node's "index")
    core/validation/ValidationRuns.cpp # the reader of the validation runs (a row's job.parallelism)
)
file(READ "${ROOT}/core/sim/Metrics.cpp" registry)
string(REGEX MATCHALL "\"/[A-Za-z0-9_/]+\"" places "${registry}")
set(keys performance reliability energy cost topology network flow breakdown_s metrics variants counts pareto_front
    pareto bottleneck status index seed values parallelism search result error)
foreach(p IN LISTS places)
  string(REPLACE "\"" "" p "${p}")
  string(REPLACE "/" ";" parts "${p}")
  list(APPEND keys ${parts})
endforeach()
list(REMOVE_ITEM keys "")
list(REMOVE_DUPLICATES keys)
list(LENGTH keys nkeys)
list(JOIN keys "|" alternation)
set(read "(\\[\"(${alternation})\"\\](\\[\"[^\"]*\"\\])*( *[^ =[]| *==| *$)|(value|at|contains|erase)\\(\"(${alternation})\")")

set(found "")
set(count 0)
foreach(folder core models widgets app/report)
  file(GLOB_RECURSE sources "${ROOT}/${folder}/*.cpp" "${ROOT}/${folder}/*.h")
  foreach(f IN LISTS sources)
    file(RELATIVE_PATH rel "${ROOT}" "${f}")
    if(rel IN_LIST allowed)
      continue()
    endif()
    file(STRINGS "${f}" lines)
    set(n 0)
    foreach(line IN LISTS lines)
      math(EXPR n "${n} + 1")
      if(line MATCHES "^[ \t]*//")
        continue()
      endif()
      if(line MATCHES "${read}")
        string(STRIP "${line}" text)
        list(APPEND found "${rel}:${n}: ${text}")
        math(EXPR count "${count} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()
if(count GREATER 0)
  list(JOIN found "\n  " text)
  message(FATAL_ERROR "${count} JSON key reads of results (read the typed output, the registry or SweepRecord):\n  ${text}")
endif()
message(STATUS "0 JSON key reads of results (${nkeys} result keys) in core/, models/, widgets/ and app/report/")
