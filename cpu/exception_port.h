#pragma once
// The seam between the run loop and the exception model: the run loop talks to the exception model
// (cpu/exceptions/exception_unit.h, class ExceptionUnit) only through this name.
#include "cpu/exceptions/exception_unit.h"

namespace corsim::cpu {
using ExceptionPort = ExceptionUnit;
}  // namespace corsim::cpu
