#pragma once
// Core's messages in the reader's language. Core's types carry a message as its catalogue id and
// arguments (core/util/message_value.h); coreText writes the entry's translation (context
// "ts::Message", seen by lupdate through the catalogue) with the arguments, an argument that is a
// message translated in turn and a text argument (a name, a number, code) kept as written.
//
// A text read back from a cache record or a file written before has no id, only its English (a
// plain string, or a message made with msg::Message::asWritten): coreText(english) finds the
// entry the text was rendered from and takes the arguments back out of it. That reading is a
// guess (an argument holding another entry's wording can match the wrong entry), so it serves
// only texts that come from outside the process or from before: a tuning, its failures, reasons
// and notes loaded from the config cache (the cache browser's), the backend's own Python
// exception (a tuning's error, the backend comparison's "raises"), a compiler's own words, and
// what the cache says when it is opened or a row is damaged.

#include "core/util/message_value.h"

#include <QString>

#include <string>

namespace ts::gui {

QString coreText(const msg::Message& message);
// `message` when it has an id, else `english` read back to its entry.
QString coreText(const msg::Message& message, const std::string& english);

QString coreText(const std::string& english);
QString coreText(const QString& english);

// Compiles the catalogue's read-back patterns now (a pool thread calls it at start): the first
// read-back otherwise compiled hundreds of expressions on the GUI thread, some 40 ms, as a kernel
// opened.
void prepareCoreText();

// Off: coreText(english) returns the English as it is. Tests turn it off to check that a text
// the explorer shows is written from its id, not read back.
void setEnglishReadBack(bool on);

} // namespace ts::gui
