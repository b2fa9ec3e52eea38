#pragma once
// Host vector code in the NPU's functional model: which kernels can be compiled here and which the
// host's CPU runs. Release builds target the baseline x86-64 (no -march=native): the vector
// kernels are compiled for their instruction set alone (GCC/clang `target` attribute, or
// `target_clones` function multiversioning whose ifunc resolver reads cpuid at load time) and a
// caller picks one at run time with host_has_avx2() / host_has_avx512f() (cpuid through
// `__builtin_cpu_supports`). Other hosts and compilers get the portable loops alone.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define CORSIM_NPU_HAVE_AVX2_KERNEL 1
#include <immintrin.h>
// Every AVX2 CPU has POPCNT (Intel since Nehalem, AMD since K10); host_has_avx2 checks both.
#define CORSIM_NPU_TARGET_AVX2 __attribute__((target("avx2,popcnt")))
#define CORSIM_NPU_TARGET_AVX512F __attribute__((target("avx512f")))
#endif

// A function compiled twice, for AVX2 and for the baseline x86-64 (GCC function multiversioning).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define CORSIM_NPU_MULTIVERSION __attribute__((target_clones("avx2", "default")))
#else
#define CORSIM_NPU_MULTIVERSION
#endif

namespace corsim::npu {

inline bool host_has_avx2() {
#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

inline bool host_has_avx512f() {
#ifdef CORSIM_NPU_HAVE_AVX2_KERNEL
  return __builtin_cpu_supports("avx512f");
#else
  return false;
#endif
}

}  // namespace corsim::npu
