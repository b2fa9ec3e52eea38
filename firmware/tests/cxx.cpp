// C++ without exceptions or RTTI: global constructors run by __libc_init_array (.init_array),
// virtual dispatch, templates, a local static initialised on first use, placement new, and
// destructors of automatic objects.
#include <cstdint>
#include <cstdio>
#include <new>

#include "check.h"

namespace {

int g_constructed = 0;

struct Registered {
  int order;
  explicit Registered(int o) : order(++g_constructed * 10 + o) {}
};

Registered g_first(1);
Registered g_second(2);

class Shape {
 public:
  virtual ~Shape() = default;
  virtual uint32_t area() const = 0;
  virtual const char* name() const { return "shape"; }
};

class Rect : public Shape {
 public:
  Rect(uint32_t w, uint32_t h) : w_(w), h_(h) {}
  uint32_t area() const override { return w_ * h_; }
  const char* name() const override { return "rect"; }

 private:
  uint32_t w_, h_;
};

class Square final : public Rect {
 public:
  explicit Square(uint32_t s) : Rect(s, s) {}
  const char* name() const override { return "square"; }
};

class Triangle : public Shape {
 public:
  Triangle(uint32_t b, uint32_t h) : b_(b), h_(h) {}
  uint32_t area() const override { return b_ * h_ / 2; }

 private:
  uint32_t b_, h_;
};

template <typename T, int N>
struct Ring {
  T items[N] = {};
  int head = 0;
  void push(T v) { items[head++ % N] = v; }
  T sum() const {
    T s{};
    for (const T& v : items) s += v;
    return s;
  }
};

int g_destroyed = 0;
struct Guard {
  ~Guard() { ++g_destroyed; }
};

int& counter() {
  static int value = g_constructed * 100;  // initialised on first call, after the globals
  return ++value, value;
}

}  // namespace

int main() {
  check_begin("cxx");
  CHECK_EQ(g_constructed, 2);
  CHECK_EQ(g_first.order, 11);
  CHECK_EQ(g_second.order, 22);

  Rect r(3, 4);
  Square s(5);
  Triangle t(6, 7);
  const Shape* shapes[] = {&r, &s, &t};
  uint32_t total = 0;
  for (const Shape* shape : shapes) {
    total += shape->area();
    std::printf("%s %lu\n", shape->name(), static_cast<unsigned long>(shape->area()));
  }
  CHECK_EQ(total, 12 + 25 + 21);

  Ring<uint32_t, 4> ring;
  for (uint32_t i = 1; i <= 6; ++i) ring.push(i);
  CHECK_EQ(ring.sum(), 3 + 4 + 5 + 6);
  Ring<int64_t, 3> ring64;
  ring64.push(-5000000000LL);
  ring64.push(1);
  CHECK_EQ(static_cast<uint64_t>(ring64.sum()), static_cast<uint64_t>(-4999999999LL));

  CHECK_EQ(counter(), 201);
  CHECK_EQ(counter(), 202);

  alignas(Square) unsigned char storage[sizeof(Square)];
  Shape* placed = new (storage) Square(9);
  CHECK_EQ(placed->area(), 81);
  placed->~Shape();

  {
    Guard a, b, c;
  }
  CHECK_EQ(g_destroyed, 3);
  return check_done();
}
