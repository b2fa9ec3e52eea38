#pragma once
// The pointer authentication code of the Armv8.1-M PACBTI extension (docs/cpu.md "PACBTI").
//
// qarma5_compute_pac() is the block cipher the Arm architecture specifies for pointer
// authentication: QARMA-64 with the sigma2 S-box and five forward/backward rounds, exactly as the
// A-profile pseudocode function ComputePAC() writes it (Arm DDI 0487, J1 "shared/functions/crypto/
// ComputePAC", with PACCellShuffle, PACCellInvShuffle, PACMult, PACSub, PACInvSub, TweakShuffle,
// TweakInvShuffle, RotCell, TweakCellRot, TweakCellInvRot). It is checked against the published
// QARMA-64 test vectors (R. Avanzi, "The QARMA Block Cipher Family", IACR ToSC 2017(1), appendix
// "Test vectors") in tests/cpu/pacbti_decode_test.cpp.
//
// compute_pac_m() is the M-profile ComputePAC(data, modifier, key) that PAC/PACBTI/AUT/PACG/AUTG/
// BXAUT use: 32-bit data and modifier, a 128-bit key held in four 32-bit key registers
// (PAC_KEY_x_3:PAC_KEY_x_2:PAC_KEY_x_1:PAC_KEY_x_0). How the M-profile pseudocode feeds the 32-bit
// operands to the 64-bit cipher could not be read from a primary source when this was written;
// we feed them as AArch64 PACGA does (data and modifier zero-extended, key<127:64> as key0,
// key<63:0> as key1, the PAC is the top 32 bits of the cipher output). Everything an
// authenticating program can observe (a PAC depends on data, modifier and key; AUT accepts exactly
// the PAC that PAC produced) holds whatever that choice; the PAC values themselves may differ from
// silicon's. docs/cpu.md lists this as not verified.
#include <array>
#include <cstdint>

namespace corsim::cpu {

uint64_t qarma5_compute_pac(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);

// key[0] = PAC_KEY_x_0 (bits 31:0 of the 128-bit key) ... key[3] = PAC_KEY_x_3 (bits 127:96).
uint32_t compute_pac_m(uint32_t data, uint32_t modifier, const std::array<uint32_t, 4>& key);

}  // namespace corsim::cpu
