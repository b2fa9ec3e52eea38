// Deliberately not freestanding: the compile check must reject this file (heap via operator new).
// Used only by the runtime_freestanding_check_rejects_heap CTest (WILL_FAIL).
int* make_counter() { return new int(0); }
