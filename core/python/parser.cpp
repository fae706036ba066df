// CPython's headers must come before anything that could pull in Qt (the `slots` macro).
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "core/python/parser.h"

#include "core/util/input_file.h"
#include "core/util/message.h"

// GCC says it builds with AddressSanitizer by __SANITIZE_ADDRESS__, clang by __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILESCOPE_CLANG_ASAN 1
#endif
#endif
#ifndef TILESCOPE_CLANG_ASAN
#define TILESCOPE_CLANG_ASAN 0
#endif

#include <fstream>
#include <mutex>
#include <sstream>
#include <unordered_map>

namespace ts::py {
namespace {

// Owned reference, released on scope exit.
class Ref {
public:
    Ref() = default;
    explicit Ref(PyObject* object) : m_object(object) {}
    Ref(const Ref&) = delete;
    Ref& operator=(const Ref&) = delete;
    ~Ref() { Py_XDECREF(m_object); }
    PyObject* get() const { return m_object; }
    explicit operator bool() const { return m_object != nullptr; }

private:
    PyObject* m_object = nullptr;
};

struct Interpreter {
    bool started = false;
    std::string failure;
    PyObject* astBase = nullptr;  // ast.AST, for isinstance checks
};

Interpreter& interpreter()
{
    static Interpreter state;
    static std::once_flag once;
    std::call_once(once, [] {
        if (Py_IsInitialized()) {
            // Someone else embeds Python in this process; use it as it is.
            state.started = true;
        } else {
#if defined(__SANITIZE_ADDRESS__) || TILESCOPE_CLANG_ASAN
            // Under AddressSanitizer every Python object comes from malloc, not from pymalloc's
            // arenas (which LeakSanitizer does not scan): the interpreter's live objects are then
            // seen as reachable, and only what is really lost is reported.
            PyPreConfig preconfig;
            PyPreConfig_InitIsolatedConfig(&preconfig);
            preconfig.allocator = PYMEM_ALLOCATOR_MALLOC;
            if (PyStatus pre = Py_PreInitialize(&preconfig); PyStatus_Exception(pre)) {
                state.failure = pre.err_msg ? pre.err_msg : "unknown error";
                return;
            }
#endif
            PyConfig config;
            PyConfig_InitIsolatedConfig(&config);
            config.site_import = 0;          // nothing from site-packages is needed or wanted
            config.install_signal_handlers = 0;
            config.write_bytecode = 0;
            const PyStatus status = Py_InitializeFromConfig(&config);
            PyConfig_Clear(&config);
            if (PyStatus_Exception(status)) {
                state.failure = status.err_msg ? status.err_msg : "unknown error";
                return;
            }
            state.started = true;
        }
        PyGILState_STATE gil = PyGILState_Ensure();
        Ref ast(PyImport_ImportModule("_ast"));
        if (ast)
            state.astBase = PyObject_GetAttrString(ast.get(), "AST");
        if (!state.astBase) {
            PyErr_Clear();
            state.failure = "the _ast module is not available";
            state.started = false;
        }
        PyGILState_Release(gil);
        // The thread that initialised holds the GIL after Py_Initialize; hand it back so any
        // thread can parse.
        if (PyGILState_Check())
            PyEval_SaveThread();
    });
    return state;
}

std::string toUtf8(PyObject* object)
{
    if (!object)
        return {};
    if (PyUnicode_Check(object)) {
        Py_ssize_t size = 0;
        const char* data = PyUnicode_AsUTF8AndSize(object, &size);
        if (!data) {
            PyErr_Clear();
            return {};
        }
        return std::string(data, static_cast<std::size_t>(size));
    }
    Ref text(PyObject_Str(object));
    if (!text) {
        PyErr_Clear();
        return {};
    }
    return toUtf8(text.get());
}

int intAttr(PyObject* object, PyObject* name)
{
    Ref value(PyObject_GetAttr(object, name));
    if (!value) {
        PyErr_Clear();
        return 0;
    }
    if (!PyLong_Check(value.get()))
        return 0;
    const long v = PyLong_AsLong(value.get());
    if (PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return static_cast<int>(v);
}

// Converts one CPython AST tree into a Module, caching per node type its fields.
class Converter {
public:
    Converter(Module& module, PyObject* astBase) : m_module(module), m_astBase(astBase) {}

    const Node* convert(PyObject* object)
    {
        const TypeInfo& info = typeInfo(Py_TYPE(object));
        // Field-less nodes (Load, Store, Add, ...) are shared singletons in CPython: share them too.
        if (info.fields.empty() && !info.hasPosition) {
            if (auto it = m_leaves.find(Py_TYPE(object)); it != m_leaves.end())
                return it->second;
        }
        Node* node = m_module.newNode(info.kind);
        if (info.fields.empty() && !info.hasPosition)
            m_leaves.emplace(Py_TYPE(object), node);
        if (info.kind == Kind::Other)
            node->otherName = info.name;
        if (info.hasPosition) {
            static PyObject* const lineno = PyUnicode_InternFromString("lineno");
            static PyObject* const colOffset = PyUnicode_InternFromString("col_offset");
            static PyObject* const endLineno = PyUnicode_InternFromString("end_lineno");
            static PyObject* const endColOffset = PyUnicode_InternFromString("end_col_offset");
            node->line = intAttr(object, lineno);
            node->col = intAttr(object, colOffset);
            node->endLine = intAttr(object, endLineno);
            node->endCol = intAttr(object, endColOffset);
        }
        node->fields.reserve(info.fields.size());
        for (const FieldName& fieldName : info.fields) {
            Field& field = node->fields.emplace_back();
            field.name = fieldName.name;
            Ref value(PyObject_GetAttr(object, fieldName.object));
            if (!value) {
                PyErr_Clear();  // an optional field that was never set
                continue;
            }
            if (info.kind == Kind::Constant && fieldName.name == "value")
                convertConstant(value.get(), field);
            else
                convertValue(value.get(), field);
        }
        return node;
    }

private:
    struct FieldName {
        PyObject* object;  // borrowed from the type's _fields tuple, which the type keeps alive
        std::string_view name;
    };
    struct TypeInfo {
        Kind kind = Kind::Other;
        std::string name;
        std::vector<FieldName> fields;
        bool hasPosition = false;
    };

    const TypeInfo& typeInfo(PyTypeObject* type)
    {
        // Types and field-name strings are immortal for our purposes (module-level classes).
        static std::unordered_map<PyTypeObject*, TypeInfo> cache;
        static std::unordered_map<std::string, std::string> interned;
        static std::mutex mutex;
        std::lock_guard lock(mutex);
        if (auto it = cache.find(type); it != cache.end())
            return it->second;
        TypeInfo info;
        info.name = type->tp_name;
        if (auto dot = info.name.rfind('.'); dot != std::string::npos)
            info.name = info.name.substr(dot + 1);
        info.kind = kindFromName(info.name);
        Ref fields(PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), "_fields"));
        if (fields && PyTuple_Check(fields.get())) {
            for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields.get()); ++i) {
                PyObject* name = PyTuple_GET_ITEM(fields.get(), i);
                Py_INCREF(name);  // kept for the life of the process
                const std::string text = toUtf8(name);
                auto [it, _] = interned.emplace(text, text);
                info.fields.push_back({name, it->second});
            }
        } else {
            PyErr_Clear();
        }
        Ref attributes(PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), "_attributes"));
        if (attributes && PyTuple_Check(attributes.get()))
            info.hasPosition = PyTuple_GET_SIZE(attributes.get()) >= 2;
        else
            PyErr_Clear();
        return cache.emplace(type, std::move(info)).first->second;
    }

    bool isAst(PyObject* object) const
    {
        return PyObject_TypeCheck(object, reinterpret_cast<PyTypeObject*>(m_astBase));
    }

    void convertValue(PyObject* value, Field& field)
    {
        if (value == Py_None) {
            field.type = Field::Type::Null;
        } else if (isAst(value)) {
            field.type = Field::Type::Node;
            field.node = convert(value);
        } else if (PyList_Check(value)) {
            const Py_ssize_t n = PyList_GET_SIZE(value);
            bool strings = n > 0;
            for (Py_ssize_t i = 0; i < n; ++i)
                strings = strings && PyUnicode_Check(PyList_GET_ITEM(value, i));
            if (strings) {
                field.type = Field::Type::StringList;
                for (Py_ssize_t i = 0; i < n; ++i)
                    field.strings.push_back(toUtf8(PyList_GET_ITEM(value, i)));
            } else {
                field.type = Field::Type::NodeList;
                field.nodes.reserve(static_cast<std::size_t>(n));
                for (Py_ssize_t i = 0; i < n; ++i) {
                    PyObject* item = PyList_GET_ITEM(value, i);
                    field.nodes.push_back(item != Py_None && isAst(item) ? convert(item) : nullptr);
                }
            }
        } else if (PyUnicode_Check(value)) {
            field.type = Field::Type::String;
            field.string = toUtf8(value);
        } else if (PyLong_Check(value)) {
            field.type = Field::Type::Int;
            field.integer = PyLong_AsLongLong(value);
            if (PyErr_Occurred())
                PyErr_Clear();
        } else {
            field.type = Field::Type::Constant;
            convertConstant(value, field);
        }
    }

    static void convertConstant(PyObject* value, Field& field)
    {
        field.type = Field::Type::Constant;
        ConstantValue& c = field.constant;
        if (value == Py_None) {
            c.type = ConstantValue::Type::None;
        } else if (PyBool_Check(value)) {
            c.type = ConstantValue::Type::Bool;
            c.boolean = value == Py_True;
        } else if (PyLong_Check(value)) {
            c.type = ConstantValue::Type::Int;
            int overflow = 0;
            c.integer = PyLong_AsLongLongAndOverflow(value, &overflow);
            if (overflow != 0) {
                c.bigInt = true;
                c.text = toUtf8(value);
            }
            if (PyErr_Occurred())
                PyErr_Clear();
        } else if (PyFloat_Check(value)) {
            c.type = ConstantValue::Type::Float;
            c.real = PyFloat_AS_DOUBLE(value);
        } else if (PyComplex_Check(value)) {
            c.type = ConstantValue::Type::Complex;
            c.real = PyComplex_ImagAsDouble(value);
        } else if (PyUnicode_Check(value)) {
            c.type = ConstantValue::Type::Str;
            c.text = toUtf8(value);
        } else if (PyBytes_Check(value)) {
            c.type = ConstantValue::Type::Bytes;
            c.text.assign(PyBytes_AS_STRING(value), static_cast<std::size_t>(PyBytes_GET_SIZE(value)));
        } else if (value == Py_Ellipsis) {
            c.type = ConstantValue::Type::Ellipsis;
        }
    }

    Module& m_module;
    PyObject* m_astBase;
    std::unordered_map<PyTypeObject*, const Node*> m_leaves;
};

