#include "sim/gdb/dispatcher.h"

#include <fmt/format.h>

#include "sim/gdb/packet.h"
#include "sim/gdb/registers.h"

namespace corsim::sim::gdb {

namespace {

constexpr const char* kBadPacket = "E01";  // malformed arguments
constexpr const char* kNoAccess = "E02";   // memory or register not accessible
constexpr const char* kRefused = "E03";    // breakpoint or watchpoint refused

// "A,B" (hex numbers) split at the first `sep`.
bool parse_pair(std::string_view text, char sep, uint64_t& a, uint64_t& b) {
  const size_t at = text.find(sep);
  if (at == std::string_view::npos) return false;
  const auto x = parse_hex_number(text.substr(0, at)), y = parse_hex_number(text.substr(at + 1));
  if (!x || !y) return false;
  a = *x;
  b = *y;
  return true;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

Dispatcher::Dispatcher(DebugTarget& target, bool has_fpu, bool has_mve)
    : target_(target), has_fpu_(has_fpu), has_mve_(has_mve), xml_(target_description_xml(has_fpu, has_mve)) {}

Response Dispatcher::handle(std::string_view p) {
  Response r;
  auto reply = [&r](std::string s) {
    r.packets.push_back(std::move(s));
    return r;
  };
  if (p.empty()) return reply("");
  switch (p[0]) {
    case '?': return reply(stop_reply_);
    case 'g': return reply(read_registers());
    case 'G': return reply(write_registers(p.substr(1)));
    case 'p': {
      const auto n = parse_hex_number(p.substr(1));
      if (!n) return reply(kBadPacket);
      const auto v = read_register(target_.state(), static_cast<unsigned>(*n));
      return reply(v ? to_hex(*v) : kNoAccess);
    }
    case 'P': {
      const size_t eq = p.find('=');
      const auto n = parse_hex_number(p.substr(1, eq == std::string_view::npos ? 0 : eq - 1));
      const auto bytes = eq == std::string_view::npos ? std::nullopt : from_hex(p.substr(eq + 1));
      if (!n || !bytes) return reply(kBadPacket);
      return reply(write_register(target_.state(), static_cast<unsigned>(*n), *bytes) ? "OK" : kNoAccess);
    }
    case 'm': return reply(read_memory(p.substr(1)));
    case 'M': return reply(write_memory(p.substr(1), false));
    case 'X': return reply(write_memory(p.substr(1), true));
    case 'Z': return reply(point(p.substr(1), true));
    case 'z': return reply(point(p.substr(1), false));
    case 'c': case 's': case 'C': case 'S': return resume(p);
    case 'k':
      r.resume = Resume::Kill;  // no reply (GDB manual, 'k')
      return r;
    case 'D':
      r.resume = Resume::Detach;
      return reply("OK");
    case 'H': return reply("OK");  // one thread: every thread selection is that thread
    case 'T': return reply("OK");  // thread 1 is alive
    case 'v':
      if (p == "vCont?") return reply("vCont;c;C;s;S");
      if (starts_with(p, "vCont;")) return resume(p);
      if (starts_with(p, "vKill")) {
        r.resume = Resume::Kill;
        return reply("OK");
      }
      return reply("");  // vMustReplyEmpty and every other v packet
    case 'q': case 'Q': {
      std::string s = query(p, r);
      r.packets.push_back(std::move(s));
      return r;
    }
    default: return reply("");
  }
}

Response Dispatcher::resume(std::string_view p) {
  Response r;
  char action = p[0];
  std::string_view rest = p.substr(1);
  if (starts_with(p, "vCont;")) {
    // vCont;ACTION[:thread][;ACTION...]: one thread, so the first action is what it does.
    action = p.size() > 6 ? p[6] : '\0';
    rest = {};
  } else if (action == 'C' || action == 'S') {
    // C sig[;addr]: the signal is dropped (a bare-metal core has no signals to deliver).
    const size_t semi = rest.find(';');
    rest = semi == std::string_view::npos ? std::string_view() : rest.substr(semi + 1);
  }
  if (action != 'c' && action != 's' && action != 'C' && action != 'S') {
    r.packets.push_back(kBadPacket);
    return r;
  }
  if (!rest.empty()) {  // c addr / s addr: resume at addr
    const auto addr = parse_hex_number(rest);
    if (!addr) {
      r.packets.push_back(kBadPacket);
      return r;
    }
    target_.state().r[15] = static_cast<uint32_t>(*addr) & ~1u;
  }
  r.resume = (action == 's' || action == 'S') ? Resume::Step : Resume::Continue;
  return r;
}

std::string Dispatcher::read_registers() {
  std::string out;
  for (const RegisterInfo& info : register_table(has_fpu_, has_mve_)) {
    out += to_hex(*read_register(target_.state(), info.number));
  }
  return out;
}

std::string Dispatcher::write_registers(std::string_view hex) {
  const auto bytes = from_hex(hex);
  if (!bytes) return kBadPacket;
  size_t at = 0;
  for (const RegisterInfo& info : register_table(has_fpu_, has_mve_)) {
    const size_t n = info.bits / 8;
    if (at + n > bytes->size()) break;  // GDB may send fewer registers than the table has
    write_register(target_.state(), info.number, bytes->substr(at, n));
    at += n;
  }
  return "OK";
}

std::string Dispatcher::read_memory(std::string_view args) {
  uint64_t addr = 0, len = 0;
  if (!parse_pair(args, ',', addr, len) || addr > 0xFFFFFFFFu || len > kPacketSize / 2) return kBadPacket;
  std::string bytes(len, '\0');
  if (!target_.read_memory(static_cast<uint32_t>(addr),
                           std::span(reinterpret_cast<uint8_t*>(bytes.data()), bytes.size()))) {
    return kNoAccess;
  }
  return to_hex(bytes);
}

std::string Dispatcher::write_memory(std::string_view args, bool binary) {
  const size_t colon = args.find(':');
  uint64_t addr = 0, len = 0;
  if (colon == std::string_view::npos || !parse_pair(args.substr(0, colon), ',', addr, len) || addr > 0xFFFFFFFFu) {
    return kBadPacket;
  }
  const std::string_view data = args.substr(colon + 1);
  const auto bytes = binary ? unescape_binary(data) : from_hex(data);
  if (!bytes || bytes->size() != len) return kBadPacket;
  if (len == 0) return "OK";  // GDB probes X support with an empty write
  return target_.write_memory(static_cast<uint32_t>(addr),
                              std::span(reinterpret_cast<const uint8_t*>(bytes->data()), bytes->size()))
             ? "OK"
             : kNoAccess;
}

std::string Dispatcher::point(std::string_view args, bool insert) {
  // TYPE,ADDR,KIND (a breakpoint's kind is its instruction size; a watchpoint's, its length).
  if (args.size() < 3 || args[1] != ',') return kBadPacket;
  if (args[0] < '0' || args[0] > '4') return "";  // a type we do not know: not supported
  const size_t c1 = 1;
  const size_t c2 = args.find(',', c1 + 1);
  uint64_t addr = 0, kind = 0;
  if (c2 == std::string_view::npos) return kBadPacket;
  std::string_view kind_text = args.substr(c2 + 1);
  kind_text = kind_text.substr(0, kind_text.find(';'));  // conditions (";X...") are not supported
  const auto a = parse_hex_number(args.substr(c1 + 1, c2 - c1 - 1));
  const auto k = parse_hex_number(kind_text);
  if (!a || !k || *a > 0xFFFFFFFFu || *k > 0xFFFFFFFFu) return kBadPacket;
  addr = *a;
  kind = *k;
  const auto type = static_cast<PointType>(args[0] - '0');
  const bool ok = insert ? target_.insert_point(type, static_cast<uint32_t>(addr), static_cast<uint32_t>(kind))
                         : target_.remove_point(type, static_cast<uint32_t>(addr), static_cast<uint32_t>(kind));
  return ok ? "OK" : kRefused;
}

std::string Dispatcher::query(std::string_view p, Response& r) {
  if (starts_with(p, "qSupported")) {
    return fmt::format("PacketSize={:x};qXfer:features:read+;QStartNoAckMode+;swbreak+;hwbreak+", kPacketSize);
  }
  if (p == "QStartNoAckMode") {
    r.no_ack = true;
    return "OK";
  }
  if (p == "qAttached") return "1";  // attached to a running system: quitting GDB detaches
  if (p == "qC") return "QC1";
  if (p == "qfThreadInfo") return "m1";
  if (p == "qsThreadInfo") return "l";
  if (starts_with(p, "qSymbol")) return "OK";
  if (starts_with(p, "qXfer:features:read:")) {
    // qXfer:features:read:ANNEX:OFFSET,LENGTH
    std::string_view rest = p.substr(20);
    const size_t colon = rest.find(':');
    uint64_t offset = 0, length = 0;
    if (colon == std::string_view::npos || !parse_pair(rest.substr(colon + 1), ',', offset, length)) return kBadPacket;
    if (rest.substr(0, colon) != "target.xml") return "E00";  // the one annex we serve
    if (offset >= xml_.size()) return "l";
    const std::string part = xml_.substr(offset, length);
    return (offset + part.size() >= xml_.size() ? "l" : "m") + part;
  }
  if (starts_with(p, "qRcmd,")) {
    const auto command = from_hex(p.substr(6));
    if (!command) return kBadPacket;
    const std::string text = target_.monitor(*command);
    // Console output packets ("O" + hex), at most half a packet of text each, then OK.
    for (size_t at = 0; at < text.size(); at += kPacketSize / 4) {
      r.packets.push_back("O" + to_hex(std::string_view(text).substr(at, kPacketSize / 4)));
    }
    return "OK";
  }
  return "";
}

}  // namespace corsim::sim::gdb
