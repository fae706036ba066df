#pragma once
// Why the tile generator turned a walk tile down, as a message (core/util/message_value.h): the
// explorer writes it in the reader's language, GenerationTrail::describe gives its English. Kept
// apart from generation_trail.h, which every header of the space includes, so that its users
// alone see message_value.h.

#include "core/space/generation_trail.h"
#include "core/util/message_value.h"

#include <cstddef>

namespace ts::space {

msg::Message trailMessage(const GenerationTrail& trail, std::size_t i, const TileProblem& problem);

} // namespace ts::space
