/* String and memory functions from newlib (and the byte, halfword and word loads and stores and
 * LDM/STM/LDRD/STRD sequences they compile to): memcpy/memmove/memset/memcmp/memchr with every
 * alignment and length, str* functions, strtol/strtoul, qsort/bsearch, malloc/realloc/free.
 * Expected values come from naive byte loops written here, or are literal. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { kBuf = 96 };
static uint8_t src[kBuf], dst[kBuf], ref[kBuf];

static void fill(uint8_t *p, unsigned n, uint8_t seed) {
  for (unsigned i = 0; i < n; ++i) p[i] = (uint8_t)(seed + i * 37u);
}

static void test_memcpy_memset(void) {
  unsigned bad_copy = 0, bad_set = 0, bad_move = 0;
  fill(src, kBuf, 1);
  for (unsigned so = 0; so < 4; ++so)
    for (unsigned d_off = 0; d_off < 4; ++d_off)
      for (unsigned len = 0; len <= 40; len += (len < 10 ? 1 : 7)) {
        memset(dst, 0xEE, kBuf);
        memcpy(ref, dst, kBuf);
        for (unsigned i = 0; i < len; ++i) ref[d_off + i] = src[so + i];
        memcpy(dst + d_off, src + so, OPAQUE(len));
        if (memcmp(dst, ref, kBuf) != 0) ++bad_copy;

        memset(dst, 0x11, kBuf);
        for (unsigned i = 0; i < kBuf; ++i) ref[i] = (i >= d_off && i < d_off + len) ? 0xA5 : 0x11;
        memset(dst + d_off, 0xA5, OPAQUE(len));
        for (unsigned i = 0; i < kBuf; ++i) bad_set += dst[i] != ref[i];

        /* Overlapping move, both directions. */
        fill(dst, kBuf, 3);
        fill(ref, kBuf, 3);
        uint8_t tmp[kBuf];
        for (unsigned i = 0; i < len; ++i) tmp[i] = ref[so + i];
        for (unsigned i = 0; i < len; ++i) ref[so + d_off * 3 + i] = tmp[i];
        memmove(dst + so + d_off * 3, dst + so, OPAQUE(len));
        bad_move += memcmp(dst, ref, kBuf) != 0;
        fill(dst, kBuf, 5);
        fill(ref, kBuf, 5);
        for (unsigned i = 0; i < len; ++i) tmp[i] = ref[so + d_off * 3 + i];
        for (unsigned i = 0; i < len; ++i) ref[so + i] = tmp[i];
        memmove(dst + so, dst + so + d_off * 3, OPAQUE(len));
        bad_move += memcmp(dst, ref, kBuf) != 0;
      }
  CHECK_EQ(bad_copy, 0);
  CHECK_EQ(bad_set, 0);
  CHECK_EQ(bad_move, 0);
}

