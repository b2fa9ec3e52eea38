// MVE scalar shifts (see long_shift_ops.h). The saturating/rounding arithmetic follows the Arm ARM
// pseudocode of the shift functions (a left shift for a positive count, a right shift rounding to
// nearest with ties up when rounding, results saturated to `bits` with APSR.Q set).
#include "cpu/isa/mve/long_shift_ops.h"

#include "cpu/cpu.h"

namespace corsim::cpu {

int64_t mve_sat_rshl_signed(int64_t value, int shift, bool round, unsigned bits, bool* sat) {
  const int b = static_cast<int>(bits);
  // Sign-extend from `bits` (the 48-bit forms keep the result in 48 bits).
  auto fit = [b](int64_t v) { return b == 64 ? v : static_cast<int64_t>(static_cast<uint64_t>(v) << (64 - b)) >> (64 - b); };
  if (shift <= -b) return round ? 0 : (value < 0 ? -1 : 0);
  if (shift < 0) {
    int64_t v;
    if (round) {
      const int64_t t = value >> (-shift - 1);
      v = (t >> 1) + (t & 1);
    } else {
      v = value >> -shift;
    }
    const int64_t r = fit(v);
    if (!sat || r == v) return r;
  } else if (shift < b) {
    const int64_t r = fit(static_cast<int64_t>(static_cast<uint64_t>(value) << shift));
    if (!sat || (r >> shift) == value) return r;
  } else if (!sat || value == 0) {
    return 0;
  }
  *sat = true;
  const int64_t max = b == 64 ? INT64_MAX : (int64_t{1} << (b - 1)) - 1;
  return value < 0 ? -max - 1 : max;
}

uint64_t mve_sat_rshl_unsigned(uint64_t value, int shift, bool round, unsigned bits, bool* sat) {
  const int b = static_cast<int>(bits);
  const uint64_t all = b == 64 ? ~uint64_t{0} : (uint64_t{1} << b) - 1;
  if (shift <= -(b + (round ? 1 : 0))) return 0;
  if (shift < 0) {
    uint64_t v;
    if (round) {
      const uint64_t t = -shift - 1 >= 64 ? 0 : value >> (-shift - 1);
      v = (t >> 1) + (t & 1);
    } else {
      v = -shift >= 64 ? 0 : value >> -shift;
    }
    const uint64_t r = v & all;
    if (!sat || r == v) return r;
  } else if (shift < b) {
    const uint64_t r = (value << shift) & all;
    if (!sat || (r >> shift) == value) return r;
  } else if (!sat || value == 0) {
    return 0;
  }
  *sat = true;
  return all;
}

namespace {

uint64_t pair(const Cpu& cpu, const Operands& o) { return (uint64_t{cpu.state().r[o.ra]} << 32) | cpu.state().r[o.rd]; }
void set_pair(Cpu& cpu, const Operands& o, uint64_t v) {
  cpu.state().r[o.rd] = static_cast<uint32_t>(v);
  cpu.state().r[o.ra] = static_cast<uint32_t>(v >> 32);
}
bool mve_present(Cpu& cpu) {
  if (cpu.config().has_mve) return true;
  cpu.raise(FaultKind::UndefinedInstruction);
  return false;
}

}  // namespace

template <LongShiftOp kOp>
void exec_MVE_long_shift_imm(Cpu& cpu, const Operands& o) {
  if (!mve_present(cpu)) return;
  const int sh = static_cast<int>(o.imm);  // 1..32
  bool sat = false;
  using Op = LongShiftOp;
  if constexpr (kOp == Op::Uqshl || kOp == Op::Sqshl || kOp == Op::Urshr || kOp == Op::Srshr) {
    uint32_t& r = cpu.state().r[o.rd];
    if constexpr (kOp == Op::Uqshl) r = static_cast<uint32_t>(mve_sat_rshl_unsigned(r, sh, false, 32, &sat));
    if constexpr (kOp == Op::Sqshl)
      r = static_cast<uint32_t>(mve_sat_rshl_signed(static_cast<int32_t>(r), sh, false, 32, &sat));
    if constexpr (kOp == Op::Urshr) r = static_cast<uint32_t>(mve_sat_rshl_unsigned(r, -sh, true, 32, nullptr));
    if constexpr (kOp == Op::Srshr)
      r = static_cast<uint32_t>(mve_sat_rshl_signed(static_cast<int32_t>(r), -sh, true, 32, nullptr));
  } else {
    const uint64_t v = pair(cpu, o);
    uint64_t r = 0;
    if constexpr (kOp == Op::Lsll) r = v << sh;
    if constexpr (kOp == Op::Lsrl) r = v >> sh;
    if constexpr (kOp == Op::Asrl) r = static_cast<uint64_t>(static_cast<int64_t>(v) >> sh);
    if constexpr (kOp == Op::Uqshll) r = mve_sat_rshl_unsigned(v, sh, false, 64, &sat);
    if constexpr (kOp == Op::Sqshll) r = static_cast<uint64_t>(mve_sat_rshl_signed(static_cast<int64_t>(v), sh, false, 64, &sat));
    if constexpr (kOp == Op::Urshrl) r = mve_sat_rshl_unsigned(v, -sh, true, 64, nullptr);
    if constexpr (kOp == Op::Srshrl) r = static_cast<uint64_t>(mve_sat_rshl_signed(static_cast<int64_t>(v), -sh, true, 64, nullptr));
    set_pair(cpu, o, r);
  }
  if (sat) cpu.state().q = true;
}

template <LongShiftOp kOp>
void exec_MVE_long_shift_reg(Cpu& cpu, const Operands& o) {
  if (!mve_present(cpu)) return;
  const int sh = static_cast<int8_t>(cpu.state().r[o.rm] & 0xFFu);
  bool sat = false;
  using Op = LongShiftOp;
  if constexpr (kOp == Op::Uqrshl || kOp == Op::Sqrshr) {
    uint32_t& r = cpu.state().r[o.rd];
    if constexpr (kOp == Op::Uqrshl) r = static_cast<uint32_t>(mve_sat_rshl_unsigned(r, sh, true, 32, &sat));
    if constexpr (kOp == Op::Sqrshr)
      r = static_cast<uint32_t>(mve_sat_rshl_signed(static_cast<int32_t>(r), -sh, true, 32, &sat));
  } else {
    const uint64_t v = pair(cpu, o);
    const unsigned bits = (o.flags & kAlt) ? 48u : 64u;
    uint64_t r = 0;
    if constexpr (kOp == Op::Lsll) r = mve_sat_rshl_unsigned(v, sh, false, 64, nullptr);
    if constexpr (kOp == Op::Asrl) r = static_cast<uint64_t>(mve_sat_rshl_signed(static_cast<int64_t>(v), -sh, false, 64, nullptr));
    if constexpr (kOp == Op::Uqrshll) r = mve_sat_rshl_unsigned(v, sh, true, bits, &sat);
    if constexpr (kOp == Op::Sqrshrl) r = static_cast<uint64_t>(mve_sat_rshl_signed(static_cast<int64_t>(v), -sh, true, bits, &sat));
    set_pair(cpu, o, r);
  }
  if (sat) cpu.state().q = true;
}

template void exec_MVE_long_shift_imm<LongShiftOp::Lsll>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Lsrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Asrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Uqshll>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Sqshll>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Urshrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Srshrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Uqshl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Sqshl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Urshr>(Cpu&, const Operands&);
template void exec_MVE_long_shift_imm<LongShiftOp::Srshr>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Lsll>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Asrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Uqrshll>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Sqrshrl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Uqrshl>(Cpu&, const Operands&);
template void exec_MVE_long_shift_reg<LongShiftOp::Sqrshr>(Cpu&, const Operands&);

}  // namespace corsim::cpu
