// Decoder-level checks of the VFP rows: instructions assembled by arm-none-eabi-as (an independent
// encoder) must decode to the expected row and disassemble as arm-none-eabi-objdump prints them.
#include "tests/cpu/objdump_decode_check.h"
#include <gtest/gtest.h>

#include <string>

#include "cpu/decoder/decoder.h"

namespace corsim::cpu::test {
namespace {

struct Case {
  const char* source;
  const char* row;  // expected decoder row name
};

// One entry per row family and precision.
const Case kCases[] = {
    {"vadd.f16 s0, s1, s2", "VADD F16"}, {"vadd.f32 s31, s1, s30", "VADD F32"}, {"vadd.f64 d15, d1, d2", "VADD F64"},
    {"vsub.f32 s3, s4, s5", "VSUB F32"}, {"vmul.f64 d1, d2, d3", "VMUL F64"}, {"vnmul.f16 s1, s2, s3", "VNMUL F16"},
    {"vdiv.f32 s1, s2, s3", "VDIV F32"}, {"vmla.f64 d1, d2, d3", "VMLA F64"}, {"vmls.f32 s1, s2, s3", "VMLS F32"},
    {"vnmla.f16 s1, s2, s3", "VNMLA F16"}, {"vnmls.f32 s1, s2, s3", "VNMLS F32"}, {"vfma.f64 d1, d2, d3", "VFMA F64"},
    {"vfms.f16 s1, s2, s3", "VFMS F16"}, {"vfnma.f32 s1, s2, s3", "VFNMA F32"}, {"vfnms.f64 d1, d2, d3", "VFNMS F64"},
    {"vmaxnm.f32 s1, s2, s3", "VMAXNM F32"}, {"vminnm.f64 d1, d2, d3", "VMINNM F64"}, {"vminnm.f16 s1, s2, s3", "VMINNM F16"},
    {"vseleq.f32 s1, s2, s3", "VSEL F32"}, {"vselvs.f64 d1, d2, d3", "VSEL F64"}, {"vselge.f16 s1, s2, s3", "VSEL F16"},
    {"vselgt.f32 s1, s2, s3", "VSEL F32"},
    {"vmov.f32 s1, #-1.5", "VMOV (immediate) F32"}, {"vmov.f64 d1, #0.25", "VMOV (immediate) F64"},
    {"vmov.f16 s1, #3.0", "VMOV (immediate) F16"}, {"vmov.f32 s1, s2", "VMOV (register) F32"},
    {"vmov.f64 d1, d2", "VMOV (register) F64"}, {"vabs.f16 s1, s2", "VABS F16"}, {"vneg.f64 d1, d2", "VNEG F64"},
    {"vsqrt.f32 s1, s2", "VSQRT F32"},
    {"vcvtb.f32.f16 s1, s2", "VCVTB/VCVTT F32.F16"}, {"vcvtt.f64.f16 d1, s2", "VCVTB/VCVTT F64.F16"},
    {"vcvtt.f16.f32 s1, s2", "VCVTB/VCVTT F16.F32"}, {"vcvtb.f16.f64 s1, d2", "VCVTB/VCVTT F16.F64"},
    {"vcmp.f32 s1, s2", "VCMP F32"}, {"vcmpe.f64 d1, d2", "VCMP F64"}, {"vcmpe.f16 s1, s2", "VCMP F16"},
    {"vcmp.f64 d1, #0", "VCMP #0 F64"}, {"vcmpe.f32 s1, #0", "VCMP #0 F32"}, {"vcmp.f16 s1, #0", "VCMP #0 F16"},
    {"vrintr.f32 s1, s2", "VRINTR F32"}, {"vrintz.f64 d1, d2", "VRINTZ F64"}, {"vrintx.f16 s1, s2", "VRINTX F16"},
    {"vrinta.f32 s1, s2", "VRINT{A,N,P,M} F32"}, {"vrintn.f64 d1, d2", "VRINT{A,N,P,M} F64"},
    {"vrintp.f16 s1, s2", "VRINT{A,N,P,M} F16"}, {"vrintm.f32 s1, s2", "VRINT{A,N,P,M} F32"},
    {"vcvt.f64.f32 d1, s2", "VCVT F64.F32"}, {"vcvt.f32.f64 s1, d2", "VCVT F32.F64"},
    {"vcvt.f32.s32 s1, s2", "VCVT (from S32) F32"}, {"vcvt.f64.u32 d1, s2", "VCVT (from U32) F64"},
    {"vcvt.f16.s32 s1, s2", "VCVT (from S32) F16"}, {"vcvt.s32.f32 s1, s2", "VCVT (to S32) F32"},
    {"vcvtr.u32.f64 s1, d2", "VCVTR (to U32) F64"}, {"vcvt.u32.f16 s1, s2", "VCVT (to U32) F16"},
    {"vcvtr.s32.f32 s1, s2", "VCVTR (to S32) F32"}, {"vcvta.s32.f32 s1, s2", "VCVT{A,N,P,M} F32"},
    {"vcvtp.u32.f64 s1, d2", "VCVT{A,N,P,M} F64"}, {"vcvtm.s32.f16 s1, s2", "VCVT{A,N,P,M} F16"},
    {"vcvtn.u32.f32 s1, s2", "VCVT{A,N,P,M} F32"},
    {"vcvt.s16.f32 s1, s1, #3", "VCVT (to fixed) F32"}, {"vcvt.u32.f64 d1, d1, #32", "VCVT (to fixed) F64"},
    {"vcvt.f32.u16 s1, s1, #16", "VCVT (from fixed) F32"}, {"vcvt.f64.s32 d1, d1, #1", "VCVT (from fixed) F64"},
    {"vins.f16 s1, s2", "VINS"}, {"vmovx.f16 s1, s2", "VMOVX"},
    {"vmov s1, r2", "VMOV (core to S)"}, {"vmov r2, s31", "VMOV (S to core)"},
    {"vmov.f16 s1, r2", "VMOV (core to half)"}, {"vmov.f16 r2, s1", "VMOV (half to core)"},
    {"vmov s1, s2, r3, r4", "VMOV (two core to two S)"}, {"vmov r3, r4, s30, s31", "VMOV (two S to two core)"},
    {"vmov d4, r3, r4", "VMOV (two core to D)"}, {"vmov r3, r4, d15", "VMOV (D to two core)"},
    {"vmov.32 d4[1], r3", "VMOV (core to scalar) 32"}, {"vmov.32 r3, d4[0]", "VMOV (scalar to core) 32"},
    {"vmrs APSR_nzcv, fpscr", "VMRS"}, {"vmrs r1, fpscr", "VMRS"}, {"vmrs r1, fpscr_nzcvqc", "VMRS"},
    {"vmrs r1, vpr", "VMRS"}, {"vmrs r1, p0", "VMRS"}, {"vmrs r1, fpcxt_s", "VMRS"}, {"vmrs r1, fpcxt_ns", "VMRS"},
    {"vmsr fpscr, r1", "VMSR"}, {"vmsr fpscr_nzcvqc, r1", "VMSR"}, {"vmsr vpr, r1", "VMSR"}, {"vmsr p0, r1", "VMSR"},
    {"vmsr fpcxt_s, r1", "VMSR"}, {"vmsr fpcxt_ns, r1", "VMSR"},
    {"vldr.16 s1, [r2, #-6]", "VLDR .16"}, {"vldr s1, [r2, #1020]", "VLDR S"}, {"vldr d1, [r2]", "VLDR D"},
    {"vstr.16 s1, [r2, #6]", "VSTR .16"}, {"vstr s1, [r2, #-4]", "VSTR S"}, {"vstr d1, [sp, #8]", "VSTR D"},
    {"vldmia r2, {s1-s4}", "VLDM S"}, {"vldmia r2!, {d1-d4}", "VLDM D"}, {"vldmdb r2!, {s0}", "VLDM S"},
    {"vstmia r2!, {s1-s4}", "VSTM S"}, {"vstmdb r2!, {d0-d15}", "VSTM D"},
    {"vpush {s0-s31}", "VSTM S"}, {"vpop {d8-d15}", "VLDM D"},
    {"vscclrm {s0-s3, vpr}", "VSCCLRM S"}, {"vscclrm {d1-d15, vpr}", "VSCCLRM D"},
    {"it eq\nvaddeq.f32 s0, s1, s2", "VADD F32"},
};

TEST(VfpDecode, AssembledInstructionsDecodeToTheirRowAndDisassembleLikeObjdump) {
  expect_cases_decode_like_objdump(kCases);
}

TEST(VfpDecode, UndefinedEncodingsInTheFpSpace) {
  // D16-D31 (D/N/M bit set with double precision), VDIV with op = 1, VMOV.F16 register,
  // VMRS of a register the Cortex-M55 does not have (FPSID, reg = 0), VLDM with Rn = PC.
  for (uint32_t insn : {0xEE700B01u, 0xEE300B20u, 0xEE800A40u, 0xEEB00940u, 0xEEF00A10u, 0xECBF0A02u}) {
    const auto r = decoder::decode(insn, true);
    EXPECT_TRUE(r.encoding == nullptr || r.encoding->name.find("UNDEF") != std::string_view::npos)
        << std::hex << insn << " decoded as " << r.encoding->name;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
