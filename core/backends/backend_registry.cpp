// The registry of backend versions. The built-in versions are added here, oldest first, and no
// where else: a new upstream release is a new folder beside v2604/ and v2608/ and one line below.
#include "core/backends/backend_registry.h"

#include "core/backends/backend_policy.h"
#include "core/backends/v2604/policy.h"
#include "core/backends/v2608/policy.h"

#include <array>
#include <atomic>
#include <mutex>
#include <stdexcept>

namespace ts::backends {
namespace {

// Fixed slots, filled once each and never emptied: a lookup reads a slot without a lock.
constexpr std::size_t kMaxVersions = 32;

class Registry {
public:
    Registry()
    {
        add(v2604::makePolicy());
        add(v2608::makePolicy());
        m_default = m_count.load() - 1;
    }

    std::optional<std::size_t> add(std::unique_ptr<BackendPolicy> policy)
    {
        const std::lock_guard lock(m_mutex);
        const std::size_t n = m_count.load(std::memory_order_relaxed);
        if (!policy || n == kMaxVersions)
            return std::nullopt;
        for (std::size_t i = 0; i < n; ++i)
            if (m_slots[i]->info().name == policy->info().name)
                return std::nullopt;
        m_slots[n] = policy.release();
        m_count.store(n + 1, std::memory_order_release);
        return n;
    }

    const BackendPolicy& at(std::size_t index) const
    {
        if (index >= m_count.load(std::memory_order_acquire))
            throw std::out_of_range("no backend version has this handle");
        return *m_slots[index];
    }

    std::size_t count() const { return m_count.load(std::memory_order_acquire); }
    std::size_t defaultIndex() const { return m_default; }

private:
    std::mutex m_mutex;
    std::array<const BackendPolicy*, kMaxVersions> m_slots{};
    std::atomic<std::size_t> m_count{0};
    std::size_t m_default = 0;
};

Registry& registry()
{
    // Policies are never unregistered: they live, like the registry, until the process ends.
    static Registry* const instance = new Registry;
    return *instance;
}

} // namespace

const BackendPolicy& policy(kernel::BackendVersion version)
{
    return registry().at(version.index());
}

std::optional<kernel::BackendVersion> registerBackend(std::unique_ptr<BackendPolicy> policy)
{
    const std::optional<std::size_t> index = registry().add(std::move(policy));
    if (!index)
        return std::nullopt;
    return kernel::BackendVersion::atIndex(*index);
}

std::vector<kernel::BackendVersion> registeredVersions()
{
    std::vector<kernel::BackendVersion> out;
    const std::size_t n = registry().count();
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(kernel::BackendVersion::atIndex(i));
    return out;
}

kernel::BackendVersion defaultVersion()
{
    return kernel::BackendVersion::atIndex(registry().defaultIndex());
}

kernel::BackendVersion firstVersion()
{
    return kernel::BackendVersion::atIndex(0);
}

} // namespace ts::backends
