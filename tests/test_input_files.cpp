// The pieces every read of a user's file goes through (core/util): the JSON reader's limits and
// positions, the checked integers, the input and output file checks, and the escaping of text
// for generated Python and for a terminal.

#include "core/util/escape.h"
#include "core/util/input_file.h"
#include "core/util/json_reader.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fcntl.h>
#include <sys/stat.h>

namespace ts::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct JsonCase {
    const char* name;
    std::string text;
    int line, column;
    const char* says;
};

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

class JsonReaderRejects : public ::testing::TestWithParam<JsonCase> {};

TEST_P(JsonReaderRejects, WithTheFileThePositionAndWhatIsWrong)
{
    const JsonCase& c = GetParam();
    const util::JsonRead<json> read = util::readJson(c.text, "in.json");
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.line, c.line) << read.error;
    EXPECT_EQ(read.column, c.column) << read.error;
    EXPECT_EQ(read.error.rfind("in.json:" + std::to_string(c.line) + ":" + std::to_string(c.column) + ": not valid JSON: ", 0),
              0u)
        << read.error;
    EXPECT_NE(read.error.find(c.says), std::string::npos) << read.error;
    EXPECT_LT(read.error.size(), 400u) << "a message never quotes a whole document";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, JsonReaderRejects,
    ::testing::Values(
        JsonCase{"number_beyond_double", "{\n  \"n\": 1e400\n}", 2, 8, "the number 1e400 is out of range"},
        JsonCase{"negative_beyond_double", "[1, -2e308]", 1, 5, "the number -2e308 is out of range"},
        JsonCase{"integer_beyond_double", "[" + std::string(400, '9') + "]", 1, 2, "is out of range"},
        JsonCase{"nested_100000", nested(100000), 1, 65, "nested deeper than 64 levels"},
        JsonCase{"nested_objects", "{\"a\":" + std::string(70, '[') + "1" + std::string(70, ']') + "}", 1, 69,
                 "nested deeper than 64"},
        JsonCase{"long_string", "{\"name\": \"" + std::string((1 << 20) + 1, 'x') + "\"}", 1, 10,
                 "a string of 1048577 bytes"},
        JsonCase{"syntax", "{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "syntax error"},
        JsonCase{"not_utf8", "{\"a\": \"\xff\"}", 1, 8, "UTF-8"},
        JsonCase{"empty", "", 1, 1, "unexpected end of input"},
        JsonCase{"long_token_is_cut", "[\"" + std::string(100000, 'x'), 1, 100003, "missing closing quote; last read: '\"xxx"}),
    [](const ::testing::TestParamInfo<JsonCase>& info) { return std::string(info.param.name); });

TEST(JsonReader, ReadsWhatFitsTheLimits)
{
    const util::JsonRead<json> ok = util::readJson("{\"a\": [1, 2.5, \"x\", -1e-400, 1e308], \"b\": " + nested(63) + "}",
                                                   "in.json");
    ASSERT_TRUE(ok.ok()) << ok.error;
    EXPECT_EQ(ok.value["a"][4].get<double>(), 1e308);
    EXPECT_EQ(ok.value["a"][3].get<double>(), 0.0);  // an underflow is a number, 0
}

TEST(JsonReader, PythonsNonFiniteTokensWithPositionsOfTheOriginalText)
{
    util::JsonLimits limits;
    limits.pythonNonFinite = true;
    const auto read = util::readOrderedJson("[Infinity, -Infinity, NaN, \"Infinity\"]", "t.json", limits);
    ASSERT_TRUE(read.ok()) << read.error;
    EXPECT_TRUE(std::isinf(read.value[0].get<double>()) && read.value[0].get<double>() > 0);
    EXPECT_TRUE(std::isinf(read.value[1].get<double>()) && read.value[1].get<double>() < 0);
    EXPECT_TRUE(std::isnan(read.value[2].get<double>()));
    EXPECT_EQ(read.value[3], "Infinity");  // a string stays a string
    // The replacement strings are longer than the tokens: a later error is still placed in the text as written.
    const auto bad = util::readOrderedJson("[Infinity, NaN, ?]", "t.json", limits);
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.column, 17) << bad.error;
}

