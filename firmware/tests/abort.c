/* abort() -> raise(SIGABRT) -> _kill -> _exit(128 + 6): the run must end with status 134 on QEMU
 * and corsim alike, after the text printed before it. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  printf("about to abort\n");
  fflush(stdout);
  abort();
}
