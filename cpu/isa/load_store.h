#pragma once
// Loads and stores (Arm DDI 0553 C2: LDR/STR and their B, H, SB, SH, T forms in every addressing
// mode, LDRD/STRD, LDM/STM/PUSH/POP, exclusives, load-acquire/store-release).
//
// Addressing (Operands): base rn (15 = literal: Align(PC, 4)); immediate offset imm with kIndex /
// kAdd / kWback; register offset rm shifted left by shift_n. rd = Rt, ra = Rt2 (LDRD/STRD) or the
// status register Rd of STREX/STLEX.
#include "cpu/decoder/operands.h"

namespace corsim::cpu {
class Cpu;

enum class MemKind : uint8_t { Word, Half, SignedHalf, Byte, SignedByte };

template <MemKind k> void exec_load_imm(Cpu& cpu, const Operands& o);
template <MemKind k> void exec_load_reg(Cpu& cpu, const Operands& o);
template <MemKind k> void exec_store_imm(Cpu& cpu, const Operands& o);
template <MemKind k> void exec_store_reg(Cpu& cpu, const Operands& o);

void exec_LDRD(Cpu& cpu, const Operands& o);
void exec_STRD(Cpu& cpu, const Operands& o);
void exec_LDM(Cpu& cpu, const Operands& o);    // IA; imm = register list; POP
void exec_LDMDB(Cpu& cpu, const Operands& o);
void exec_STM(Cpu& cpu, const Operands& o);    // IA
void exec_STMDB(Cpu& cpu, const Operands& o);  // DB; PUSH
void exec_PLD(Cpu& cpu, const Operands& o);    // preload hints: no architectural effect

template <MemKind k> void exec_load_exclusive(Cpu& cpu, const Operands& o);   // LDREX{B,H}, LDAEX{B,H}
template <MemKind k> void exec_store_exclusive(Cpu& cpu, const Operands& o);  // STREX{B,H}, STLEX{B,H}
template <MemKind k> void exec_load_acquire(Cpu& cpu, const Operands& o);     // LDA{B,H}
template <MemKind k> void exec_store_release(Cpu& cpu, const Operands& o);    // STL{B,H}

#define CORSIM_LS_EXTERN(k)                                                     \
  extern template void exec_load_imm<MemKind::k>(Cpu&, const Operands&);        \
  extern template void exec_load_reg<MemKind::k>(Cpu&, const Operands&);        \
  extern template void exec_store_imm<MemKind::k>(Cpu&, const Operands&);       \
  extern template void exec_store_reg<MemKind::k>(Cpu&, const Operands&);       \
  extern template void exec_load_exclusive<MemKind::k>(Cpu&, const Operands&);  \
  extern template void exec_store_exclusive<MemKind::k>(Cpu&, const Operands&); \
  extern template void exec_load_acquire<MemKind::k>(Cpu&, const Operands&);    \
  extern template void exec_store_release<MemKind::k>(Cpu&, const Operands&);
CORSIM_LS_EXTERN(Word) CORSIM_LS_EXTERN(Half) CORSIM_LS_EXTERN(SignedHalf) CORSIM_LS_EXTERN(Byte)
CORSIM_LS_EXTERN(SignedByte)
#undef CORSIM_LS_EXTERN

}  // namespace corsim::cpu