ParseError parseError(const std::string& fileName, int line, int column, msg::Message what)
{
    ParseError error{fileName, line, column, what.english(), {}};
    error.text = std::move(what);
    return error;
}

ParseError errorFromPython(const std::string& fileName)
{
    ParseError error;
    error.file = fileName;
    msg::Message what;
    PyObject* type = nullptr;
    PyObject* value = nullptr;
    PyObject* traceback = nullptr;
    PyErr_Fetch(&type, &value, &traceback);
    PyErr_NormalizeException(&type, &value, &traceback);
    Ref typeRef(type), valueRef(value), tracebackRef(traceback);
    if (value && PyErr_GivenExceptionMatches(type, PyExc_SyntaxError)) {
        Ref msg(PyObject_GetAttrString(value, "msg"));
        PyErr_Clear();
        // CPython's own wording ("invalid syntax", "expected ':'"), kept as it says it.
        const std::string said = msg ? toUtf8(msg.get()) : std::string();
        what = msg ? msg::Message::asWritten(said) : msg::Message(msg::Id::SyntaxInvalid);
        Ref lineName(PyUnicode_FromString("lineno"));
        Ref offsetName(PyUnicode_FromString("offset"));
        error.line = intAttr(value, lineName.get());
        error.column = intAttr(value, offsetName.get());
        if (PyErr_GivenExceptionMatches(type, PyExc_IndentationError) &&
            what.english().find("indent") == std::string::npos)
            what = msg::Message(msg::Id::SyntaxIndentation, {what});
    } else if (value) {
        const char* typeName = reinterpret_cast<PyTypeObject*>(type)->tp_name;
        // Another exception of CPython's: its type and its words, all of them Python's.
        what = msg::Message::asWritten(std::string(typeName ? typeName : "error") + ": " + toUtf8(value));
    } else {
        what = msg::Message(msg::Id::PythonParserFailed);
    }
    PyErr_Clear();
    error.message = what.english();
    error.text = std::move(what);
    return error;
}

