#pragma once
// The DSP extension's arithmetic as pure functions (Arm DDI 0553, C2 instruction descriptions of
// the "Parallel addition and subtraction", saturating, packing, signed multiply and sum of
// absolute differences instructions). Each function computes what the pseudocode computes from
// register values and returns the result with the flags it writes (GE, Q); the handlers in
// dsp.cpp only move registers. Written from the pseudocode, tested against hand-computed values.
#include <cstdint>
#include <cstdlib>

namespace corsim::cpu::dsp {

// ---- Saturation (pseudocode SignedSatQ / UnsignedSatQ) ----
struct Saturated { uint32_t value; bool saturated; };
constexpr Saturated SignedSatQ(int64_t i, unsigned n) {
  const int64_t max = (int64_t{1} << (n - 1)) - 1, min = -(int64_t{1} << (n - 1));
  if (i > max) return {static_cast<uint32_t>(max), true};
  if (i < min) return {static_cast<uint32_t>(min), true};
  return {static_cast<uint32_t>(i), false};
}
constexpr Saturated UnsignedSatQ(int64_t i, unsigned n) {
  const int64_t max = (n >= 32) ? int64_t{0xFFFF'FFFF} : ((int64_t{1} << n) - 1);
  if (i > max) return {static_cast<uint32_t>(max), true};
  if (i < 0) return {0, true};
  return {static_cast<uint32_t>(i), false};
}

// ---- Parallel addition and subtraction ----
// Operations, named after the instruction suffix. ASX: low = n.lo - m.hi, high = n.hi + m.lo;
// SAX: low = n.lo + m.hi, high = n.hi - m.lo.
enum class ParOp : uint8_t { Add16, Asx, Sax, Sub16, Add8, Sub8 };
// Prefixes: S / U set GE; Q / UQ saturate; SH / UH halve. None sets Q.
enum class ParKind : uint8_t { S, Q, SH, U, UQ, UH };

struct ParResult {
  uint32_t value;
  uint8_t ge;    // GE[3:0]; meaningful when sets_ge
  bool sets_ge;  // S and U forms only
};

constexpr ParResult parallel(ParKind kind, ParOp op, uint32_t n, uint32_t m) {
  const bool byte_lanes = op == ParOp::Add8 || op == ParOp::Sub8;
  const unsigned width = byte_lanes ? 8 : 16, lanes = byte_lanes ? 4 : 2;
  const uint32_t lane_mask = (1u << width) - 1;
  const bool is_signed = kind == ParKind::S || kind == ParKind::Q || kind == ParKind::SH;
  auto lane = [&](uint32_t v, unsigned i) -> int64_t {
    const uint32_t raw = (v >> (width * i)) & lane_mask;
    if (!is_signed) return raw;
    return (raw & (1u << (width - 1))) ? int64_t(raw) - (int64_t{1} << width) : int64_t(raw);
  };
  ParResult r{0, 0, kind == ParKind::S || kind == ParKind::U};
  for (unsigned i = 0; i < lanes; ++i) {
    bool add = true;
    unsigned j = i;  // lane of m
    switch (op) {
      case ParOp::Add16: case ParOp::Add8: break;
      case ParOp::Sub16: case ParOp::Sub8: add = false; break;
      case ParOp::Asx: add = i == 1; j = 1 - i; break;
      case ParOp::Sax: add = i == 0; j = 1 - i; break;
    }
    const int64_t x = add ? lane(n, i) + lane(m, j) : lane(n, i) - lane(m, j);
    uint32_t out = 0;
    bool ge = false;
    switch (kind) {
      case ParKind::S: out = static_cast<uint32_t>(x); ge = x >= 0; break;
      case ParKind::U: out = static_cast<uint32_t>(x); ge = add ? x >= (int64_t{1} << width) : x >= 0; break;
      case ParKind::Q: out = SignedSatQ(x, width).value; break;
      case ParKind::UQ: out = UnsignedSatQ(x, width).value; break;
      case ParKind::SH: case ParKind::UH: out = static_cast<uint32_t>(x >> 1); break;  // x<width:1>
    }
    r.value |= (out & lane_mask) << (width * i);
    if (ge) r.ge |= static_cast<uint8_t>(byte_lanes ? (1u << i) : (3u << (2 * i)));
  }
  return r;
}

// ---- Saturating arithmetic: QADD, QSUB, QDADD, QDSUB (operands as written: Rd, Rm, Rn) ----
struct QResult { uint32_t value; bool q; };
constexpr int64_t sint(uint32_t v) { return static_cast<int32_t>(v); }
constexpr QResult qadd(uint32_t m, uint32_t n) { auto s = SignedSatQ(sint(m) + sint(n), 32); return {s.value, s.saturated}; }
constexpr QResult qsub(uint32_t m, uint32_t n) { auto s = SignedSatQ(sint(m) - sint(n), 32); return {s.value, s.saturated}; }
constexpr QResult qdadd(uint32_t m, uint32_t n) {
  const auto d = SignedSatQ(2 * sint(n), 32);
  const auto s = SignedSatQ(sint(m) + sint(d.value), 32);
  return {s.value, d.saturated || s.saturated};
}
constexpr QResult qdsub(uint32_t m, uint32_t n) {
  const auto d = SignedSatQ(2 * sint(n), 32);
  const auto s = SignedSatQ(sint(m) - sint(d.value), 32);
  return {s.value, d.saturated || s.saturated};
}

// ---- SSAT / USAT (operand already shifted), SSAT16 / USAT16 ----
// `saturate_to` is the bit count as the pseudocode computes it (SSAT: sat_imm + 1, USAT: sat_imm).
constexpr QResult ssat(uint32_t operand, unsigned saturate_to) {
  const auto s = SignedSatQ(sint(operand), saturate_to);  // value is already sign-extended to 32 bits
  return {s.value, s.saturated};
}
constexpr QResult usat(uint32_t operand, unsigned saturate_to) {
  auto s = UnsignedSatQ(sint(operand), saturate_to);
  return {s.value, s.saturated};
}
constexpr int64_t shalf(uint32_t v, unsigned h) { return static_cast<int16_t>(v >> (16 * h)); }
constexpr uint32_t uhalf(uint32_t v, unsigned h) { return (v >> (16 * h)) & 0xFFFF; }
constexpr QResult ssat16(uint32_t n, unsigned saturate_to) {
  const auto lo = SignedSatQ(shalf(n, 0), saturate_to), hi = SignedSatQ(shalf(n, 1), saturate_to);
  return {(lo.value & 0xFFFF) | (hi.value << 16), lo.saturated || hi.saturated};
}
constexpr QResult usat16(uint32_t n, unsigned saturate_to) {
  const auto lo = UnsignedSatQ(shalf(n, 0), saturate_to), hi = UnsignedSatQ(shalf(n, 1), saturate_to);
  return {(lo.value & 0xFFFF) | (hi.value << 16), lo.saturated || hi.saturated};
}

// ---- Dual 16-bit multiplies. `exchange` is the X suffix (Rm halves swapped). ----
constexpr uint32_t ror16(uint32_t v) { return (v >> 16) | (v << 16); }
struct DualProducts { int64_t p1, p2; };
constexpr DualProducts dual_products(uint32_t n, uint32_t m, bool exchange) {
  const uint32_t op2 = exchange ? ror16(m) : m;
  return {shalf(n, 0) * shalf(op2, 0), shalf(n, 1) * shalf(op2, 1)};
}
// Q is set when the 32-bit result differs from the exact one.
constexpr QResult overflow_check(int64_t exact) {
  return {static_cast<uint32_t>(exact), exact != static_cast<int32_t>(static_cast<uint32_t>(exact))};
}
constexpr QResult smlad(uint32_t n, uint32_t m, uint32_t a, bool x) { auto p = dual_products(n, m, x); return overflow_check(p.p1 + p.p2 + sint(a)); }
constexpr QResult smlsd(uint32_t n, uint32_t m, uint32_t a, bool x) { auto p = dual_products(n, m, x); return overflow_check(p.p1 - p.p2 + sint(a)); }
constexpr QResult smuad(uint32_t n, uint32_t m, bool x) { auto p = dual_products(n, m, x); return overflow_check(p.p1 + p.p2); }
constexpr uint32_t smusd(uint32_t n, uint32_t m, bool x) { auto p = dual_products(n, m, x); return static_cast<uint32_t>(p.p1 - p.p2); }
constexpr uint64_t smlald(uint32_t n, uint32_t m, uint64_t acc, bool x) {
  auto p = dual_products(n, m, x);
  return acc + static_cast<uint64_t>(p.p1 + p.p2);
}
constexpr uint64_t smlsld(uint32_t n, uint32_t m, uint64_t acc, bool x) {
  auto p = dual_products(n, m, x);
  return acc + static_cast<uint64_t>(p.p1 - p.p2);
}

// ---- Halfword multiplies: SMLA<x><y>, SMUL<x><y>, SMLAW<y>, SMULW<y>, SMLAL<x><y> ----
// `n_top` / `m_top` select the top halfword (the T in the mnemonic).
constexpr QResult smla_xy(uint32_t n, uint32_t m, uint32_t a, bool n_top, bool m_top) {
  return overflow_check(shalf(n, n_top) * shalf(m, m_top) + sint(a));
}
constexpr uint32_t smul_xy(uint32_t n, uint32_t m, bool n_top, bool m_top) {
  return static_cast<uint32_t>(shalf(n, n_top) * shalf(m, m_top));
}
constexpr QResult smlaw_y(uint32_t n, uint32_t m, uint32_t a, bool m_top) {
  const int64_t result = sint(n) * shalf(m, m_top) + (sint(a) << 16);
  const int64_t high = result >> 16;  // result<47:16>
  return {static_cast<uint32_t>(high), high != static_cast<int32_t>(static_cast<uint32_t>(high))};
}
constexpr uint32_t smulw_y(uint32_t n, uint32_t m, bool m_top) {
  return static_cast<uint32_t>((sint(n) * shalf(m, m_top)) >> 16);
}
constexpr uint64_t smlal_xy(uint32_t n, uint32_t m, uint64_t acc, bool n_top, bool m_top) {
  return acc + static_cast<uint64_t>(shalf(n, n_top) * shalf(m, m_top));
}

// ---- Most-significant-word multiplies (R: round by adding 0x80000000 before taking [63:32]) ----
// Modular 64-bit arithmetic gives bits [63:32] of the exact result.
constexpr uint32_t smmul(uint32_t n, uint32_t m, bool round) {
  uint64_t r = static_cast<uint64_t>(sint(n) * sint(m));
  if (round) r += 0x8000'0000u;
  return static_cast<uint32_t>(r >> 32);
}
constexpr uint32_t smmla(uint32_t n, uint32_t m, uint32_t a, bool round) {
  uint64_t r = (uint64_t{a} << 32) + static_cast<uint64_t>(sint(n) * sint(m));
  if (round) r += 0x8000'0000u;
  return static_cast<uint32_t>(r >> 32);
}
constexpr uint32_t smmls(uint32_t n, uint32_t m, uint32_t a, bool round) {
  uint64_t r = (uint64_t{a} << 32) - static_cast<uint64_t>(sint(n) * sint(m));
  if (round) r += 0x8000'0000u;
  return static_cast<uint32_t>(r >> 32);
}

// UMAAL: RdHi:RdLo = Rn * Rm + RdHi + RdLo (never overflows 64 bits).
constexpr uint64_t umaal(uint32_t n, uint32_t m, uint32_t hi, uint32_t lo) {
  return uint64_t{n} * m + hi + lo;
}

// USAD8 / USADA8.
constexpr uint32_t usada8(uint32_t n, uint32_t m, uint32_t a) {
  uint32_t sum = a;
  for (unsigned i = 0; i < 4; ++i) {
    const int d = static_cast<int>((n >> (8 * i)) & 0xFF) - static_cast<int>((m >> (8 * i)) & 0xFF);
    sum += static_cast<uint32_t>(d < 0 ? -d : d);
  }
  return sum;
}

// SEL: byte i from Rn when GE[i], else from Rm.
constexpr uint32_t sel(uint32_t n, uint32_t m, uint8_t ge) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 4; ++i) r |= (((ge >> i) & 1u) ? n : m) & (0xFFu << (8 * i));
  return r;
}

