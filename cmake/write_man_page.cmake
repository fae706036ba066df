# Writes OUTPUT from `BINARY help --man` (cmake/install.cmake); fails when the binary does.
get_filename_component(dir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
execute_process(COMMAND ${BINARY} help --man
    OUTPUT_FILE ${OUTPUT}.tmp RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
    file(REMOVE ${OUTPUT}.tmp)
    message(FATAL_ERROR "${BINARY} help --man failed (${status}): ${errors}")
endif()
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
