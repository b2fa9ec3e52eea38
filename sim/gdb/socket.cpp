#include "sim/gdb/socket.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace corsim::sim::gdb {

namespace {
// Waits until `fd` is readable; false on timeout or when a signal (SIGINT) interrupted the wait.
bool readable(int fd, int timeout_ms) {
  pollfd p{fd, POLLIN, 0};
  return ::poll(&p, 1, timeout_ms) > 0;
}
}  // namespace

Connection::~Connection() { ::close(fd_); }

std::optional<std::string> Connection::receive(int timeout_ms) {
  if (!readable(fd_, timeout_ms)) return std::string();
  char buf[4096];
  const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) return std::nullopt;
  return std::string(buf, static_cast<size_t>(n));
}

bool Connection::send(const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

Listener::~Listener() {
  if (fd_ >= 0) ::close(fd_);
}

std::string Listener::open(uint16_t port) {
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0) return fmt::format("--gdb: cannot create a socket: {}", std::strerror(errno));
  const int one = 1;
  ::setsockopt(fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(port);
  if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, 1) != 0) {
    return fmt::format("--gdb: cannot listen on 127.0.0.1:{}: {}", port, std::strerror(errno));
  }
  socklen_t len = sizeof addr;
  ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
  port_ = ntohs(addr.sin_port);
  return {};
}

std::unique_ptr<Connection> Listener::accept(int timeout_ms) {
  if (fd_ < 0 || !readable(fd_, timeout_ms)) return nullptr;
  const int c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (c < 0) return nullptr;
  const int one = 1;
  ::setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);  // one small packet at a time
  return std::make_unique<Connection>(c);
}

}  // namespace corsim::sim::gdb
