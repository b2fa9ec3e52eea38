/* Ordinary C as GCC compiles it: hashing, checksums, encoding, big-number arithmetic, sorting,
 * recursion, sieves, varargs, function pointers, structs passed and returned by value. Expected
 * values are published test vectors (FIPS 180-2 SHA-256, the CRC-32 check value, RFC 4648 base64,
 * Adler-32 of "Wikipedia") or well-known numbers (50!, fib(90), pi(100000)). Portable C: the same
 * file also builds for the host, and a CTest requires identical output there and on QEMU. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- SHA-256 (FIPS 180-2) ---- */
static const uint32_t kK[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

static void sha256_block(uint32_t h[8], const uint8_t *p) {
  uint32_t w[64];
  for (int i = 0; i < 16; ++i) w[i] = (uint32_t)p[4 * i] << 24 | p[4 * i + 1] << 16 | p[4 * i + 2] << 8 | p[4 * i + 3];
  for (int i = 16; i < 64; ++i) {
    uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int i = 0; i < 64; ++i) {
    uint32_t t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + kK[i] + w[i];
    uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

static void sha256_hex(const char *msg, char out[65]) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  size_t len = strlen(msg);
  uint8_t block[64];
  size_t off = 0;
  for (; off + 64 <= len; off += 64) sha256_block(h, (const uint8_t *)msg + off);
  size_t rest = len - off;
  memset(block, 0, sizeof block);
  memcpy(block, msg + off, rest);
  block[rest] = 0x80;
  if (rest >= 56) {
    sha256_block(h, block);
    memset(block, 0, sizeof block);
  }
  uint64_t bits = (uint64_t)len * 8;
  for (int i = 0; i < 8; ++i) block[63 - i] = (uint8_t)(bits >> (8 * i));
  sha256_block(h, block);
  for (int i = 0; i < 8; ++i) snprintf(out + 8 * i, 9, "%08lx", (unsigned long)h[i]);
}

/* ---- Checksums and encodings ---- */
static uint32_t crc32_bitwise(const char *s) {
  uint32_t crc = 0xFFFFFFFFu;
  for (; *s; ++s) {
    crc ^= (uint8_t)*s;
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1u));
  }
  return ~crc;
}

static uint32_t adler32(const char *s) {
  uint32_t a = 1, b = 0;
  for (; *s; ++s) {
    a = (a + (uint8_t)*s) % 65521u;
    b = (b + a) % 65521u;
  }
  return b << 16 | a;
}

static void base64(const char *in, char *out) {
  static const char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t n = strlen(in), o = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)(uint8_t)in[i] << 16;
    if (i + 1 < n) v |= (uint32_t)(uint8_t)in[i + 1] << 8;
    if (i + 2 < n) v |= (uint8_t)in[i + 2];
    out[o++] = table[v >> 18 & 63];
    out[o++] = table[v >> 12 & 63];
    out[o++] = i + 1 < n ? table[v >> 6 & 63] : '=';
    out[o++] = i + 2 < n ? table[v & 63] : '=';
  }
  out[o] = 0;
}

/* ---- Big numbers: factorial in base 10^4 limbs ---- */
static void factorial(unsigned n, char *out) {
  uint16_t limbs[40] = {1};
  int count = 1;
  for (unsigned k = 2; k <= n; ++k) {
    uint32_t carry = 0;
    for (int i = 0; i < count; ++i) {
      uint32_t v = limbs[i] * k + carry;
      limbs[i] = (uint16_t)(v % 10000u);
      carry = v / 10000u;
    }
    while (carry) {
      limbs[count++] = (uint16_t)(carry % 10000u);
      carry /= 10000u;
    }
  }
  int pos = sprintf(out, "%u", limbs[count - 1]);
  for (int i = count - 2; i >= 0; --i) pos += sprintf(out + pos, "%04u", limbs[i]);
}

/* ---- Recursion, sieves, sequences ---- */
static uint64_t fib(unsigned n) {
  uint64_t a = 0, b = 1;
  while (n--) {
    uint64_t t = a + b;
    a = b;
    b = t;
  }
  return a;
}

