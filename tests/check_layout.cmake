# Who may include whom (docs/LAYOUT.md): core is standard C++ and includes neither the front
# ends nor Qt; widgets does not include the application. Run by ctest as `layout_includes`.
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

file(GLOB_RECURSE core_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp")
file(GLOB widget_files "${SOURCE_DIR}/widgets/*.h" "${SOURCE_DIR}/widgets/*.cpp")
forbid_includes("${core_files}" "(widgets/|app/|Q[A-Za-z]*[>/]|qcustomplot)")
forbid_includes("${widget_files}" "app/")
if(problems)
    message(FATAL_ERROR "includes across the layout's boundaries:\n${problems}")
endif()
list(LENGTH core_files core_count)
list(LENGTH widget_files widget_count)
message(STATUS "layout: ${core_count} core files include no front end and no Qt; ${widget_count} widget files include no app/")
