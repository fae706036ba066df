#pragma once
// SHA-256 (FIPS 180-4), small and dependency free: the cache identifies kernel sources and
// tuning keys by their digest.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace ts::cache {

class Sha256 {
public:
    Sha256();
    void update(std::string_view bytes);
    // Finishes the hash; the object must not be updated afterwards.
    std::array<std::uint8_t, 32> digest();
    std::string hexDigest();  // 64 lowercase hex digits

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_totalBytes = 0;
};

// Lowercase hex SHA-256 of `bytes`.
std::string sha256Hex(std::string_view bytes);

} // namespace ts::cache
