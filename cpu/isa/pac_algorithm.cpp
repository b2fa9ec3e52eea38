// QARMA-64 as the Arm ARM's ComputePAC() writes it (Arm DDI 0487, J1 "ComputePAC" and the helper
// functions named in pac_algorithm.h). Cells are 4-bit nibbles; cell i is bits [4i+3:4i].
#include "cpu/isa/pac_algorithm.h"

namespace corsim::cpu {

namespace {

constexpr unsigned cell(uint64_t v, unsigned i) { return static_cast<unsigned>(v >> (4 * i)) & 0xFu; }
constexpr uint64_t put(unsigned c, unsigned i) { return uint64_t{c & 0xFu} << (4 * i); }

// PACCellShuffle: output cell i is input cell kCellShuffle[i].
constexpr unsigned kCellShuffle[16] = {13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15};

// PACSub: the sigma2 S-box of QARMA.
constexpr unsigned kSbox[16] = {0xB, 0x6, 0x8, 0xF, 0xC, 0x0, 0x9, 0xE, 0x3, 0x7, 0x4, 0x5, 0xD, 0x2, 0x1, 0xA};

// TweakShuffle: output cell i is input cell kTweakSource[i], passed through TweakCellRot when
// kTweakRot[i] is set.
constexpr unsigned kTweakSource[16] = {4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9};
constexpr bool kTweakRot[16] = {false, false, true,  false, true, false, false, true,
                                false, false, false, true,  true, false, true,  true};

uint64_t cell_shuffle(uint64_t v) {
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) o |= put(cell(v, kCellShuffle[i]), i);
  return o;
}

uint64_t cell_inv_shuffle(uint64_t v) {  // PACCellInvShuffle: the inverse permutation
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) o |= put(cell(v, i), kCellShuffle[i]);
  return o;
}

uint64_t sub(uint64_t v) {  // PACSub
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) o |= put(kSbox[cell(v, i)], i);
  return o;
}

uint64_t inv_sub(uint64_t v) {  // PACInvSub
  unsigned inverse[16] = {};
  for (unsigned x = 0; x < 16; ++x) inverse[kSbox[x]] = x;
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) o |= put(inverse[cell(v, i)], i);
  return o;
}

constexpr unsigned rot_cell(unsigned c, unsigned amount) {  // RotCell: rotate a cell left
  return ((c << amount) | (c >> (4 - amount))) & 0xFu;
}

uint64_t mult(uint64_t v) {  // PACMult: the MixColumns of QARMA, per column of four cells
  uint64_t o = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const unsigned c0 = cell(v, i), c4 = cell(v, i + 4), c8 = cell(v, i + 8), c12 = cell(v, i + 12);
    const unsigned t0 = rot_cell(c8, 1) ^ rot_cell(c4, 2) ^ rot_cell(c0, 1);
    const unsigned t1 = rot_cell(c12, 1) ^ rot_cell(c4, 1) ^ rot_cell(c0, 2);
    const unsigned t2 = rot_cell(c12, 2) ^ rot_cell(c8, 1) ^ rot_cell(c0, 1);
    const unsigned t3 = rot_cell(c12, 1) ^ rot_cell(c8, 2) ^ rot_cell(c4, 1);
    o |= put(t3, i) | put(t2, i + 4) | put(t1, i + 8) | put(t0, i + 12);
  }
  return o;
}

constexpr unsigned tweak_cell_rot(unsigned c) {  // TweakCellRot: out<3> = in<0> ^ in<1>, out<2:0> = in<3:1>
  return (c >> 1) | (((c ^ (c >> 1)) & 1u) << 3);
}
constexpr unsigned tweak_cell_inv_rot(unsigned c) {  // TweakCellInvRot: out<3:1> = in<2:0>, out<0> = in<0> ^ in<3>
  return ((c << 1) & 0xEu) | ((c ^ (c >> 3)) & 1u);
}

uint64_t tweak_shuffle(uint64_t v) {
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned c = cell(v, kTweakSource[i]);
    o |= put(kTweakRot[i] ? tweak_cell_rot(c) : c, i);
  }
  return o;
}

uint64_t tweak_inv_shuffle(uint64_t v) {  // TweakInvShuffle: undoes tweak_shuffle
  uint64_t o = 0;
  for (unsigned i = 0; i < 16; ++i) {
    const unsigned c = cell(v, i);
    o |= put(kTweakRot[i] ? tweak_cell_inv_rot(c) : c, kTweakSource[i]);
  }
  return o;
}

constexpr uint64_t kRoundConstants[5] = {0x0000000000000000u, 0x13198A2E03707344u, 0xA4093822299F31D0u,
                                         0x082EFA98EC4E6C89u, 0x452821E638D01377u};
constexpr uint64_t kAlpha = 0xC0AC29B7C97C50DDu;

}  // namespace

uint64_t qarma5_compute_pac(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1) {
  // modk0 = key0<0>:key0<63:2>:(key0<63> EOR key0<1>)
  const uint64_t modk0 = (key0 << 63) | ((key0 >> 2) << 1) | ((key0 >> 63) ^ ((key0 >> 1) & 1u));
  uint64_t running_mod = modifier;
  uint64_t w = data ^ key0;
  for (unsigned i = 0; i <= 4; ++i) {  // forward rounds
    w ^= key1 ^ running_mod;
    w ^= kRoundConstants[i];
    if (i > 0) w = mult(cell_shuffle(w));
    w = sub(w);
    running_mod = tweak_shuffle(running_mod);
  }
  // The reflector: one more forward round, the central key, one backward round.
  w ^= modk0 ^ running_mod;
  w = sub(mult(cell_shuffle(w)));
  w = mult(cell_shuffle(w));
  w ^= key1;
  w = cell_inv_shuffle(w);
  w = cell_inv_shuffle(mult(inv_sub(w)));
  w ^= key0 ^ running_mod;
  for (unsigned i = 0; i <= 4; ++i) {  // backward rounds
    w = inv_sub(w);
    if (i < 4) w = cell_inv_shuffle(mult(w));
    running_mod = tweak_inv_shuffle(running_mod);
    w ^= kRoundConstants[4 - i] ^ key1 ^ running_mod ^ kAlpha;
  }
  return w ^ modk0;
}

uint32_t compute_pac_m(uint32_t data, uint32_t modifier, const std::array<uint32_t, 4>& key) {
  const uint64_t key0 = (uint64_t{key[3]} << 32) | key[2];
  const uint64_t key1 = (uint64_t{key[1]} << 32) | key[0];
  return static_cast<uint32_t>(qarma5_compute_pac(data, modifier, key0, key1) >> 32);
}

}  // namespace corsim::cpu