TEST(JsonReader, CheckedIntegersNeverWrap)
{
    EXPECT_EQ(util::jsonInteger(json::parse("9223372036854775807")), INT64_MAX);
    EXPECT_EQ(util::jsonInteger(json::parse("-9223372036854775808")), INT64_MIN);
    EXPECT_EQ(util::jsonInteger(json::parse("9223372036854775808")), std::nullopt);  // 2^63 is no int64
    EXPECT_EQ(util::jsonInteger(json::parse("18446744073709551615")), std::nullopt);
    EXPECT_EQ(util::jsonInteger(json::parse("4294967297"), 0, 1 << 20), std::nullopt);  // not 1
    EXPECT_EQ(util::jsonInteger(json::parse("2.0")), std::nullopt);
    EXPECT_EQ(util::jsonInteger(json::parse("\"3\"")), std::nullopt);
    EXPECT_EQ(util::jsonInteger(json::parse("7"), 1, 7), 7);
}

TEST(JsonReader, DescribesValuesShortly)
{
    EXPECT_EQ(util::describeJson(json::parse("[1,2,3]")), "a list of 3 items");
    EXPECT_EQ(util::describeJson(json::parse("{\"a\": 1}")), "an object of 1 keys");
    EXPECT_EQ(util::describeJson(json(std::string(1000, 'y'))).size(), 62u + 16u);
    EXPECT_EQ(util::describeJson(json(std::string("caf\xc3\xa9"))), "\"caf\xc3\xa9\"");
}

TEST(JsonReader, StoredTextThatIsNotValidIsDiscardedNotThrown)
{
    EXPECT_TRUE(util::parseStoredJson(nested(100000)).is_discarded());
    EXPECT_TRUE(util::parseStoredOrderedJson("[1e400]").is_discarded());
    EXPECT_EQ(util::parseStoredJson("{\"a\": 1}")["a"], 1);
}

TEST(InputFile, RefusesWhatIsNotARegularFileOfBoundedSize)
{
    const fs::path dir = scratchDir("input-files");
    const fs::path fifo = dir / "fifo.json";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    fs::create_symlink(dir / "loop-b", dir / "loop-a");
    fs::create_symlink(dir / "loop-a", dir / "loop-b");
    std::ofstream(dir / "big.json") << std::string(2000, ' ');
    std::ofstream(dir / "ok.json") << "[1]";

    auto problem = [](const fs::path& path, std::uint64_t max = util::kMaxInputBytes) {
        const util::InputText read = util::readInputFile(path, max);
        EXPECT_TRUE(read.text.empty());
        EXPECT_EQ(read.error, path.string() + ": " + read.problem);
        return read.problem;
    };
    EXPECT_EQ(problem(dir), "is a directory, not a file");
    EXPECT_EQ(problem(fifo), "is a named pipe (FIFO), not a regular file");  // and returns: nothing waits
    EXPECT_EQ(problem("/dev/zero"), "is a device, not a regular file");
    EXPECT_EQ(problem(dir / "loop-a"), "too many levels of symbolic links (a symlink loop?)");
    EXPECT_EQ(problem(dir / "missing.json"), "no such file");
    EXPECT_EQ(problem(dir / std::string(5000, 'a')).rfind("the path is too long (", 0), 0u);
    EXPECT_EQ(problem(dir / "big.json", 1000), "is 2000 bytes, more than the 1000 bytes TileScope reads from such a file");
    EXPECT_EQ(problem(dir / "ok.json" / "x"), "a folder on the path is a file");
    EXPECT_EQ(util::readInputFile(dir / "ok.json").text, "[1]");
    EXPECT_EQ(util::inputFileProblem(dir / "ok.json"), "");
    EXPECT_EQ(util::inputFileProblem(dir / "missing.json", util::kMaxInputBytes, true), "");
    EXPECT_EQ(util::inputFileProblem(fifo, util::kMaxInputBytes, true), fifo.string() + ": is a named pipe (FIFO), not a regular file");
}

TEST(OutputFile, NeverWaitsOnAFifoNorWritesIntoADevice)
{
    const fs::path dir = scratchDir("output-files");
    const fs::path fifo = dir / "fifo.py";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_EQ(util::writeOutputFile(fifo, "x"), fifo.string() + ": is a named pipe (FIFO), not a regular file");
    // With a reader it would open: the check after opening refuses it all the same.
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    EXPECT_EQ(util::writeOutputFile(fifo, "x"), fifo.string() + ": is a named pipe (FIFO), not a regular file");
    ::close(reader);
    EXPECT_EQ(util::outputFileProblem(fifo), fifo.string() + ": is a named pipe (FIFO), not a regular file");
    EXPECT_EQ(util::writeOutputFile("/dev/null", "x"), "/dev/null: is a device, not a regular file");
    EXPECT_EQ(util::writeOutputFile(dir, "x"), dir.string() + ": is a directory, not a file");
    EXPECT_EQ(util::outputFileProblem(dir / "no" / "out.py"), (dir / "no" / "out.py").string() + ": the folder " +
                                                                  (dir / "no").string() + " does not exist");
    EXPECT_EQ(util::writeOutputFile(dir / "out.py", "longer text"), "");
    EXPECT_EQ(util::writeOutputFile(dir / "out.py", "short"), "");
    EXPECT_EQ(readText(dir / "out.py"), "short");  // replaced, not overwritten in place
}

