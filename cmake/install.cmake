# What `cmake --install` puts under the prefix, and the Debian package `cpack -G DEB` builds from it:
#
#   bin/tilescope                                   the binary (headless commands, the explorer's loader)
#   lib/tilescope/tilescope-gui.so                  the desktop explorer, loaded by the binary
#   share/tilescope/devices, examples, translations the binary's resources (core/util/install_dirs.h.in)
#   share/tilescope/capture                         the hook `tilescope capture` puts on a program's PYTHONPATH
#   share/applications/tilescope.desktop           the desktop entry, with
#   share/icons/hicolor/scalable/apps/tilescope.svg its icon
#   share/man/man1/tilescope.1                      `tilescope help --man`, written at build time
#
# The binary finds all of it relative to its own location, so any prefix (and DESTDIR) works.
# Installing builds nothing: only the binary, its module and the man page are installed, never
# the tests or the benchmarks.

install(TARGETS tilescope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TILESCOPE_BUILD_GUI)
    install(TARGETS tilescope_gui LIBRARY DESTINATION ${TILESCOPE_INSTALL_MODULEDIR})
endif()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/devices ${PROJECT_SOURCE_DIR}/resources/examples
    ${PROJECT_SOURCE_DIR}/resources/capture
    DESTINATION ${TILESCOPE_INSTALL_DATADIR} PATTERN __pycache__ EXCLUDE)

# The man page, from the same command table as --help (app/cli_table.cpp).
set(TILESCOPE_MAN_PAGE ${PROJECT_BINARY_DIR}/man/tilescope.1)
add_custom_command(OUTPUT ${TILESCOPE_MAN_PAGE}
    COMMAND ${CMAKE_COMMAND} -DBINARY=$<TARGET_FILE:tilescope> -DOUTPUT=${TILESCOPE_MAN_PAGE}
            -P ${CMAKE_CURRENT_LIST_DIR}/write_man_page.cmake
    DEPENDS tilescope ${CMAKE_CURRENT_LIST_DIR}/write_man_page.cmake
    COMMENT "Writing man/tilescope.1 (tilescope help --man)"
    VERBATIM)
add_custom_target(tilescope_man ALL DEPENDS ${TILESCOPE_MAN_PAGE})
install(FILES ${TILESCOPE_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

if(TILESCOPE_BUILD_GUI)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/tilescope.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/tilescope.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

# ---- cpack -G DEB ------------------------------------------------------------------------------

set(CPACK_PACKAGE_NAME tilescope)
set(CPACK_PACKAGE_VENDOR "TileScope")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "explore the tiling space of Triton kernels under Triton-Ascend's autotune")
set(CPACK_PACKAGE_DESCRIPTION
    "TileScope reads a Triton kernel and a launch spec, shows what Triton-Ascend's autotune
concludes about it and which candidate configurations it generates, and tunes them on a
simulated NPU. One binary: a Qt 6 desktop explorer, and headless commands for CI.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "TileScope maintainers" CACHE STRING
    "The Maintainer field of the Debian package")
# Dependencies from the libraries the binary and the module link (dpkg-shlibdeps: libpython3.11,
# Qt 6, QCustomPlot, SQLite, libstdc++), plus what the explorer loads at run time.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
if(TILESCOPE_BUILD_GUI)
    set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
endif()
include(CPack)
