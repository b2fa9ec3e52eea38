#pragma once
// Declarations for cpu/decoder/extra_t32.inc: the floating-point (VFP) rows (docs/vfp.md).
#include "cpu/isa/vfp.h"
