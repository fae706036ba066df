// capture and readCapture (workflow.h): a program run under the capture hook, its launches
// written as workloads.

#include "core/pipeline/workflow.h"

#include "core/capture/capture_raw.h"
#include "core/capture/capture_writer.h"
#include "core/capture/child_process.h"

#include <cstdlib>

namespace ts::pipeline {
namespace {

namespace fs = std::filesystem;

bool isEmptyOrAbsent(const fs::path& folder, std::string* why)
{
    std::error_code ec;
    if (!fs::exists(folder, ec))
        return true;
    if (!fs::is_directory(folder, ec)) {
        *why = folder.string() + " is a file; -o names the capture folder to write";
        return false;
    }
    if (!fs::is_empty(folder, ec)) {
        *why = folder.string() + " is not empty: a capture never writes over files; choose another -o";
        return false;
    }
    return true;
}

} // namespace

fs::path captureHookFolder()
{
    for (const fs::path& dir : npu::DeviceRegistry::resourceDirCandidates()) {
        std::error_code ec;
        if (fs::is_regular_file(dir / "capture" / "sitecustomize.py", ec))
            return dir / "capture";
    }
    return {};
}

CaptureResult capture(const CaptureRequest& request)
{
    CaptureResult out;
    std::string why;
    if (request.command.empty() == request.rawFolder.empty()) {
        out.error = "give either a command to run or a raw capture to read";
        return out;
    }
    if (!isEmptyOrAbsent(request.folder, &why)) {
        out.error = why;
        return out;
    }
    std::error_code ec;
    const fs::path folder = fs::absolute(request.folder, ec);
    const fs::path raw = folder / "raw";
    capture::WriteOptions write;
    write.folder = folder;
    write.allJit = request.allJit;
    write.backend = request.backend;
    write.knownDevices = npu::DeviceRegistry::loadBundled().socNames();

    if (!request.command.empty()) {
        const fs::path hook = request.hookFolder.empty() ? captureHookFolder() : request.hookFolder;
        if (hook.empty() || !fs::is_regular_file(hook / "sitecustomize.py", ec)) {
            std::string looked;
            for (const fs::path& dir : npu::DeviceRegistry::resourceDirCandidates())
                looked += (looked.empty() ? "" : ", ") + (dir / "capture").string();
            out.error = "the capture hook (capture/sitecustomize.py) is not installed; looked in " +
                        (request.hookFolder.empty() ? looked : request.hookFolder.string());
            return out;
        }
        fs::create_directories(raw, ec);
        if (ec) {
            out.error = "cannot create " + raw.string() + ": " + ec.message();
            return out;
        }
        const char* path = std::getenv("PYTHONPATH");
        std::vector<std::pair<std::string, std::string>> environment = {
            {"PYTHONPATH", fs::absolute(hook, ec).string() + (path && *path ? ":" + std::string(path) : std::string())},
            {"TILESCOPE_CAPTURE_DIR", raw.string()},
            {"TILESCOPE_CAPTURE_ALL_JIT", request.allJit ? "1" : "0"}};
        const capture::ChildResult child = capture::runChild(request.command, environment);
        out.exitStatus = child.exitStatus;
        out.ran = child.started;
        if (!child.started) {
            out.error = child.error;
            return out;
        }
        write.command = request.command;
        write.exitStatus = child.exitStatus;
    } else {
        if (!fs::is_directory(request.rawFolder, ec)) {
            out.error = request.rawFolder.string() + " is not a folder of the capture hook's records";
            return out;
        }
        fs::create_directories(folder, ec);
        fs::copy(request.rawFolder, raw, fs::copy_options::recursive, ec);
        if (ec) {
            out.error = "cannot copy " + request.rawFolder.string() + " to " + raw.string() + ": " + ec.message();
            return out;
        }
    }
    const capture::RawCapture records = capture::readRawCapture(raw);
    capture::WriteResult written = capture::writeCapture(records, write);
    out.problems = std::move(written.problems);
    out.error = std::move(written.error);
    out.index = std::move(written.index);
    return out;
}

capture::IndexReadResult readCapture(const fs::path& folder)
{
    return capture::readCaptureIndex(folder);
}

} // namespace ts::pipeline