static void test_compare_search(void) {
  char a[] = "corsim simulates Corstone";
  char b[] = "corsim simulates Corstone";
  CHECK(memcmp(a, b, sizeof a) == 0);
  b[10] = 'x';
  CHECK(memcmp(a, b, sizeof a) < 0); /* 'u' < 'x' */
  CHECK(memcmp(b, a, sizeof a) > 0);
  CHECK(memcmp(a, b, 10) == 0);
  CHECK(strcmp(a, b) < 0);
  CHECK(strncmp(a, b, 10) == 0);
  CHECK(strcmp("abc", "abcd") < 0);
  CHECK(strcmp("\xff", "a") > 0); /* compared as unsigned char */
  CHECK_EQ(strlen(a), 25);
  CHECK_EQ(strlen(""), 0);
  CHECK_EQ(strchr(a, 'C') - a, 17);
  CHECK_EQ(strrchr(a, 's') - a, 20);
  CHECK(strchr(a, 'Q') == NULL);
  CHECK_EQ(strstr(a, "simul") - a, 7);
  CHECK(strstr(a, "simx") == NULL);
  CHECK_EQ((uint8_t *)memchr(a, 'e', sizeof a) - (uint8_t *)a, 14);
  CHECK_EQ(strspn("aaabbbccc", "ab"), 6);
  CHECK_EQ(strcspn("hello, world", ", "), 5);

  char buf[32];
  strcpy(buf, "abc");
  strcat(buf, "def");
  CHECK(strcmp(buf, "abcdef") == 0);
  memset(buf, 'Z', sizeof buf);
  strncpy(buf, "xy", 5); /* pads with NULs */
  CHECK(buf[0] == 'x' && buf[1] == 'y' && buf[2] == 0 && buf[3] == 0 && buf[4] == 0 && buf[5] == 'Z');
  char tok[] = "a,b;;c";
  char *save = NULL;
  CHECK(strcmp(strtok_r(tok, ",;", &save), "a") == 0);
  CHECK(strcmp(strtok_r(NULL, ",;", &save), "b") == 0);
  CHECK(strcmp(strtok_r(NULL, ",;", &save), "c") == 0);
  CHECK(strtok_r(NULL, ",;", &save) == NULL);
}

static void test_conversions(void) {
  char *end;
  CHECK_EQ((uint32_t)strtol("-12345xyz", &end, 10), (uint32_t)-12345);
  CHECK(*end == 'x');
  CHECK_EQ(strtoul("0xDEADbeef", NULL, 16), 0xDEADBEEFu);
  CHECK_EQ(strtoul("0x10", NULL, 0), 16);
  CHECK_EQ(strtoul("0755", NULL, 0), 493);
  CHECK_EQ(strtol("zz", NULL, 36), 1295);
  CHECK_EQ((uint64_t)strtoll("-9223372036854775807", NULL, 10), 0x8000000000000001ull);
  CHECK_EQ(strtoull("18446744073709551615", NULL, 10), 0xFFFFFFFFFFFFFFFFull);
  CHECK_EQ(atoi("  42"), 42);
  CHECK_EQ((uint32_t)labs(-7), 7);
  div_t d = div(-7, 2);
  CHECK_EQ((uint32_t)d.quot, (uint32_t)-3);
  CHECK_EQ((uint32_t)d.rem, (uint32_t)-1);
}

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void test_sort_search_heap(void) {
  int values[50];
  uint32_t seed = 12345;
  for (int i = 0; i < 50; ++i) {
    seed = seed * 1103515245u + 12345u;
    values[i] = (int)(seed >> 16) % 1000 - 500;
  }
  qsort(values, 50, sizeof values[0], compare_int);
  int sorted = 1;
  for (int i = 1; i < 50; ++i) sorted &= values[i - 1] <= values[i];
  CHECK(sorted);
  int key = values[17];
  int *found = bsearch(&key, values, 50, sizeof values[0], compare_int);
  CHECK(found != NULL && *found == key);
  key = 10000;
  CHECK(bsearch(&key, values, 50, sizeof values[0], compare_int) == NULL);

  uint8_t *p = malloc(100);
  CHECK(p != NULL);
  for (int i = 0; i < 100; ++i) p[i] = (uint8_t)i;
  p = realloc(p, 5000);
  CHECK(p != NULL);
  int intact = 1;
  for (int i = 0; i < 100; ++i) intact &= p[i] == i;
  CHECK(intact);
  uint32_t *z = calloc(64, sizeof(uint32_t));
  CHECK(z != NULL);
  uint32_t sum = 0;
  for (int i = 0; i < 64; ++i) sum |= z[i];
  CHECK_EQ(sum, 0);
  free(z);
  free(p);
  CHECK(malloc(1u << 30) == NULL); /* more than the heap: _sbrk says ENOMEM */
}

int main(void) {
  check_begin("strings");
  test_memcpy_memset();
  test_compare_search();
  test_conversions();
  test_sort_search_heap();
  return check_done();
}
