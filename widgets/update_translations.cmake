# Refreshes translations/*.ts from the sources with lupdate (build target
# tilescope_update_translations). lupdate's own C++ parser does not follow
# `namespace ts::gui {`, so it files tr() calls of class X under "X" while Qt looks them up
# under "ts::gui::X" at run time: the contexts are renamed around the lupdate run.
#
#   cmake -DLUPDATE=<lupdate> -DSOURCE_DIR=<repo> -DWORK_DIR=<scratch folder> -P update_translations.cmake

file(GLOB headers "${SOURCE_DIR}/widgets/*.h")
set(classes "")
foreach(header ${headers})
    file(STRINGS "${header}" lines REGEX "^class [A-Za-z0-9_]+ : public ")
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

# Core's messages (core/util/message_catalog.inc, one TS_MESSAGE(Id, "English") a line) under
# the context the explorer looks them up in (widgets/core_text.cpp): written for lupdate as
# QT_TRANSLATE_NOOP calls in a scratch file, as core itself has no Qt.
# A message's own ";" would split CMake's list: it travels as @SEMICOLON@.
file(READ "${SOURCE_DIR}/core/util/message_catalog.inc" catalogue)
string(REPLACE ";" "@SEMICOLON@" catalogue "${catalogue}")
string(REGEX MATCHALL "\nTS_MESSAGE\\([A-Za-z0-9]+, \"[^\n]*\"\\)" entries "${catalogue}")
set(noop "// Written by update_translations.cmake from core/util/message_catalog.inc.\n")
foreach(entry ${entries})
    string(REGEX REPLACE "^\nTS_MESSAGE\\([A-Za-z0-9]+, (\".*\")\\)$" "QT_TRANSLATE_NOOP(\"ts::Message\", \\1)" call "${entry}")
    string(REPLACE "@SEMICOLON@" ";" call "${call}")
    string(APPEND noop "${call}\n")
endforeach()
set(core_messages "${WORK_DIR}/core_messages_for_lupdate.cpp")
file(WRITE "${core_messages}" "${noop}")
list(APPEND sources "${core_messages}")

# The contexts of the widgets' classes in every .ts file, from "<from>X" to "<to>X".
function(rename_contexts from to)
    foreach(ts ${ts_files})
        file(READ "${ts}" text)
        foreach(name ${classes})
            string(REPLACE "<name>${from}${name}</name>" "<name>${to}${name}</name>" text "${text}")
        endforeach()
        file(WRITE "${ts}" "${text}")
    endforeach()
endfunction()

rename_contexts("ts::gui::" "")
execute_process(COMMAND "${LUPDATE}" -no-obsolete -locations none ${sources} -ts ${ts_files}
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(WARNING "lupdate failed (${result})")
endif()
rename_contexts("" "ts::gui::")
