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

# Backend versions are policies (docs/LAYOUT.md, "Backend versions"): only core/backends/ names a
# version. Anywhere else in the product, outside a // comment, a version shows up as an enum value
# (V2026_08), an identifier or file with a year-month suffix (parseAxes2608, v2608/,
# *_2608.cpp) or a string literal naming it ("2026-08"; a date such as "2026-08-18" is not one). The cache keeps the name of the version
# its oldest records were made with (a fact about stored data, not a decision): those two files
# are the only exception.
file(GLOB_RECURSE product_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp"
    "${SOURCE_DIR}/widgets/*.h" "${SOURCE_DIR}/widgets/*.cpp" "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
set(version_free_files "")
foreach(file ${product_files})
    if(NOT file MATCHES "/core/backends/" AND NOT file MATCHES "/core/cache/(tuning_record\\.h|cache_schema\\.cpp)$")
        list(APPEND version_free_files "${file}")
    endif()
endforeach()
set(version_names "V20[0-9][0-9]_[0-9][0-9]|[A-Za-z_]2[0-9](0[1-9]|1[0-2])([^0-9]|$)|\"[^\"]*20[0-9][0-9]-(0[1-9]|1[0-2])([^-0-9\"][^\"]*)?\"")
foreach(file ${version_free_files})
    if(file MATCHES "[A-Za-z_]2[0-9](0[1-9]|1[0-2])\\.(h|cpp)$")
        string(APPEND problems "${file}: a file named after a backend version outside core/backends/\n")
    endif()
    file(STRINGS "${file}" lines REGEX "${version_names}")
    foreach(line ${lines})
        string(REGEX REPLACE "//.*$" "" code "${line}")
        if(code MATCHES "${version_names}")
            string(APPEND problems "${file}: names a backend version outside core/backends/: ${line}\n")
        endif()
    endforeach()
endforeach()

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
list(LENGTH version_free_files version_free_count)
message(STATUS "layout: ${core_count} core files include no front end and no Qt; ${widget_count} widget files include no app/; ${front_count} front-end files start runs only through the workflow API; ${version_free_count} files outside core/backends/ name no backend version")
