/* newlib system calls for every platform library: the console (fds 0-2) is UART0, files (fds 3
 * and up) are host files through Arm semihosting, exit is semihosting, the heap is the region the
 * linker script gives between __heap_start and __heap_end (Corstone-300: DTCM between .bss and the
 * stack; Corstone-320: BRAM after .bss). Everything else fails cleanly. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "platform.h"

#undef errno
extern int errno;

extern char __heap_start[], __heap_end[];

/* Semihosting operations (Arm "Semihosting for AArch32 and AArch64" v2.0, chapter 5). */
enum {
  kSysOpen = 0x01,
  kSysClose = 0x02,
  kSysWrite = 0x05,
  kSysRead = 0x06,
  kSysSeek = 0x0A,
  kSysFlen = 0x0C,
  kSysRemove = 0x0E,
  kSysErrno = 0x13,
};

/* newlib fd = kFirstFile + slot; the slot keeps the semihosting handle and the file position
 * (SYS_SEEK only seeks to absolute positions, so SEEK_CUR needs it). */
enum { kFirstFile = 3, kMaxFiles = 8 };
struct OpenFile {
  int used;
  uintptr_t handle;
  off_t position;
};
static struct OpenFile g_files[kMaxFiles];

static struct OpenFile *file_of(int fd) {
  if (fd < kFirstFile || fd >= kFirstFile + kMaxFiles || !g_files[fd - kFirstFile].used) return 0;
  return &g_files[fd - kFirstFile];
}

static int host_errno(void) { return (int)platform_semihosting(kSysErrno, 0); }

int _open(const char *path, int flags, int mode) {
  int slot = 0;
  while (slot < kMaxFiles && g_files[slot].used) ++slot;
  if (slot == kMaxFiles) {
    errno = EMFILE;
    return -1;
  }
  /* fopen() modes as SYS_OPEN numbers: r=0 r+=2 w=4 w+=6 a=8 a+=10, +1 for binary. */
  int access = flags & O_ACCMODE;
  uint32_t sh_mode;
  if (flags & O_APPEND) sh_mode = access == O_RDWR ? 10 : 8;
  else if (flags & O_TRUNC) sh_mode = access == O_RDWR ? 6 : 4;
  else sh_mode = access == O_RDWR ? 2 : 0;
  sh_mode += 1;
  uintptr_t block[3] = {(uintptr_t)path, sh_mode, strlen(path)};
  intptr_t handle = (intptr_t)platform_semihosting(kSysOpen, (uintptr_t)block);
  if (handle == -1) {
    errno = host_errno();
    return -1;
  }
  g_files[slot].used = 1;
  g_files[slot].handle = (uintptr_t)handle;
  g_files[slot].position = 0;
  return kFirstFile + slot;
}

int _close(int fd) {
  struct OpenFile *f = file_of(fd);
  if (!f) {
    if (fd >= 0 && fd < kFirstFile) return 0;
    errno = EBADF;
    return -1;
  }
  uintptr_t block[1] = {f->handle};
  f->used = 0;
  if (platform_semihosting(kSysClose, (uintptr_t)block) != 0) {
    errno = host_errno();
    return -1;
  }
  return 0;
}

int _unlink(const char *path) {
  uintptr_t block[2] = {(uintptr_t)path, strlen(path)};
  if (platform_semihosting(kSysRemove, (uintptr_t)block) != 0) {
    errno = host_errno();
    return -1;
  }
  return 0;
}

int _write(int fd, const char *buf, int len) {
  if (fd == 1 || fd == 2) {
    for (int i = 0; i < len; ++i) platform_uart_putc(buf[i]);
    return len;
  }
  struct OpenFile *f = file_of(fd);
  if (!f) {
    errno = EBADF;
    return -1;
  }
  uintptr_t block[3] = {f->handle, (uintptr_t)buf, (uintptr_t)len};
  int not_written = (int)platform_semihosting(kSysWrite, (uintptr_t)block);
  f->position += len - not_written;
  if (not_written == len && len > 0) {
    errno = EIO;
    return -1;
  }
  return len - not_written;
}

/* Files read through semihosting; stdin blocks until at least one byte arrives on the UART, then
 * returns what is waiting (like a terminal). */
int _read(int fd, char *buf, int len) {
  if (fd != 0) {
    struct OpenFile *f = file_of(fd);
    if (!f) {
      errno = EBADF;
      return -1;
    }
    uintptr_t block[3] = {f->handle, (uintptr_t)buf, (uintptr_t)len};
    int not_read = (int)platform_semihosting(kSysRead, (uintptr_t)block);
    if (not_read < 0 || not_read > len) {
      errno = EIO;
      return -1;
    }
    f->position += len - not_read;
    return len - not_read;
  }
  int n = 0;
  while (n < len) {
    int c = platform_uart_getc();
    if (c < 0) {
      if (n > 0) break;
      continue;
    }
    buf[n++] = (char)c;
    if (c == '\n') break;
  }
  return n;
}

void *_sbrk(ptrdiff_t increment) {
  static char *brk = __heap_start;
  if (increment > __heap_end - brk || increment < __heap_start - brk) {
    errno = ENOMEM;
    return (void *)-1;
  }
  char *old = brk;
  brk += increment;
  return old;
}

void _exit(int status) { platform_semihosting_exit(status); }

int _fstat(int fd, struct stat *st) {
  memset(st, 0, sizeof *st);
  if (fd >= 0 && fd < kFirstFile) {
    st->st_mode = S_IFCHR; /* a terminal: newlib line-buffers stdout */
    return 0;
  }
  struct OpenFile *f = file_of(fd);
  if (!f) {
    errno = EBADF;
    return -1;
  }
  uintptr_t block[1] = {f->handle};
  st->st_mode = S_IFREG;
  st->st_size = (off_t)platform_semihosting(kSysFlen, (uintptr_t)block);
  return 0;
}

int _isatty(int fd) { return fd >= 0 && fd < kFirstFile; }

off_t _lseek(int fd, off_t offset, int whence) {
  struct OpenFile *f = file_of(fd);
  if (!f) {
    errno = (fd >= 0 && fd < kFirstFile) ? ESPIPE : EBADF;
    return -1;
  }
  uintptr_t block[2] = {f->handle, 0};
  off_t target = offset;
  if (whence == SEEK_CUR) target = f->position + offset;
  else if (whence == SEEK_END) target = (off_t)platform_semihosting(kSysFlen, (uintptr_t)block) + offset;
  if (target < 0) {
    errno = EINVAL;
    return -1;
  }
  block[1] = (uintptr_t)target;
  if (platform_semihosting(kSysSeek, (uintptr_t)block) != 0) {
    errno = host_errno();
    return -1;
  }
  f->position = target;
  return target;
}

int _getpid(void) { return 1; }

int _kill(int pid, int sig) {
  if (pid == 1) _exit(128 + sig); /* abort() lands here: end the run with a failure status */
  errno = EINVAL;
  return -1;
}