// PKHBT: Rn[15:0] with (Rm LSL sh)[31:16]; PKHTB: Rn[31:16] with (Rm ASR sh)[15:0] (sh 0 = 32).
constexpr uint32_t pkhbt(uint32_t n, uint32_t m, unsigned sh) {
  const uint32_t shifted = sh >= 32 ? 0 : m << sh;
  return (n & 0xFFFF) | (shifted & 0xFFFF'0000u);
}
constexpr uint32_t pkhtb(uint32_t n, uint32_t m, unsigned sh) {
  const uint32_t shifted = static_cast<uint32_t>(static_cast<int32_t>(m) >> (sh >= 32 ? 31 : sh));
  return (n & 0xFFFF'0000u) | (shifted & 0xFFFF);
}

// ---- Extend and add. `rotation` is 0, 8, 16 or 24. ----
constexpr uint32_t ror(uint32_t v, unsigned r) { return r == 0 ? v : (v >> r) | (v << (32 - r)); }
constexpr uint32_t sxtab(uint32_t n, uint32_t m, unsigned rot) { return n + static_cast<uint32_t>(static_cast<int8_t>(ror(m, rot))); }
constexpr uint32_t uxtab(uint32_t n, uint32_t m, unsigned rot) { return n + (ror(m, rot) & 0xFF); }
constexpr uint32_t sxtah(uint32_t n, uint32_t m, unsigned rot) { return n + static_cast<uint32_t>(static_cast<int16_t>(ror(m, rot))); }
constexpr uint32_t uxtah(uint32_t n, uint32_t m, unsigned rot) { return n + (ror(m, rot) & 0xFFFF); }
constexpr uint32_t sxtab16(uint32_t n, uint32_t m, unsigned rot) {
  const uint32_t r = ror(m, rot);
  const uint32_t lo = (n + static_cast<uint32_t>(static_cast<int8_t>(r))) & 0xFFFF;
  const uint32_t hi = ((n >> 16) + static_cast<uint32_t>(static_cast<int8_t>(r >> 16))) & 0xFFFF;
  return lo | (hi << 16);
}
constexpr uint32_t uxtab16(uint32_t n, uint32_t m, unsigned rot) {
  const uint32_t r = ror(m, rot);
  const uint32_t lo = (n + (r & 0xFF)) & 0xFFFF;
  const uint32_t hi = ((n >> 16) + ((r >> 16) & 0xFF)) & 0xFFFF;
  return lo | (hi << 16);
}
constexpr uint32_t sxtb16(uint32_t m, unsigned rot) { return sxtab16(0, m, rot); }
constexpr uint32_t uxtb16(uint32_t m, unsigned rot) { return uxtab16(0, m, rot); }

}  // namespace corsim::cpu::dsp
