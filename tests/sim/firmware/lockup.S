@ The HardFault handler itself faults: the core locks up.
#define HARDFAULT_HANDLER hardfault_handler
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  udf #1
  .thumb_func
  .global hardfault_handler
hardfault_handler:
  udf #2
