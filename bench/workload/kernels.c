#include "kernels.h"

#include <stddef.h>

/* xorshift32 (Marsaglia 2003): deterministic input data everywhere. */
static uint32_t next_random(uint32_t *state) {
  uint32_t x = *state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

/* ---- CRC32 (IEEE 802.3, reflected, polynomial 0xEDB88320), table driven. ---- */
enum { kCrcBytes = 1024 };

uint32_t kernel_crc32(unsigned rounds) {
  static uint32_t table[256];
  static uint8_t data[kCrcBytes];
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  uint32_t seed = 0x12345678u;
  for (unsigned i = 0; i < kCrcBytes; ++i) data[i] = (uint8_t)next_random(&seed);
  uint32_t result = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    data[r % kCrcBytes] ^= (uint8_t)r;
    uint32_t crc = 0xFFFFFFFFu;
    for (unsigned i = 0; i < kCrcBytes; ++i) crc = table[(crc ^ data[i]) & 0xFFu] ^ (crc >> 8);
    result ^= ~crc + r;
  }
  return result;
}

/* ---- Linked lists: sorted insertion, traversal, deletion from a fixed node pool. ---- */
enum { kListNodes = 256 };

struct Node {
  struct Node *next;
  uint32_t key;
  uint32_t value;
};

uint32_t kernel_list(unsigned rounds) {
  static struct Node pool[kListNodes];
  uint32_t seed = 0xCAFEF00Du;
  uint32_t result = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    struct Node *head = NULL;
    for (unsigned i = 0; i < kListNodes / 4; ++i) {
      struct Node *n = &pool[(i * 7 + r) % kListNodes];
      n->key = next_random(&seed) & 0xFFFFu;
      n->value = i + r;
      struct Node **link = &head;
      while (*link != NULL && (*link)->key < n->key) link = &(*link)->next;
      n->next = *link;
      *link = n;
    }
    /* Delete every node whose key is odd, then fold the rest in order. */
    struct Node **link = &head;
    while (*link != NULL) {
      if ((*link)->key & 1u) *link = (*link)->next;
      else link = &(*link)->next;
    }
    uint32_t position = 0;
    for (struct Node *n = head; n != NULL; n = n->next) {
      result = (result * 31u) ^ (n->key + n->value * ++position);
    }
  }
  return result;
}

/* ---- Matrix multiply: 16x16 int32, C = A x B, A updated from C each round. ---- */
enum { kDim = 16 };

uint32_t kernel_matmul(unsigned rounds) {
  static int32_t a[kDim][kDim], b[kDim][kDim], c[kDim][kDim];
  uint32_t seed = 0x0BADC0DEu;
  for (int i = 0; i < kDim; ++i)
    for (int j = 0; j < kDim; ++j) {
      a[i][j] = (int32_t)(next_random(&seed) % 201u) - 100;
      b[i][j] = (int32_t)(next_random(&seed) % 201u) - 100;
    }
  uint32_t result = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    for (int i = 0; i < kDim; ++i)
      for (int j = 0; j < kDim; ++j) {
        int32_t sum = 0;
        for (int k = 0; k < kDim; ++k) sum += a[i][k] * b[k][j];
        c[i][j] = sum;
      }
    for (int i = 0; i < kDim; ++i)
      for (int j = 0; j < kDim; ++j) {
        result = result * 33u + (uint32_t)c[i][j];
        a[i][j] = (c[i][j] >> 8) % 101; /* keep values small so nothing overflows */
      }
  }
  return result;
}

/* ---- State machine: a tokenizer over generated text (words, numbers, punctuation). ---- */
enum { kTextBytes = 512 };
enum State { kIdle, kWord, kNumber, kComment };

uint32_t kernel_state_machine(unsigned rounds) {
  static char text[kTextBytes];
  static const char alphabet[] = "abc xyz 0123456789 ,;#\n  the quick 42 fox";
  uint32_t seed = 0xDEADBEEFu;
  for (unsigned i = 0; i < kTextBytes; ++i)
    text[i] = alphabet[next_random(&seed) % (sizeof(alphabet) - 1)];
  uint32_t result = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    enum State state = kIdle;
    uint32_t words = 0, numbers = 0, number_sum = 0, value = 0, punct = 0, comments = 0;
    for (unsigned i = 0; i < kTextBytes; ++i) {
      char ch = text[(i + r) % kTextBytes];
      switch (state) {
        case kIdle:
          if (ch >= 'a' && ch <= 'z') state = kWord, ++words;
          else if (ch >= '0' && ch <= '9') state = kNumber, value = (uint32_t)(ch - '0');
          else if (ch == '#') state = kComment, ++comments;
          else if (ch == ',' || ch == ';') ++punct;
          break;
        case kWord:
          if (ch >= 'a' && ch <= 'z') break;
          state = kIdle;
          if (ch == '#') state = kComment, ++comments;
          break;
        case kNumber:
          if (ch >= '0' && ch <= '9') {
            value = value * 10u + (uint32_t)(ch - '0');
            break;
          }
          ++numbers;
          number_sum += value;
          state = (ch == '#') ? kComment : kIdle;
          comments += (ch == '#');
          break;
        case kComment:
          if (ch == '\n') state = kIdle;
          break;
      }
    }
    result = result * 131u + words * 7u + numbers * 11u + number_sum + punct * 13u + comments;
  }
  return result;
}
