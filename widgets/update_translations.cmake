# Refreshes translations/*.ts from the sources with lupdate (build target
# tilescope_update_translations). lupdate's own C++ parser does not follow
# `namespace ts::gui {`, so it files tr() calls of class X under "X" while Qt looks them up
# under "ts::gui::X" at run time: the contexts are renamed around the lupdate run.
#
#   cmake -DLUPDATE=<lupdate> -DSOURCE_DIR=<repo> -P update_translations.cmake

file(GLOB headers "${SOURCE_DIR}/widgets/*.h")
set(classes "")
foreach(header ${headers})
    file(STRINGS "${header}" lines REGEX "^class [A-Za-z0-9_]+ : public Q")
    foreach(line ${lines})
        string(REGEX REPLACE "^class ([A-Za-z0-9_]+) : .*" "\\1" name "${line}")
        list(APPEND classes "${name}")
    endforeach()
endforeach()

file(GLOB ts_files "${SOURCE_DIR}/translations/*.ts")
# English holds only the plural forms, written by scripts/update-plurals.py.
list(FILTER ts_files EXCLUDE REGEX "_en\\.ts$")
file(GLOB sources "${SOURCE_DIR}/widgets/*.cpp" "${SOURCE_DIR}/widgets/*.h")
list(APPEND sources "${SOURCE_DIR}/app/gui_main.cpp")

foreach(ts ${ts_files})
    file(READ "${ts}" text)
    foreach(name ${classes})
        string(REPLACE "<name>ts::gui::${name}</name>" "<name>${name}</name>" text "${text}")
    endforeach()
    file(WRITE "${ts}" "${text}")
endforeach()

execute_process(COMMAND "${LUPDATE}" -no-obsolete -locations none ${sources} -ts ${ts_files}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(WARNING "lupdate failed (${result})")
endif()

foreach(ts ${ts_files})
    file(READ "${ts}" text)
    foreach(name ${classes})
        string(REPLACE "<name>${name}</name>" "<name>ts::gui::${name}</name>" text "${text}")
    endforeach()
    file(WRITE "${ts}" "${text}")
endforeach()
