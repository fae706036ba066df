#pragma once
// The backend versions TileScope models and the policy of each. The built-in versions are
// registered in one place (backend_registry.cpp), oldest first; the newest is the default. A
// version can also be registered at run time (a test registers a stub of its own to prove that
// a new version reaches every feature): it gets a handle like the built-in ones and is never the
// default.
//
// A policy, once registered, lives as long as the process; lookups take no lock.

#include "core/kernel/backend_version.h"

#include <memory>
#include <vector>

namespace ts::backends {

class BackendPolicy;

// The policy of `version`.
const BackendPolicy& policy(kernel::BackendVersion version);

// Adds a version; its name must be one no registered version has. Returns its handle, or
// nullopt when the name is taken or the registry is full.
std::optional<kernel::BackendVersion> registerBackend(std::unique_ptr<BackendPolicy> policy);

// Every registered version, in registration order (the built-in ones oldest first).
std::vector<kernel::BackendVersion> registeredVersions();

// The version a workload without "backend" and a command without --backend get: the newest
// built-in one.
kernel::BackendVersion defaultVersion();

// The version whose records the config cache keeps without a version name: the oldest built-in
// one, which TileScope modelled before it knew of versions.
kernel::BackendVersion firstVersion();

} // namespace ts::backends
