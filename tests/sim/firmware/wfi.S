@ Sleeps with no interrupt source enabled: the guest sleeps forever.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  wfi
  b reset
