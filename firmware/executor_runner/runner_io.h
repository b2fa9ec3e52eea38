// Host I/O for the executor runner through Arm semihosting (BKPT 0xAB): the command line
// (SYS_GET_CMDLINE) and whole-file reads and writes, as ExecuTorch's semihosting runner does.
#pragma once

#include <cstddef>
#include <cstdint>

namespace runner {

// The semihosting command line ("" when the host gives none). Returns its length.
size_t get_cmdline(char* buf, size_t cap);
// Reads a whole file into buf (cap bytes). Returns the size, or -1 (cannot open), -2 (too large),
// -3 (read error).
long read_file(const char* name, uint8_t* buf, size_t cap);
// Writes len bytes to a new file. False on failure.
bool write_file(const char* name, const void* data, size_t len);

}  // namespace runner