// The line of the first byte that does not decode as UTF-8 (1 when unknown).
int lineOfInvalidUtf8(const std::string& source)
{
    int line = 1;
    for (std::size_t i = 0; i < source.size();) {
        const unsigned char c = static_cast<unsigned char>(source[i]);
        std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (length == 0 || i + length > source.size())
            return line;
        for (std::size_t k = 1; k < length; ++k)
            if ((static_cast<unsigned char>(source[i + k]) >> 6) != 0x2)
                return line;
        if (c == '\n')
            ++line;
        i += length;
    }
    return line;
}

} // namespace

std::string ParseError::format() const
{
    std::string out = file;
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (column > 0)
            out += ':' + std::to_string(column);
    }
    return out + ": error: " + message;
}

void startInterpreter()
{
    interpreter();
}

ParseResult parseSource(const std::string& source, const std::string& fileName)
{
    ParseResult result;
    Interpreter& state = interpreter();
    if (!state.started) {
        result.error = parseError(fileName, 0, 0, {msg::Id::PythonParserNotStarted, {state.failure}});
        return result;
    }
    auto module = std::make_unique<Module>();
    module->setSource(fileName, source);

    PyGILState_STATE gil = PyGILState_Ensure();
    {
        Ref text(PyUnicode_DecodeUTF8(source.data(), static_cast<Py_ssize_t>(source.size()), "strict"));
        Ref name(PyUnicode_DecodeUTF8(fileName.data(), static_cast<Py_ssize_t>(fileName.size()), "replace"));
        if (!text) {
            PyErr_Clear();
            result.error = parseError(fileName, lineOfInvalidUtf8(source), 0, msg::Id::SourceNotUtf8);
        } else {
            // The tree is tens of thousands of short-lived objects with no cycles: the cyclic
            // collector would only walk them over and over.
            const int gcWasEnabled = PyGC_Disable();
            PyCompilerFlags flags = _PyCompilerFlags_INIT;
            flags.cf_flags = PyCF_ONLY_AST;
            Ref tree(Py_CompileStringObject(PyUnicode_AsUTF8(text.get()), name.get(), Py_file_input,
                                            &flags, -1));
            if (!tree) {
                result.error = errorFromPython(fileName);
            } else {
                Converter converter(*module, state.astBase);
                module->setRoot(converter.convert(tree.get()));
                result.module = std::move(module);
            }
            if (gcWasEnabled)
                PyGC_Enable();
        }
    }
    PyGILState_Release(gil);
    return result;
}

ParseResult parseFile(const std::string& path)
{
    const util::InputText input = util::readInputFile(path, util::kMaxSmallInputBytes);
    if (!input.ok()) {
        ParseResult result;
        result.error = parseError(path, 0, 0, {msg::Id::SourceUnreadable, {input.what}});
        return result;
    }
    return parseSource(input.text, path);
}

} // namespace ts::py
