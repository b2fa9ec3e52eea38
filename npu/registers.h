#pragma once
// The NPU's command-register file (driver *_interface.h). Command words only ever update this plain
// struct; an operation command hands a snapshot of it to the kernels and the timing model.
//
// cmd0 registers (opcode 0x100..0x1FF) hold a 16-bit parameter; cmd1 registers (opcode 0..255 of
// the cmd1 space) hold word0[31:16] and the 32-bit payload word. Storing them raw keeps "every
// opcode of the headers" one table and lets the decoder (op_config.h) name the fields in one place.
// Registers are sticky (Vela's RegisterMachine): Vela never re-emits an unchanged value.
#include <array>
#include <cstdint>
#include <string_view>

namespace corsim::npu {

// Operation opcodes (cmd0, opcode < 0x100; cmd0_opcode).
enum class OpCode : uint16_t {
  kStop = 0x000,
  kIrq = 0x001,
  kConv = 0x002,
  kDepthwise = 0x003,
  kPool = 0x005,
  kElementwise = 0x006,
  kDmaStart = 0x010,
  kDmaWait = 0x011,
  kKernelWait = 0x012,
  kPmuMask = 0x013,
};

// cmd0 register-set opcodes (cmd0_opcode; names as in the driver's ethosu55_interface.h).
namespace cmd0 {
constexpr uint16_t kIfmPadTop = 0x100, kIfmPadLeft = 0x101, kIfmPadRight = 0x102, kIfmPadBottom = 0x103,
                   kIfmDepthM1 = 0x104, kIfmPrecision = 0x105, kIfmUpscale = 0x107, kIfmZeroPoint = 0x109,
                   kIfmWidth0M1 = 0x10A, kIfmHeight0M1 = 0x10B, kIfmHeight1M1 = 0x10C, kIfmIbEnd = 0x10D,
                   kIfmRegion = 0x10F, kOfmWidthM1 = 0x111, kOfmHeightM1 = 0x112, kOfmDepthM1 = 0x113,
                   kOfmPrecision = 0x114, kOfmBlkWidthM1 = 0x115, kOfmBlkHeightM1 = 0x116,
                   kOfmBlkDepthM1 = 0x117, kOfmZeroPoint = 0x118, kOfmWidth0M1 = 0x11A,
                   kOfmHeight0M1 = 0x11B, kOfmHeight1M1 = 0x11C, kOfmRegion = 0x11F,
                   kKernelWidthM1 = 0x120, kKernelHeightM1 = 0x121, kKernelStride = 0x122,
                   kParallelMode = 0x123, kAccFormat = 0x124, kActivation = 0x125, kActivationMin = 0x126,
                   kActivationMax = 0x127, kWeightRegion = 0x128, kScaleRegion = 0x129, kAbStart = 0x12D,
                   kBlockdep = 0x12F, kDma0SrcRegion = 0x130, kDma0DstRegion = 0x131, kDma0Size0 = 0x132,
                   kDma0Size1 = 0x133, kIfm2Broadcast = 0x180, kIfm2Scalar = 0x181,
                   kIfm2Precision = 0x185, kIfm2ZeroPoint = 0x189, kIfm2Width0M1 = 0x18A,
                   kIfm2Height0M1 = 0x18B, kIfm2Height1M1 = 0x18C, kIfm2IbStart = 0x18D, kIfm2Region = 0x18F;
}  // namespace cmd0

// cmd1 register-set opcodes (cmd1_opcode), numbered within the cmd1 space (word0[9:0]).
namespace cmd1 {
constexpr uint16_t kIfmBase0 = 0, kIfmBase1 = 1, kIfmBase2 = 2, kIfmBase3 = 3, kIfmStrideX = 4, kIfmStrideY = 5,
                   kIfmStrideC = 6, kOfmBase0 = 16, kOfmBase1 = 17, kOfmBase2 = 18, kOfmBase3 = 19,
                   kOfmStrideX = 20, kOfmStrideY = 21, kOfmStrideC = 22, kWeightBase = 32,
                   kWeightLength = 33, kScaleBase = 34, kScaleLength = 35, kOfmScale = 36, kOpaScale = 37,
                   kOpbScale = 38, kDma0Src = 48, kDma0Dst = 49, kDma0Len = 50, kIfm2Base0 = 128,
                   kIfm2Base1 = 129, kIfm2Base2 = 130, kIfm2Base3 = 131, kIfm2StrideX = 132,
                   kIfm2StrideY = 133, kIfm2StrideC = 134, kUserDefined0 = 160, kUserDefined7 = 167;
}  // namespace cmd1

// Which architecture's opcode table applies. U65 shares the U55 ISA (ethosu65_interface.h) but also
// uses word0[23:16] of address-style cmd1 words as address bits 39:32; U85 is ISA arch 2.0 (the
// driver's ethosu85_interface.h), with 40-bit addresses like U65.
enum class Isa : uint8_t { kU55, kU65, kU85 };

// Arch 2.0 additions (names as in ethosu85_interface.h cmd0_opcode / cmd1_opcode). The U85 reuses
// the U55 opcodes above with the same meaning except where op_config_u85.cpp says otherwise.
namespace u85 {
constexpr uint16_t kOpResize = 0x007;
constexpr uint16_t kOpBranch = 0x100;  // a cmd1 operation (word0[9:0] = 256)
namespace cmd0 {
constexpr uint16_t kIfmBroadcast = 0x108, kResizeXScaleNM1 = 0x12A, kResizeYScaleNM1 = 0x12B,
                   kResizeXOffset = 0x12C, kResizeYOffset = 0x12D, kWeightFormat = 0x12E,
                   kDma0IdxRegion = 0x134;
}  // namespace cmd0
namespace cmd1 {
constexpr uint16_t kIfmScale = 37, kIfm2Scale = 38, kOpScalar = 39, kDma0SrcStride0 = 51, kDma0SrcStride1 = 52,
                   kDma0DstStride0 = 53, kDma0DstStride1 = 54, kDma0Idx = 55, kDma0IdxMax = 56,
                   kDma0IdxSkip1 = 57, kWeight1Base = 144, kWeight1Length = 145, kWeight2Base = 146,
                   kWeight2Length = 147, kWeight3Base = 148, kWeight3Length = 149, kResizeX = 150,
                   kResizeY = 151;
}  // namespace cmd1
}  // namespace u85

bool is_known_operation(uint16_t opcode, Isa isa = Isa::kU55);
bool is_known_cmd0_register(uint16_t opcode, Isa isa = Isa::kU55);
bool is_known_cmd1_register(uint16_t opcode, Isa isa = Isa::kU55);
// cmd1 words that are operations rather than register sets (U85 NPU_OP_BRANCH).
bool is_cmd1_operation(uint16_t opcode, Isa isa);
std::string_view operation_name(uint16_t opcode, Isa isa = Isa::kU55);
std::string_view cmd0_register_name(uint16_t opcode, Isa isa = Isa::kU55);
std::string_view cmd1_register_name(uint16_t opcode, Isa isa = Isa::kU55);

struct RegisterState {
  std::array<uint16_t, 256> cmd0{};  // index: opcode - 0x100
  std::array<uint16_t, 256> cmd1_hi{};  // word0[31:16]
  std::array<uint32_t, 256> cmd1{};     // word1

  uint16_t get0(uint16_t opcode) const { return cmd0[opcode - 0x100]; }
  uint32_t get1(uint16_t opcode) const { return cmd1[opcode]; }
  uint16_t get1_hi(uint16_t opcode) const { return cmd1_hi[opcode]; }
  // Address-style cmd1: 32-bit on U55; bits 39:32 from word0[23:16] on U65/U85 (cmd1_with_address).
  uint64_t address(uint16_t opcode, Isa isa) const {
    uint64_t v = cmd1[opcode];
    if (isa != Isa::kU55) v |= uint64_t{static_cast<uint8_t>(cmd1_hi[opcode])} << 32;
    return v;
  }
};

}  // namespace corsim::npu
