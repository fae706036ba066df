// Liveness: the slots live after each instruction and throughout each loop (the UB footprint
// counts only those), and each loop's written and loop-carried slots.
#include "core/npu/trace_builder.h"

#include <algorithm>
#include <iterator>

namespace ts::npu {

namespace {

class Bits {
public:
    explicit Bits(std::size_t n = 0) : m_words((n + 63) / 64, 0) {}
    void set(std::int32_t i) { if (i >= 0) m_words[std::size_t(i) / 64] |= 1ull << (std::size_t(i) % 64); }
    void reset(std::int32_t i) { if (i >= 0) m_words[std::size_t(i) / 64] &= ~(1ull << (std::size_t(i) % 64)); }
    bool test(std::int32_t i) const { return i >= 0 && (m_words[std::size_t(i) / 64] >> (std::size_t(i) % 64)) & 1; }
    void unite(const Bits& o) { for (std::size_t w = 0; w < m_words.size(); ++w) m_words[w] |= o.m_words[w]; }
    bool operator==(const Bits& o) const { return m_words == o.m_words; }
    template <typename Fn>
    void forEach(Fn&& fn) const
    {
        for (std::size_t w = 0; w < m_words.size(); ++w) {
            std::uint64_t word = m_words[w];
            while (word) {
                const int bit = __builtin_ctzll(word);
                fn(std::int32_t(w * 64 + std::size_t(bit)));
                word &= word - 1;
            }
        }
    }

private:
    std::vector<std::uint64_t> m_words;
};

} // namespace

void TraceBuilder::liveness()
{
    const std::size_t n = std::size_t(m_ir.slotCount);
    std::set<std::int32_t> constants = m_constSlots;
    auto uses = [&](const Instr& ins, Bits& live) {
        for (std::int32_t s : {ins.a, ins.b, ins.c, ins.d})
            live.set(s);
        for (std::int32_t i = 0; i < ins.listSize; ++i)
            live.set(m_ir.lists[std::size_t(ins.listBegin + i)]);
    };
    auto record = [&](const Bits& live, std::int32_t& begin, std::int32_t& size) {
        begin = std::int32_t(m_ir.lists.size());
        live.forEach([&](std::int32_t s) {
            if (!constants.count(s))
                m_ir.lists.push_back(s);
        });
        size = std::int32_t(m_ir.lists.size()) - begin;
    };
    // Backward pass; `final` records the live sets (only on the last fixpoint iteration).
    std::function<Bits(const Block&, Bits, bool)> pass = [&](const Block& block, Bits live, bool final) -> Bits {
        for (auto it = block.stmts.rbegin(); it != block.stmts.rend(); ++it) {
            switch (it->kind) {
            case Stmt::Kind::Instr: {
                Instr& ins = m_ir.instrs[std::size_t(it->index)];
                if (final) {
                    record(live, ins.liveBegin, ins.liveSize);
                    if (ins.op == Op::Load && !live.test(ins.dest))
                        ins.flags |= kFlagDeadResult;
                }
                live.reset(ins.dest);
                uses(ins, live);
                break;
            }
            case Stmt::Kind::For: {
                ForLoop& loop = m_ir.loops[std::size_t(it->index)];
                Bits out = live;
                Bits in = pass(loop.body, out, false);
                for (int round = 0; round < 3; ++round) {
                    Bits next = out;
                    next.unite(in);
                    Bits again = pass(loop.body, next, false);
                    if (again == in)
                        break;
                    in = again;
                }
                Bits bodyOut = out;
                bodyOut.unite(in);
                in = pass(loop.body, bodyOut, final);
                if (final) {
                    record(bodyOut, loop.liveBegin, loop.liveSize);
                    loop.carried.clear();
                    in.forEach([&](std::int32_t s) { loop.carried.push_back(s); });
                }
                live = out;
                live.unite(in);
                live.reset(loop.var);
                live.set(loop.start);
                live.set(loop.stop);
                live.set(loop.step);
                break;
            }
            case Stmt::Kind::If: {
                IfStmt& s = m_ir.ifs[std::size_t(it->index)];
                Bits a = pass(s.then, live, final);
                Bits b = pass(s.orelse, live, final);
                a.unite(b);
                live = a;
                live.set(s.cond);
                break;
            }
            case Stmt::Kind::While: {
                WhileLoop& w = m_ir.whiles[std::size_t(it->index)];
                Bits out = live;
                Bits in = pass(w.body, out, false);
                Bits bodyOut = out;
                bodyOut.unite(in);
                in = pass(w.body, bodyOut, final);
                Bits condOut = bodyOut;
                condOut.unite(in);
                condOut.set(w.cond);
                Bits condIn = pass(w.condBlock, condOut, final);
                live = condIn;
                break;
            }
            default:
                break;
            }
        }
        return live;
    };
    Bits empty(n);
    if (!m_out.m_gridBlock.stmts.empty()) {
        Bits g(n);
        g.set(m_out.m_gridSlot);
        pass(m_out.m_gridBlock, g, true);
    }
    pass(m_ir.body, empty, true);
    // Slots written inside each loop body (the carried-state candidates).
    std::function<void(const Block&, std::vector<std::int32_t>&)> written = [&](const Block& block,
                                                                              std::vector<std::int32_t>& out) {
        for (const Stmt& s : block.stmts) {
            switch (s.kind) {
            case Stmt::Kind::Instr: out.push_back(m_ir.instrs[std::size_t(s.index)].dest); break;
            case Stmt::Kind::For: {
                ForLoop& inner = m_ir.loops[std::size_t(s.index)];
                if (inner.var >= 0)
                    out.push_back(inner.var);
                written(inner.body, out);
                break;
            }
            case Stmt::Kind::If:
                written(m_ir.ifs[std::size_t(s.index)].then, out);
                written(m_ir.ifs[std::size_t(s.index)].orelse, out);
                break;
            case Stmt::Kind::While:
                written(m_ir.whiles[std::size_t(s.index)].condBlock, out);
                written(m_ir.whiles[std::size_t(s.index)].body, out);
                break;
            default: break;
            }
        }
    };
    for (ForLoop& loop : m_ir.loops) {
        std::vector<std::int32_t> w;
        written(loop.body, w);
        std::sort(w.begin(), w.end());
        w.erase(std::unique(w.begin(), w.end()), w.end());
        // Carried: written in the body and live at its start (read before written).
        std::vector<std::int32_t> carried;
        std::set_intersection(w.begin(), w.end(), loop.carried.begin(), loop.carried.end(),
                              std::back_inserter(carried));
        loop.carried = std::move(carried);
        loop.written = std::move(w);
    }
}

} // namespace ts::npu
