/* Ends with status 42 through exit() -> _exit -> semihosting SYS_EXIT_EXTENDED: QEMU and corsim
 * must both end with process status 42 (the CTest expects exactly that). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  printf("exiting with status 42\n");
  exit(42);
}
