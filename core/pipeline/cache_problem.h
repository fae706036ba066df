#pragma once
// Why a workflow could not read its config cache, as a message its result carries: the cache's
// own words (they name the file) as written, else that the file could not be opened at all.

#include "core/cache/config_cache.h"
#include "core/util/message.h"

#include <filesystem>

namespace ts::pipeline {

inline msg::Message cacheOpenProblem(const cache::OpenResult& opened, const std::filesystem::path& path)
{
    return opened.error ? opened.error->text
                        : msg::Message(msg::Id::CacheCannotOpen, {path.string()});
}

} // namespace ts::pipeline
