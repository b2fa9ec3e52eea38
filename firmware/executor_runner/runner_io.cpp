// Semihosting calls (Arm "Semihosting for AArch32 and AArch64" v2.0: SYS_OPEN 0x01, SYS_CLOSE
// 0x02, SYS_WRITE 0x05, SYS_READ 0x06, SYS_FLEN 0x0C, SYS_GET_CMDLINE 0x15).
#include "runner_io.h"

#include <cstring>

extern "C" {
#include "platform.h"
}

namespace runner {
namespace {
enum : uint32_t { kOpen = 0x01, kClose = 0x02, kWrite = 0x05, kRead = 0x06, kFlen = 0x0C, kGetCmdline = 0x15 };
enum : uint32_t { kModeRb = 1, kModeWb = 5 };

long sh_open(const char* name, uint32_t mode) {
  volatile uint32_t block[3] = {reinterpret_cast<uintptr_t>(name), mode, static_cast<uint32_t>(std::strlen(name))};
  return static_cast<long>(static_cast<int32_t>(platform_semihosting(kOpen, reinterpret_cast<uintptr_t>(block))));
}
void sh_close(long h) {
  volatile uint32_t block[1] = {static_cast<uint32_t>(h)};
  platform_semihosting(kClose, reinterpret_cast<uintptr_t>(block));
}
}  // namespace

size_t get_cmdline(char* buf, size_t cap) {
  if (cap == 0) return 0;
  volatile uint32_t block[2] = {reinterpret_cast<uintptr_t>(buf), static_cast<uint32_t>(cap - 1)};
  buf[0] = '\0';
  if (platform_semihosting(kGetCmdline, reinterpret_cast<uintptr_t>(block)) != 0) {
    buf[0] = '\0';
    return 0;
  }
  size_t n = block[1];
  if (n >= cap) n = cap - 1;
  buf[n] = '\0';
  return n;
}

long read_file(const char* name, uint8_t* buf, size_t cap) {
  const long h = sh_open(name, kModeRb);
  if (h < 0) return -1;
  volatile uint32_t fl[1] = {static_cast<uint32_t>(h)};
  const long len = static_cast<long>(static_cast<int32_t>(platform_semihosting(kFlen, reinterpret_cast<uintptr_t>(fl))));
  if (len < 0) {
    sh_close(h);
    return -3;
  }
  if (static_cast<size_t>(len) > cap) {
    sh_close(h);
    return -2;
  }
  volatile uint32_t rd[3] = {static_cast<uint32_t>(h), reinterpret_cast<uintptr_t>(buf), static_cast<uint32_t>(len)};
  const uint32_t left = platform_semihosting(kRead, reinterpret_cast<uintptr_t>(rd));
  sh_close(h);
  return left == 0 ? len : -3;
}

bool write_file(const char* name, const void* data, size_t len) {
  const long h = sh_open(name, kModeWb);
  if (h < 0) return false;
  volatile uint32_t wr[3] = {static_cast<uint32_t>(h), reinterpret_cast<uintptr_t>(data), static_cast<uint32_t>(len)};
  const uint32_t left = platform_semihosting(kWrite, reinterpret_cast<uintptr_t>(wr));
  sh_close(h);
  return left == 0;
}

}  // namespace runner
