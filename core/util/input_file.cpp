#include "core/util/input_file.h"

#include "core/util/message.h"

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ts::util {
namespace {

std::string mib(std::uint64_t bytes)
{
    const std::uint64_t whole = bytes >> 20;
    return whole > 0 ? std::to_string(whole) + " MiB" : std::to_string(bytes) + " bytes";
}

// What a non-regular file is, for "is a directory, not a file".
msg::Message kindProblem(mode_t mode)
{
    using msg::Id;
    if (S_ISDIR(mode))
        return Id::FileIsDirectory;
    if (S_ISFIFO(mode))
        return Id::FileIsFifo;
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return Id::FileIsDevice;
    if (S_ISSOCK(mode))
        return Id::FileIsSocket;
    return Id::FileNotRegular;
}

msg::Message errnoProblem(int error, const std::filesystem::path& path)
{
    using msg::Id;
    switch (error) {
    case ENOENT:
        return Id::FileNoSuchFile;
    case ENOTDIR:
        return Id::FileFolderOnPathIsFile;
    case EISDIR:
        return Id::FileIsDirectory;
    case ELOOP:
        return Id::FileSymlinkLoop;
    case ENAMETOOLONG:
        return {Id::FilePathTooLong, {path.native().size(), PATH_MAX, NAME_MAX}};
    case EACCES:
    case EPERM:
        return Id::FilePermissionDenied;
    default:
        return msg::Message::asWritten(std::strerror(error)); // the system's own words
    }
}

std::string located(const std::filesystem::path& path, const std::string& problem)
{
    return path.string() + ": " + problem;
}

std::string located(const std::filesystem::path& path, const msg::Message& problem)
{
    return located(path, problem.english());
}

class Descriptor {
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const { return m_fd; }
    int release()
    {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }

private:
    int m_fd;
};

// Reads until the end or past `maxBytes` (then false): a file may grow after fstat.
bool readAll(int fd, std::uint64_t maxBytes, std::string& out, int& error)
{
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0)
            return true;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = errno;
            return true;
        }
        if (out.size() + std::uint64_t(n) > maxBytes)
            return false;
        out.append(buffer, std::size_t(n));
    }
}

// Opens `path` for reading without blocking and checks that it is a regular file of at most
// `maxBytes`; the descriptor, or -1 with the problem.
int openInput(const std::filesystem::path& path, std::uint64_t maxBytes, msg::Message& problem)
{
    Descriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) {
        problem = errnoProblem(errno, path);
        return -1;
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) {
        problem = errnoProblem(errno, path);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        problem = kindProblem(st.st_mode);
        return -1;
    }
    if (std::uint64_t(st.st_size) > maxBytes) {
        problem = msg::Message(msg::Id::FileTooLarge, {mib(std::uint64_t(st.st_size)), mib(maxBytes)});
        return -1;
    }
    return fd.release();
}

} // namespace

InputText readInputFile(const std::filesystem::path& path, std::uint64_t maxBytes)
{
    InputText out;
    int error = 0;
    if (path == "-") {
        if (!readAll(STDIN_FILENO, maxBytes, out.text, error))
            out.what = msg::Message(msg::Id::FileStdinTooLarge, {mib(maxBytes)});
        else if (error != 0)
            out.what = msg::Message(msg::Id::FileStdinUnreadable, {std::strerror(error)});
    } else {
        Descriptor fd(openInput(path, maxBytes, out.what));
        if (fd.get() >= 0) {
            if (!readAll(fd.get(), maxBytes, out.text, error))
                out.what = msg::Message(msg::Id::FileGrew, {mib(maxBytes)});
            else if (error != 0)
                out.what = msg::Message(msg::Id::FileCannotBeRead, {errnoProblem(error, path)});
        }
    }
    out.problem = out.what.english();
    if (!out.problem.empty()) {
        out.error = located(path, out.problem);
        out.text.clear();
    }
    return out;
}

std::string inputFileProblem(const std::filesystem::path& path, std::uint64_t maxBytes, bool allowMissing)
{
    msg::Message problem;
    Descriptor fd(openInput(path, maxBytes, problem));
    if (fd.get() >= 0 || (allowMissing && problem == errnoProblem(ENOENT, path)))
        return {};
    return located(path, problem.english());
}

std::string outputFileProblem(const std::filesystem::path& path)
{
    if (path.empty())
        return "an output file needs a name";
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0)
        return S_ISREG(st.st_mode) ? std::string() : located(path, kindProblem(st.st_mode));
    if (errno != ENOENT)
        return located(path, errnoProblem(errno, path));
    const std::filesystem::path folder = path.parent_path();
    if (folder.empty())
        return {};
    if (::stat(folder.c_str(), &st) != 0)
        return located(path, errno == ENOENT ? "the folder " + folder.string() + " does not exist"
                                             : "the folder " + folder.string() + ": " +
                                                   errnoProblem(errno, folder).english());
    if (!S_ISDIR(st.st_mode))
        return located(path, folder.string() + " is not a folder");
    return {};
}

std::string writeOutputFile(const std::filesystem::path& path, std::string_view text)
{
    if (path.empty())
        return "an output file needs a name";
    // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader forever.
    Descriptor fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0666));
    if (fd.get() < 0) {
        const int error = errno;
        if (std::string problem = outputFileProblem(path); !problem.empty())
            return problem;
        return located(path, "cannot be written: " + errnoProblem(error, path).english());
    }
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return located(path, "cannot be written: " + errnoProblem(errno, path).english());
    if (!S_ISREG(st.st_mode))
        return located(path, kindProblem(st.st_mode));
    const int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags >= 0)
        ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
    if (::ftruncate(fd.get(), 0) != 0)
        return located(path, "cannot be written: " + errnoProblem(errno, path).english());
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd.get(), text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return located(path, "writing failed: " + errnoProblem(errno, path).english());
        }
        done += std::size_t(n);
    }
    if (::close(fd.release()) != 0)
        return located(path, "writing failed: " + errnoProblem(errno, path).english());
    return {};
}

bool isRegularFile(const std::filesystem::path& path)
{
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

bool pathExists(const std::filesystem::path& path)
{
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::symlink_status(path, ec);
    return !ec && std::filesystem::exists(status);
}

} // namespace ts::util