static unsigned ackermann(unsigned m, unsigned n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

static unsigned count_primes(unsigned limit) {
  static uint8_t composite[100000];
  memset(composite, 0, sizeof composite);
  unsigned count = 0;
  for (unsigned i = 2; i < limit; ++i) {
    if (composite[i]) continue;
    ++count;
    for (unsigned j = i * i; j < limit; j += i) composite[j] = 1;
  }
  return count;
}

static unsigned hanoi_moves(unsigned n, int from, int to, int via) {
  if (n == 0) return 0;
  return hanoi_moves(n - 1, from, via, to) + 1 + hanoi_moves(n - 1, via, to, from);
}

/* ---- Varargs, function pointers, structs by value ---- */
static long sum_ints(int count, ...) {
  va_list ap;
  va_start(ap, count);
  long total = 0;
  for (int i = 0; i < count; ++i) total += va_arg(ap, int);
  va_end(ap);
  return total;
}

static long long sum_mixed(int count, ...) {
  va_list ap;
  va_start(ap, count);
  long long total = 0;
  for (int i = 0; i < count; ++i) total += (i & 1) ? va_arg(ap, long long) : va_arg(ap, int);
  va_end(ap);
  return total;
}

struct Vec3 {
  int32_t x, y, z;
};
static struct Vec3 cross(struct Vec3 a, struct Vec3 b) {
  struct Vec3 r = {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  return r;
}
struct Big {
  uint32_t words[12];
};
static struct Big big_add(struct Big a, struct Big b) {
  struct Big r;
  uint64_t carry = 0;
  for (int i = 0; i < 12; ++i) {
    uint64_t s = (uint64_t)a.words[i] + b.words[i] + carry;
    r.words[i] = (uint32_t)s;
    carry = s >> 32;
  }
  return r;
}

static int op_add(int a, int b) { return a + b; }
static int op_sub(int a, int b) { return a - b; }
static int op_mul(int a, int b) { return a * b; }
static int op_div(int a, int b) { return a / b; }

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(void) {
  check_begin("algorithms");
  char text[200];

  sha256_hex("abc", text);
  printf("sha256(abc) = %s\n", text);
  CHECK(strcmp(text, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0);
  sha256_hex("", text);
  CHECK(strcmp(text, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0);
  sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", text);
  CHECK(strcmp(text, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1") == 0);

  CHECK_EQ(crc32_bitwise("123456789"), 0xCBF43926u);
  CHECK_EQ(adler32("Wikipedia"), 0x11E60398u);
  base64("foobar", text);
  CHECK(strcmp(text, "Zm9vYmFy") == 0);
  base64("fooba", text);
  CHECK(strcmp(text, "Zm9vYmE=") == 0);
  base64("f", text);
  CHECK(strcmp(text, "Zg==") == 0);

  factorial(50, text);
  printf("50! = %s\n", text);
  CHECK(strcmp(text, "30414093201713378043612608166064768844377641568960512000000000000") == 0);
  CHECK_EQ(fib(90), 2880067194370816120ull);
  CHECK_EQ(ackermann(2, 3), 9);
  CHECK_EQ(ackermann(3, 3), 61);
  CHECK_EQ(count_primes(100000), 9592);
  CHECK_EQ(hanoi_moves(12, 1, 3, 2), 4095);

  CHECK_EQ(sum_ints(5, 1, -2, 3, -4, 1000), 998);
  CHECK_EQ((uint64_t)sum_mixed(4, 7, 10000000000LL, -3, -20000000000LL), (uint64_t)-9999999996LL);
  struct Vec3 c = cross((struct Vec3){1, 2, 3}, (struct Vec3){4, 5, 6});
  CHECK(c.x == -3 && c.y == 6 && c.z == -3);
  struct Big x, y;
  for (int i = 0; i < 12; ++i) x.words[i] = 0xFFFFFFFFu, y.words[i] = 0;
  y.words[0] = 1;
  struct Big z = big_add(x, y);
  int all_zero = 1;
  for (int i = 0; i < 12; ++i) all_zero &= z.words[i] == 0;
  CHECK(all_zero);

  int (*const ops[])(int, int) = {op_add, op_sub, op_mul, op_div};
  int acc = 100;
  for (int i = 0; i < 12; ++i) acc = ops[i % 4](acc, i + 1);
  printf("function pointer chain = %d\n", acc);
  CHECK_EQ(acc, 56); /* +1 -2 *3 /4 +5 -6 *7 /8 +9 -10 *11 /12 from 100, computed in Python */

  const char *words[] = {"pear", "apple", "fig", "banana", "cherry", "date", "elderberry"};
  qsort(words, 7, sizeof words[0], compare_strings);
  text[0] = 0;
  for (int i = 0; i < 7; ++i) {
    strcat(text, words[i]);
    strcat(text, i < 6 ? "," : "");
  }
  printf("sorted: %s\n", text);
  CHECK(strcmp(text, "apple,banana,cherry,date,elderberry,fig,pear") == 0);
  return check_done();
}
