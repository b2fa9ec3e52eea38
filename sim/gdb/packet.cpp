#include "sim/gdb/packet.h"

namespace corsim::sim::gdb {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

constexpr char kHexDigits[] = "0123456789abcdef";

}  // namespace

void PacketDecoder::feed(std::string_view bytes) {
  for (const char c : bytes) {
    switch (state_) {
      case State::Idle:
        if (c == '$') {
          state_ = State::Payload;
          payload_.clear();
          sum_ = 0;
          overflow_ = false;
        } else if (c == '\x03') {
          events_.push_back({PacketEvent::Kind::Interrupt, {}});
        } else if (c == '+') {
          events_.push_back({PacketEvent::Kind::Ack, {}});
        } else if (c == '-') {
          events_.push_back({PacketEvent::Kind::Nack, {}});
        }
        break;
      case State::Payload:
        if (c == '#') {
          state_ = State::Checksum1;
        } else if (c == '$') {  // a new packet starts inside one: the first was truncated
          events_.push_back({PacketEvent::Kind::BadChecksum, {}});
          payload_.clear();
          sum_ = 0;
          overflow_ = false;
        } else {
          sum_ = static_cast<uint8_t>(sum_ + static_cast<uint8_t>(c));
          if (payload_.size() < kMaxPacket) payload_.push_back(c);
          else overflow_ = true;
        }
        break;
      case State::Checksum1:
        checksum_ = hex_digit(c);
        state_ = State::Checksum2;
        break;
      case State::Checksum2: {
        const int low = hex_digit(c);
        state_ = State::Idle;
        const bool good = checksum_ >= 0 && low >= 0 && (checksum_ << 4 | low) == sum_ && !overflow_;
        if (good) events_.push_back({PacketEvent::Kind::Packet, std::move(payload_)});
        else events_.push_back({PacketEvent::Kind::BadChecksum, {}});
        payload_.clear();
        break;
      }
    }
  }
}

std::vector<PacketEvent> PacketDecoder::take() {
  std::vector<PacketEvent> out;
  out.swap(events_);
  return out;
}

uint8_t packet_checksum(std::string_view payload) {
  uint8_t sum = 0;
  for (const char c : payload) sum = static_cast<uint8_t>(sum + static_cast<uint8_t>(c));
  return sum;
}

std::string frame_packet(std::string_view payload) {
  std::string body;
  body.reserve(payload.size() + 8);
  for (const char c : payload) {
    if (c == '#' || c == '$' || c == '}' || c == '*') {
      body.push_back('}');
      body.push_back(static_cast<char>(c ^ 0x20));
    } else {
      body.push_back(c);
    }
  }
  const uint8_t sum = packet_checksum(body);
  std::string out = "$" + body + "#";
  out.push_back(kHexDigits[sum >> 4]);
  out.push_back(kHexDigits[sum & 0xF]);
  return out;
}

std::optional<std::string> unescape_binary(std::string_view data) {
  std::string out;
  out.reserve(data.size());
  for (size_t i = 0; i < data.size(); ++i) {
    if (data[i] == '}') {
      if (++i == data.size()) return std::nullopt;
      out.push_back(static_cast<char>(data[i] ^ 0x20));
    } else {
      out.push_back(data[i]);
    }
  }
  return out;
}

std::string to_hex(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto b = static_cast<uint8_t>(c);
    out.push_back(kHexDigits[b >> 4]);
    out.push_back(kHexDigits[b & 0xF]);
  }
  return out;
}

std::optional<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out;
  out.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = hex_digit(hex[i]), lo = hex_digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi << 4 | lo));
  }
  return out;
}

std::optional<uint64_t> parse_hex_number(std::string_view text) {
  if (text.empty() || text.size() > 16) return std::nullopt;
  uint64_t v = 0;
  for (const char c : text) {
    const int d = hex_digit(c);
    if (d < 0) return std::nullopt;
    v = v << 4 | static_cast<uint64_t>(d);
  }
  return v;
}

}  // namespace corsim::sim::gdb
