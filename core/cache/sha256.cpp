#include "core/cache/sha256.h"

#include <algorithm>
#include <cstring>

namespace ts::cache {

namespace {

// First 32 bits of the fractional parts of the cube roots of the first 64 primes.
constexpr std::uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

constexpr std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

} // namespace

Sha256::Sha256()
    : m_state{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
{
}

void Sha256::compress(const std::uint8_t* block)
{
    // Eight rounds per loop step with the working variables renamed instead of shifted; the
    // choose/majority forms with one operation fewer. Key digests sit on the lookup path.
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
        w[i] = (std::uint32_t(block[4 * i]) << 24) | (std::uint32_t(block[4 * i + 1]) << 16) |
               (std::uint32_t(block[4 * i + 2]) << 8) | std::uint32_t(block[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
        const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = m_state[0], b = m_state[1], c = m_state[2], d = m_state[3];
    std::uint32_t e = m_state[4], f = m_state[5], g = m_state[6], h = m_state[7];
#define TS_ROUND(a, b, c, d, e, f, g, h, i)                                                        \
    do {                                                                                         \
        const std::uint32_t t1 =                                                                 \
            h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + (g ^ (e & (f ^ g))) + kRound[i] + w[i]; \
        const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) | (c & (a | b))); \
        d += t1;                                                                                 \
        h = t1 + t2;                                                                             \
    } while (0)
    for (int i = 0; i < 64; i += 8) {
        TS_ROUND(a, b, c, d, e, f, g, h, i + 0);
        TS_ROUND(h, a, b, c, d, e, f, g, i + 1);
        TS_ROUND(g, h, a, b, c, d, e, f, i + 2);
        TS_ROUND(f, g, h, a, b, c, d, e, i + 3);
        TS_ROUND(e, f, g, h, a, b, c, d, i + 4);
        TS_ROUND(d, e, f, g, h, a, b, c, i + 5);
        TS_ROUND(c, d, e, f, g, h, a, b, i + 6);
        TS_ROUND(b, c, d, e, f, g, h, a, i + 7);
    }
#undef TS_ROUND
    m_state[0] += a;
    m_state[1] += b;
    m_state[2] += c;
    m_state[3] += d;
    m_state[4] += e;
    m_state[5] += f;
    m_state[6] += g;
    m_state[7] += h;
}

void Sha256::update(std::string_view bytes)
{
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
    std::size_t size = bytes.size();
    m_totalBytes += size;
    if (m_buffered > 0) {
        const std::size_t take = std::min(size, m_buffer.size() - m_buffered);
        std::memcpy(m_buffer.data() + m_buffered, data, take);
        m_buffered += take;
        data += take;
        size -= take;
        if (m_buffered < m_buffer.size())
            return;
        compress(m_buffer.data());
        m_buffered = 0;
    }
    for (; size >= 64; data += 64, size -= 64)
        compress(data);
    if (size > 0) {
        std::memcpy(m_buffer.data(), data, size);
        m_buffered = size;
    }
}

std::array<std::uint8_t, 32> Sha256::digest()
{
    const std::uint64_t bitLength = m_totalBytes * 8;
    // Padding: 0x80, zeros up to 56 mod 64, then the message length in bits (big endian).
    std::uint8_t padding[72] = {0x80};
    const std::size_t padLength = (m_buffered < 56 ? 56 - m_buffered : 120 - m_buffered);
    std::uint8_t length[8];
    for (int i = 0; i < 8; ++i)
        length[i] = std::uint8_t(bitLength >> (56 - 8 * i));
    update(std::string_view(reinterpret_cast<const char*>(padding), padLength));
    update(std::string_view(reinterpret_cast<const char*>(length), 8));
    std::array<std::uint8_t, 32> out{};
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j)
            out[4 * i + j] = std::uint8_t(m_state[i] >> (24 - 8 * j));
    return out;
}

std::string Sha256::hexDigest()
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    text.reserve(64);
    for (std::uint8_t byte : digest()) {
        text.push_back(kHex[byte >> 4]);
        text.push_back(kHex[byte & 0xf]);
    }
    return text;
}

std::string sha256Hex(std::string_view bytes)
{
    Sha256 hash;
    hash.update(bytes);
    return hash.hexDigest();
}

} // namespace ts::cache
