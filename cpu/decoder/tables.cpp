// The decoder tables: the core integer rows (this folder's *.inc) followed by the rows of the
// DSP / system sets, which are separate files owned by their authors and picked up here when they
// exist (see README.md "Adding a table file"). Nothing else in the decoder names a table file.
#include <array>

#include "cpu/decoder/decode_helpers.h"
#include "cpu/decoder/encoding.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/data_processing.h"
#include "cpu/isa/load_store.h"
#include "cpu/isa/multiply.h"

// Declarations the table files need (their handlers and decode functions). Every table file is a
// plain include: a missing or renamed file breaks the build (docs/reliability.md).
#include "cpu/isa/dsp.h"
#include "cpu/isa/system.h"
#include "cpu/isa/vfp.h"
#include "cpu/isa/pacbti.h"
// MVE (Helium) sets: the handler headers (with their decode functions), or the decoder
// header of a group whose decode functions live apart (docs/cpu.md "Where an instruction lives").
#include "cpu/isa/mve/ldst_ops.h"
#include "cpu/isa/mve/long_shift_ops.h"
#include "cpu/isa/mve/pred_ops.h"
#include "cpu/isa/mve/transfer_ops.h"
#include "cpu/isa/mve/transfer_sysreg.h"
#include "cpu/decoder/mve_int_decls.h"
#include "cpu/decoder/mve_reduce_decls.h"
#include "cpu/decoder/mve_fp_decls.h"

namespace corsim::cpu::decoder {

namespace {

constexpr Encoding kT16Table[] = {
#include "cpu/decoder/t16.inc"
#include "cpu/decoder/t16_system.inc"
};

constexpr Encoding kT32Table[] = {
#include "cpu/decoder/t32_dp.inc"
#include "cpu/decoder/t32_ldst.inc"
#include "cpu/decoder/t32_branch.inc"
#include "cpu/decoder/t32_dsp.inc"
#include "cpu/decoder/t32_system.inc"
#include "cpu/decoder/vfp.inc"
#include "cpu/decoder/mve_predicate.inc"
#include "cpu/decoder/mve_ldst.inc"
#include "cpu/decoder/mve_long_shift.inc"
#include "cpu/decoder/mve_transfer.inc"
#include "cpu/decoder/mve_int.inc"
#include "cpu/decoder/mve_reduce.inc"
#include "cpu/decoder/mve_fp.inc"
// PACBTI (Armv8.1-M): its encodings are spaces the rows above give up, so its place is free.
#include "cpu/decoder/t32_pacbti.inc"
};

}  // namespace

std::span<const Encoding> t16_table() { return kT16Table; }
std::span<const Encoding> t32_table() { return kT32Table; }

}  // namespace corsim::cpu::decoder
