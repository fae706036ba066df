# Who may include whom (docs/LAYOUT.md): core is standard C++ and includes neither the front
# ends nor Qt; widgets does not include the application; and the front ends start every run
# through the workflow API (core/pipeline/workflow.h), never through a stage's own entry point.
# Run by ctest as `layout_includes`.
set(problems "")

# Appends every include line of `files` that matches `pattern` to `problems`.
function(forbid_includes files pattern)
    foreach(file ${files})
        file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]${pattern}")
        foreach(line ${lines})
            string(APPEND problems "${file}: ${line}\n")
        endforeach()
    endforeach()
    set(problems "${problems}" PARENT_SCOPE)
endfunction()

# Appends every line of `files` that matches `pattern` (outside a // comment) to `problems`.
function(forbid_calls files pattern)
    foreach(file ${files})
        file(STRINGS "${file}" lines REGEX "${pattern}")
        foreach(line ${lines})
            if(NOT line MATCHES "^[ \t]*//")
                string(APPEND problems "${file}: ${line}\n")
            endif()
        endforeach()
    endforeach()
    set(problems "${problems}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE core_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp")
file(GLOB widget_files "${SOURCE_DIR}/widgets/*.h" "${SOURCE_DIR}/widgets/*.cpp")
# core/measure (measured timings) reads files and keeps records: it uses the cache, the Triton
# JSON interop of export, the backend versions and the config type of the space, and no stage
# that analyses, simulates or tunes. The stages below the workflow do not include it.
file(GLOB measure_files "${SOURCE_DIR}/core/measure/*.h" "${SOURCE_DIR}/core/measure/*.cpp")
forbid_includes("${measure_files}"
    "core/(analysis|npu|tuning|pipeline|batch|sweep|python)/|core/space/(backend|candidate|cube|generat|space_format|space_report|tile)")
file(GLOB_RECURSE below_measure_files
    "${SOURCE_DIR}/core/util/*" "${SOURCE_DIR}/core/python/*" "${SOURCE_DIR}/core/kernel/*"
    "${SOURCE_DIR}/core/analysis/*" "${SOURCE_DIR}/core/npu/*" "${SOURCE_DIR}/core/space/*"
    "${SOURCE_DIR}/core/tuning/*" "${SOURCE_DIR}/core/cache/*" "${SOURCE_DIR}/core/export/*")
forbid_includes("${below_measure_files}" "core/measure/")
forbid_includes("${core_files}" "(widgets/|app/|Q[A-Za-z]*[>/]|qcustomplot)")
forbid_includes("${widget_files}" "app/")
file(GLOB app_files "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
set(front_end_files ${widget_files} ${app_files})
# The runs the workflow API owns: analysis, space building, tuning (through the cache or not),
# sweeps, covering lists, batches and calibrations.
forbid_calls("${front_end_files}"
    "(analysis::analyzeWorkload|CandidateSpace::build|tuning::tune|batch::tuneCached|batch::tuneSpace|sweep::runSweep|sweep::recover|batch::runBatch|calibrate::calibrate|calibrate::readRunnerMeasurements)[ \t]*\\(")
# Calibration reads measurements and re-simulates: it sits beside tuning, below the cache and the
# workflow.
file(GLOB calibrate_files "${SOURCE_DIR}/core/calibrate/*.h" "${SOURCE_DIR}/core/calibrate/*.cpp")
forbid_includes("${calibrate_files}" "core/(cache|export|pipeline|batch|sweep|tuning)/")
forbid_includes("${front_end_files}" "core/batch/cached_tuning.h")
# core/capture turns a program's launches into workloads: it reads the hook's records and writes
# files, and knows no stage that analyses, simulates, tunes or caches (the workflow does that).
file(GLOB capture_files "${SOURCE_DIR}/core/capture/*.h" "${SOURCE_DIR}/core/capture/*.cpp")
forbid_includes("${capture_files}"
    "core/(analysis|npu|space|tuning|pipeline|batch|sweep|measure|calibrate|export)/|core/cache/(cache_schema|config_cache|measurement|record_codec|sqlite_db|tuning_record)")
forbid_calls("${front_end_files}" "capture::(readRawCapture|writeCapture|runChild)[ \t]*\\(")
if(problems)
    message(FATAL_ERROR "across the layout's boundaries:\n${problems}")
endif()
list(LENGTH core_files core_count)
list(LENGTH widget_files widget_count)
list(LENGTH front_end_files front_count)
message(STATUS "layout: ${core_count} core files include no front end and no Qt; ${widget_count} widget files include no app/; ${front_count} front-end files start runs only through the workflow API")
