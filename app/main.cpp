// tilescope: with a subcommand it runs headless (no Qt application, no display); without one it
// opens the desktop explorer, which lives in a module loaded only then (app/CMakeLists.txt).

#include "app/cli.h"
#include "core/util/install_dirs.h"

#include <dlfcn.h>

#include <filesystem>
#include <iostream>
#include <system_error>

#ifdef TILESCOPE_WITH_GUI
namespace {

// The explorer's module: beside the binary in a build tree, in ../lib/tilescope once installed
// (ts::kInstalledModuleDir).
int runGui(int argc, char** argv)
{
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    const std::filesystem::path dir = error ? std::filesystem::path(".") : exe.parent_path();
    std::string problem;
    const std::filesystem::path installed = (dir / ts::kInstalledModuleDir / "tilescope-gui.so").lexically_normal();
    for (const std::filesystem::path& module : {dir / "tilescope-gui.so", installed}) {
        if (!std::filesystem::exists(module, error))
            continue;
        void* handle = ::dlopen(module.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            problem = ::dlerror();
            continue;
        }
        using Entry = int (*)(int, char**);
        if (auto entry = reinterpret_cast<Entry>(::dlsym(handle, "tilescope_run_gui")))
            return entry(argc, argv);
        problem = module.string() + ": no entry point";
    }
    std::cerr << "tilescope: the desktop explorer cannot be loaded"
              << (problem.empty() ? std::string(" (tilescope-gui.so is not beside the binary nor in ") + ts::kInstalledModuleDir + ")"
                                 : ": " + problem)
              << "\nThe headless commands work without it: tilescope --help lists them.\n";
    return 2;
}

} // namespace
#endif

int main(int argc, char** argv)
{
    if (ts::cli::isHeadlessInvocation(argc, argv))
        return ts::cli::run(argc, argv);
#ifdef TILESCOPE_WITH_GUI
    return runGui(argc, argv);
#else
    return ts::cli::run(argc, argv);
#endif
}
