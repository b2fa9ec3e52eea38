#pragma once
// Declarations for cpu/decoder/mve_fp.inc: the MVE floating-point rows (docs/mve.md).
#include "cpu/isa/mve/fp_decode.h"
#include "cpu/isa/mve/fp_handlers.h"
