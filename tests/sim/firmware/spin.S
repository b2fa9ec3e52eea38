@ Never ends: for --max-cycles and --timeout.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  adds r0, r0, #1
  b reset
