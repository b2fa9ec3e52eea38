#pragma once
// The TCP side of the GDB server: one listening socket on 127.0.0.1 (never another interface:
// the protocol has no authentication and can write the simulated memory) and one connection at a
// time. POSIX sockets; nothing here knows the protocol.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace corsim::sim::gdb {

class Connection {
 public:
  explicit Connection(int fd) : fd_(fd) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Bytes that arrived within `timeout_ms` (0: do not wait, -1: until some arrive or a signal
  // interrupts the wait); "" when none did. nullopt: the peer closed the connection or it failed.
  std::optional<std::string> receive(int timeout_ms);
  // False when the connection failed.
  bool send(const std::string& bytes);

 private:
  int fd_;
};

class Listener {
 public:
  Listener() = default;
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  // Listens on 127.0.0.1:`port` (0: a free port the system picks; port() says which). Returns ""
  // or one error line.
  std::string open(uint16_t port);
  uint16_t port() const { return port_; }
  // A connection that arrived within `timeout_ms` (-1: until one does or a signal interrupts the
  // wait), or null.
  std::unique_ptr<Connection> accept(int timeout_ms);

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

}  // namespace corsim::sim::gdb
