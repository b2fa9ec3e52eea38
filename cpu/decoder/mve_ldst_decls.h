#pragma once
// Declarations for cpu/decoder/mve_ldst.inc: the MVE foundation rows (predication, loads/stores,
// scalar long shifts, core/vector transfers; docs/mve.md).
#include "cpu/isa/mve/ldst_ops.h"
#include "cpu/isa/mve/long_shift_ops.h"
#include "cpu/isa/mve/pred_ops.h"
#include "cpu/isa/mve/transfer_ops.h"
#include "cpu/isa/mve/transfer_sysreg.h"
