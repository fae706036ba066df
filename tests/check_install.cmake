# ctest `install_staging`: installs the build into a staging prefix outside the build tree, then
# runs the installed binary from another folder with no help from the environment: it must find
# its own device profiles and examples (never the source tree's), and the installed man page and
# desktop entry must be the ones the build made. Installing builds nothing.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DVERSION=... -DWITH_GUI=ON|OFF -P check_install.cmake

unset(ENV{TILESCOPE_RESOURCE_DIR})
unset(ENV{DESTDIR})

if(DEFINED ENV{TMPDIR} AND IS_DIRECTORY "$ENV{TMPDIR}")
    set(tmp "$ENV{TMPDIR}")
else()
    set(tmp /tmp)
endif()
string(RANDOM LENGTH 8 ALPHABET abcdefghijklmnopqrstuvwxyz0123456789 suffix)
set(root "${tmp}/tilescope-install-check-${suffix}")
file(REMOVE_RECURSE "${root}")
file(MAKE_DIRECTORY "${root}/elsewhere")

set(failures "")
macro(fail what)
    string(APPEND failures "  ${what}\n")
endmacro()

# Runs a command from ${root}/elsewhere; sets out, err, status.
macro(run)
    execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${root}/elsewhere"
        OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
endmacro()

function(check_prefix prefix label)
    set(failures "")
    set(bin "${prefix}/bin/tilescope")
    set(data "${prefix}/share/tilescope")
    foreach(file bin/tilescope share/tilescope/devices/Ascend910B2.json share/tilescope/examples/add.json
                 share/tilescope/examples/add.py share/tilescope/capture/sitecustomize.py
                 share/tilescope/capture/tilescope_capture_hook.py share/tilescope/capture/tilescope_capture.py
                 share/man/man1/tilescope.1)
        if(NOT EXISTS "${prefix}/${file}")
            fail("${label}: ${file} is not installed")
        endif()
    endforeach()
    if(WITH_GUI)
        file(GLOB modules "${prefix}/lib*/tilescope/tilescope-gui.so" "${prefix}/lib/*/tilescope/tilescope-gui.so")
        if(NOT modules)
            fail("${label}: lib/tilescope/tilescope-gui.so is not installed")
        endif()
        foreach(file share/tilescope/translations/tilescope_zh_CN.qm share/applications/tilescope.desktop
                     share/icons/hicolor/scalable/apps/tilescope.svg)
            if(NOT EXISTS "${prefix}/${file}")
                fail("${label}: ${file} is not installed")
            endif()
        endforeach()
        file(READ "${prefix}/share/applications/tilescope.desktop" desktop)
        foreach(line "Exec=tilescope %f" "Icon=tilescope" "Type=Application")
            string(FIND "${desktop}" "${line}" at)
            if(at EQUAL -1)
                fail("${label}: tilescope.desktop has no '${line}'")
            endif()
        endforeach()
        find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
        if(DESKTOP_FILE_VALIDATE)
            run(${DESKTOP_FILE_VALIDATE} "${prefix}/share/applications/tilescope.desktop")
            if(NOT status EQUAL 0 OR NOT out STREQUAL "")
                fail("${label}: desktop-file-validate: ${out}${err}")
            endif()
        endif()
    endif()

    run("${bin}" --version)
    if(NOT status EQUAL 0 OR NOT out STREQUAL "tilescope ${VERSION}\n")
        fail("${label}: tilescope --version gave ${status}: ${out}${err}")
    endif()

    # The bundled profiles come from the install, never from the source tree.
    run("${bin}" devices --json)
    if(NOT status EQUAL 0)
        fail("${label}: tilescope devices --json gave ${status}: ${err}")
    else()
        string(JSON resource_dir ERROR_VARIABLE json_error GET "${out}" resourceDir)
        file(REAL_PATH "${data}" expected)
        if(json_error OR NOT resource_dir STREQUAL expected)
            fail("${label}: the installed binary reads its resources from '${resource_dir}', not ${expected}")
        endif()
        string(JSON count LENGTH "${out}" devices)
        file(GLOB bundled "${SOURCE_DIR}/resources/devices/*.json")
        list(LENGTH bundled expected_count)
        if(NOT count EQUAL expected_count)
            fail("${label}: ${count} device profiles installed, ${expected_count} bundled")
        endif()
    endif()

    run("${bin}" analyze "${data}/examples/add.json")
    if(NOT status EQUAL 0 OR NOT out MATCHES "XBLOCK")
        fail("${label}: tilescope analyze on the installed add.json gave ${status}: ${out}${err}")
    endif()

    # `capture` finds the installed hook: the Python program it runs loads it (and launches nothing).
    run("${bin}" capture -o "${root}/elsewhere/capture-${label}" -- /usr/bin/python3 -c "pass")
    if(NOT status EQUAL 0 OR NOT err MATCHES "1 Python process loaded the hook")
        fail("${label}: tilescope capture of a Python program gave ${status}: ${out}${err}")
    endif()

    # The man page is `help --man` of the installed binary, byte for byte.
    run("${bin}" help --man)
    file(READ "${prefix}/share/man/man1/tilescope.1" installed_man)
    if(NOT status EQUAL 0 OR NOT out STREQUAL installed_man)
        fail("${label}: share/man/man1/tilescope.1 differs from tilescope help --man")
    endif()

    # Without its profiles the installed binary says where it looked, and never falls back on
    # the source tree it was built from.
    file(RENAME "${data}/devices" "${data}/devices.moved")
    run("${bin}" devices)
    file(RENAME "${data}/devices.moved" "${data}/devices")
    string(FIND "${out}${err}" "${SOURCE_DIR}/resources" source_at)
    if(status EQUAL 0 OR NOT err MATCHES "no device profiles found" OR NOT source_at EQUAL -1)
        fail("${label}: with share/tilescope/devices gone, tilescope devices gave ${status}: ${out}${err}")
    endif()
    set(failures "${failures}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${root}/prefix")
if(NOT status EQUAL 0)
    fail("cmake --install --prefix ${root}/prefix gave ${status}: ${err}")
else()
    check_prefix("${root}/prefix" "installed")
endif()
file(REMOVE_RECURSE "${root}")
if(failures)
    message(FATAL_ERROR "install check failed:\n${failures}")
endif()
message(STATUS "installed into a staging prefix: the binary found its resources beside itself")
