#include "app/cli.h"
#include "app/cli_commands.h"
#include "app/cli_common.h"
#include "core/kernel/backend_version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>

namespace ts::cli {

int runBackends(const Args& args)
{
    if (!args.positionals().empty()) {
        std::cerr << "tilescope backends: takes no positional arguments\n";
        return kExitUsage;
    }
    const std::string_view defaultName = kernel::backendName(kernel::defaultBackend());
    if (args.flag("json")) {
        nlohmann::ordered_json versions = nlohmann::ordered_json::array();
        for (const kernel::BackendVersionInfo& info : kernel::backendInfos())
            versions.push_back({{"name", info.name},
                                {"repository", info.repository},
                                {"commit", info.commit},
                                {"date", info.date},
                                {"summary", info.summary},
                                {"default", info.name == defaultName}});
        // docs/schema/backends.schema.json
        nlohmann::ordered_json out = {{"schema", "tilescope.backends/1"}, {"default", defaultName},
                                      {"backends", std::move(versions)}};
        std::cout << out.dump(2) << "\n";
        return kExitOk;
    }
    std::size_t repositoryWidth = std::string_view("repository").size();
    for (const kernel::BackendVersionInfo& info : kernel::backendInfos())
        repositoryWidth = std::max(repositoryWidth, info.repository.size());
    auto pad = [](std::string_view text, std::size_t width) {
        return std::string(text) + std::string(width > text.size() ? width - text.size() : 0, ' ');
    };
    std::cout << pad("version", 9) << "  " << pad("repository", repositoryWidth) << "  " << pad("commit", 7) << "  "
              << pad("date", 10) << "  summary\n";
    for (const kernel::BackendVersionInfo& info : kernel::backendInfos())
        std::cout << pad(info.name, 9) << "  " << pad(info.repository, repositoryWidth) << "  "
                  << info.commit.substr(0, 7) << "  " << pad(info.date, 10) << "  " << info.summary
                  << (info.name == defaultName ? " (default)" : "") << "\n";
    return kExitOk;
}

} // namespace ts::cli
