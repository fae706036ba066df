#pragma once
// Core's messages in the reader's language. Core writes each message in English from its
// catalogue (core/util/message.h); coreText finds the entry a text was rendered from, takes the
// arguments back out of the text, and writes the entry's translation (context "ts::Message",
// seen by lupdate through the catalogue) with them, each argument translated in turn when it is
// a catalogue message itself. A text no entry made (a user's name, a path) is shown as it is.

#include <QString>

#include <string>

namespace ts::gui {

QString coreText(const std::string& english);
QString coreText(const QString& english);

} // namespace ts::gui
