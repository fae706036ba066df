// The embedded CPython parser bridge: trees are faithful to Python's `ast`, errors name the
// file, line and column, and nothing of the user's code runs.

#include "core/python/parser.h"
#include "testutil.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

using namespace ts::py;

namespace {

const Node* firstStatement(const Module& module)
{
    return module.root()->list("body").at(0);
}

} // namespace

TEST(Parser, BuildsModuleWithFieldsInPythonOrder)
{
    auto result = parseSource("x = a + 2 * b\n", "snippet.py");
    ASSERT_TRUE(result.ok()) << result.error->format();
    const Node* assign = firstStatement(*result.module);
    ASSERT_TRUE(assign->is(Kind::Assign));
    ASSERT_EQ(assign->fields.size(), 3u);  // targets, value, type_comment
    EXPECT_EQ(assign->fields[0].name, "targets");
    EXPECT_EQ(assign->fields[1].name, "value");
    const Node* sum = assign->child("value");
    ASSERT_TRUE(sum->is(Kind::BinOp));
    EXPECT_EQ(sum->op(), Kind::Add);
    EXPECT_EQ(sum->child("left")->id(), "a");
    EXPECT_EQ(sum->child("right")->op(), Kind::Mult);
    EXPECT_EQ(sum->line, 1);
    EXPECT_EQ(sum->col, 4);
    EXPECT_EQ(result.module->segment(sum), "a + 2 * b");
}

TEST(Parser, WalkIsBreadthFirstLikePython)
{
    // ast.walk order for `f(a, g(b))`: Call f, Name f, Name a, Call g, Load, Load, Name g, Name b...
    auto result = parseSource("f(a, g(b))\n", "w.py");
    ASSERT_TRUE(result.ok());
    const Node* call = firstStatement(*result.module)->child("value");
    std::vector<std::string> names;
    for (const Node* n : walk(call))
        if (n->is(Kind::Name))
            names.push_back(n->id());
    EXPECT_EQ(names, (std::vector<std::string>{"f", "a", "g", "b"}));
}

TEST(Parser, ConstantsOfEveryType)
{
    auto result = parseSource("v = [1, 2.5, 'hi', True, None, 12345678901234567890123, b'x', ...]\n", "c.py");
    ASSERT_TRUE(result.ok());
    const auto& elts = firstStatement(*result.module)->child("value")->list("elts");
    ASSERT_EQ(elts.size(), 8u);
    EXPECT_EQ(elts[0]->constant()->integer, 1);
    EXPECT_DOUBLE_EQ(elts[1]->constant()->real, 2.5);
    EXPECT_EQ(elts[2]->constant()->text, "hi");
    EXPECT_EQ(elts[3]->constant()->type, ConstantValue::Type::Bool);
    EXPECT_TRUE(elts[4]->constant()->isNone());
    EXPECT_TRUE(elts[5]->constant()->bigInt);
    EXPECT_EQ(elts[5]->constant()->text, "12345678901234567890123");
    EXPECT_EQ(elts[6]->constant()->type, ConstantValue::Type::Bytes);
    EXPECT_EQ(elts[7]->constant()->type, ConstantValue::Type::Ellipsis);
}

TEST(Parser, SyntaxErrorNamesFileLineAndColumn)
{
    auto result = parseSource("def f(x):\n    return (x +\n\nprint(1)\n", "broken.py");
    ASSERT_FALSE(result.ok());
    ASSERT_TRUE(result.error.has_value());
    EXPECT_EQ(result.error->file, "broken.py");
    EXPECT_GT(result.error->line, 0);
    EXPECT_NE(result.error->format().find("broken.py:"), std::string::npos);
}

TEST(Parser, IndentationErrorIsReported)
{
    auto result = parseSource("def f():\nreturn 1\n", "indent.py");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->line, 2);
}

TEST(Parser, InvalidUtf8IsAnErrorWithItsLine)
{
    auto result = parseSource("x = 1\ny = '\xff'\n", "bytes.py");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error->line, 2);
    EXPECT_NE(result.error->message.find("UTF-8"), std::string::npos);
}

TEST(Parser, MissingFileIsAnError)
{
    auto result = parseFile("/nonexistent/kernel.py");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error->format().find("/nonexistent/kernel.py"), std::string::npos);
}

TEST(Parser, UserCodeIsNeverExecuted)
{
    // If the module body ran, it would create this file.
    const auto marker = std::filesystem::temp_directory_path() / "tilescope-parser-executed";
    std::filesystem::remove(marker);
    const std::string source = "open(r'" + marker.string() + "', 'w').write('ran')\n"
                               "import os\nos.system('touch " + marker.string() + "')\n";
    auto result = parseSource(source, "evil.py");
    ASSERT_TRUE(result.ok());
    EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST(Parser, ParsesFromSeveralThreads)
{
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 20; ++i)
                if (parseSource("def k(a, B: tl.constexpr):\n    return a * B\n", "t.py").ok())
                    ++ok;
        });
    for (auto& th : threads)
        th.join();
    EXPECT_EQ(ok.load(), 80);
}

TEST(Parser, LineTextAndPositions)
{
    auto result = parseSource("a = 1\n\n@triton.jit\ndef k(x):\n    pass\n", "p.py");
    ASSERT_TRUE(result.ok());
    const Node* fn = result.module->root()->list("body").at(1);
    ASSERT_TRUE(fn->is(Kind::FunctionDef));
    EXPECT_EQ(fn->line, 4);
    EXPECT_EQ(fn->list("decorator_list").at(0)->line, 3);
    EXPECT_EQ(result.module->lineText(4), "def k(x):");
}
