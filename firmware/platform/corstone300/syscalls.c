/* newlib system calls for Corstone-300: the console is UART0, exit is semihosting, the heap is the
 * DTCM region the linker script leaves between .bss and the stack. Everything else fails cleanly. */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "corstone300.h"

#undef errno
extern int errno;

extern char __heap_start[], __heap_end[];

int _write(int fd, const char *buf, int len) {
  if (fd != 1 && fd != 2) {
    errno = EBADF;
    return -1;
  }
  for (int i = 0; i < len; ++i) corstone300_uart_putc(buf[i]);
  return len;
}

/* Blocks until at least one byte arrives, then returns what is waiting (like a terminal). */
int _read(int fd, char *buf, int len) {
  if (fd != 0) {
    errno = EBADF;
    return -1;
  }
  int n = 0;
  while (n < len) {
    int c = corstone300_uart_getc();
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

void _exit(int status) { corstone300_semihosting_exit(status); }

int _close(int fd) {
  errno = EBADF;
  return -1;
}

int _fstat(int fd, struct stat *st) {
  if (fd < 0 || fd > 2) {
    errno = EBADF;
    return -1;
  }
  st->st_mode = S_IFCHR; /* a terminal: newlib line-buffers stdout */
  return 0;
}

int _isatty(int fd) { return fd >= 0 && fd <= 2; }

off_t _lseek(int fd, off_t offset, int whence) {
  errno = ESPIPE;
  return -1;
}

int _open(const char *path, int flags, int mode) {
  errno = ENOSYS;
  return -1;
}

int _getpid(void) { return 1; }

int _kill(int pid, int sig) {
  if (pid == 1) _exit(128 + sig); /* abort() lands here: end the run with a failure status */
  errno = EINVAL;
  return -1;
}
