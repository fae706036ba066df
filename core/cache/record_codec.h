#pragma once
// The compact text the cache stores in its columns: small JSON documents in one fixed layout
// each, written and read by hand because a lookup decodes a whole tuning and must stay cheap.
// They are plain JSON, so SQLite's json functions (and a person with the sqlite3 shell) can
// read them too.
//
//   pairs       [["BLOCK_M","128"],["multibuffer","True"]]
//   strings     ["torch.float16","torch.float32"]
//   candidate   [<pairs>,numWarps,numStages,"status","reasonCode","reasonMessage",
//                p50|null,p20|null,p80|null,"breakdown"|{breakdown}[,{ubTune}]]
//               (a breakdown that is a JSON object or array is embedded verbatim; the UB
//               tuner's search, a JSON object, follows only for a candidate it ran for)
//   candidates  [<candidate>,...]
//   details     the "details" object of the JSON form (tuning_record.h), compact
//
// Times are written as the shortest decimal that reads back to the same double; a time that is
// not finite is stored as null.

#include "core/cache/tuning_record.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ts::cache {

void appendJsonString(std::string& out, std::string_view text);

std::string encodePairs(const TextPairs& pairs);
std::optional<TextPairs> decodePairs(std::string_view json);
std::string encodeStrings(const std::vector<std::string>& items);
std::optional<std::vector<std::string>> decodeStrings(std::string_view json);

void appendCandidate(std::string& out, const CandidateRecord& candidate);
std::string encodeCandidates(const std::vector<CandidateRecord>& candidates);
std::optional<CandidateRecord> decodeCandidate(std::string_view json);
// `expected` is only a capacity hint.
std::optional<std::vector<CandidateRecord>> decodeCandidates(std::string_view json, std::size_t expected = 0);

std::string encodeDetails(const TuningDetails& details);
std::optional<TuningDetails> decodeDetails(std::string_view json);

} // namespace ts::cache