TEST(Escape, GeneratedPythonGetsPrintableAsciiLiterals)
{
    EXPECT_EQ(util::asciiLiteral("add_kernel"), "'add_kernel'");
    EXPECT_EQ(util::asciiLiteral("a\nimport os\r#"), "'a\\nimport os\\r#'");
    EXPECT_EQ(util::asciiLiteral("it's"), "\"it's\"");
    EXPECT_EQ(util::asciiLiteral("'\"\\"), "'\\'\"\\\\'");
    EXPECT_EQ(util::asciiLiteral("caf\xc3\xa9 \xe2\x80\xa8 \xf0\x9f\x98\x80"), "'caf\\xe9 \\u2028 \\U0001f600'");
    EXPECT_EQ(util::asciiLiteral("bad\xff\xc3"), "'bad\\xff\\xc3'");
}

TEST(Escape, ACommentStaysOneLine)
{
    EXPECT_EQ(util::oneLine("Ascend910B2 covers"), "Ascend910B2 covers");
    EXPECT_EQ(util::oneLine("a\nimport os\r\x0c#\xe2\x80\xa8\xff"), "a\\x0aimport os\\x0d\\x0c#\\u2028\\xff");
    EXPECT_EQ(util::oneLine("\xe4\xb8\xad caf\xc3\xa9"), "\xe4\xb8\xad caf\xc3\xa9");
}

TEST(Escape, TerminalTextShowsControlsAndKeepsPrintableText)
{
    EXPECT_EQ(util::terminalSafe("plain\ttext\n"), "plain\ttext\n");
    EXPECT_EQ(util::terminalSafe("\x1b]0;owned\x07\x1b[2J\r"), "\\u001b]0;owned\\u0007\\u001b[2J\\u000d");
    EXPECT_EQ(util::terminalSafe("del\x7f c1\xc2\x9b"), "del\\u007f c1\\u009b");
    EXPECT_EQ(util::terminalSafe("\xe4\xb8\xad\xe6\x96\x87 caf\xc3\xa9"), "\xe4\xb8\xad\xe6\x96\x87 caf\xc3\xa9");
    EXPECT_EQ(util::terminalSafe("\xff\xc0\xaf\xed\xa0\x80"), "\\xff\\xc0\\xaf\\xed\\xa0\\x80");  // stray, overlong, surrogate
    // Inside JSON, the escapes mean what they replace: the output stays valid JSON.
    EXPECT_EQ(json::parse(util::terminalSafe(json(std::string("a\x7f\xc2\x85")).dump())), std::string("a\x7f\xc2\x85"));
}

TEST(Escape, OneLetterEscapesReadBothWaysAndOnlyTheLettersAReaderTakes)
{
    EXPECT_EQ(util::simpleEscape('n', "nrt"), '\n');
    EXPECT_EQ(util::simpleEscape('0', "\\0"), '\0');
    EXPECT_EQ(util::simpleEscape('/', "\"\\/"), '/');
    EXPECT_EQ(util::simpleEscape('v', "nrt"), std::nullopt);  // a letter the reader does not take
    EXPECT_EQ(util::simpleEscape('q', "q"), std::nullopt);    // no escape at all
    EXPECT_EQ(util::simpleEscape('\0', "nrt"), std::nullopt);
    EXPECT_EQ(util::escapeLetter('\t', "\"\\nrt"), 't');
    EXPECT_EQ(util::escapeLetter('"', "\"\\nrt"), '"');
    EXPECT_EQ(util::escapeLetter('\b', "\"\\nrt"), std::nullopt);  // the writer escapes it its own way
    EXPECT_EQ(util::escapeLetter('/', "\"\\nrt"), std::nullopt);
    const std::string_view every = "\"\\/'abfnrtv0";
    for (char letter : every) {
        const auto c = util::simpleEscape(letter, every);
        ASSERT_TRUE(c) << letter;
        EXPECT_EQ(util::escapeLetter(*c, every), letter) << letter;
    }
}

} // namespace
} // namespace ts::test
