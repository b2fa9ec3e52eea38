// Execution tests of the MVE floating-point handlers (filled in below).
#include <gtest/gtest.h>
