#pragma once
// The GDB remote serial protocol's framing (GDB manual, "Remote Protocol" > "Overview"): a packet
// is `$payload#cc` with cc the two-hex-digit modulo-256 sum of the payload's bytes; '}' escapes
// the next byte (XOR 0x20) in binary data; the peer acknowledges each packet with '+' (or asks
// again with '-') until "QStartNoAckMode" turns acknowledgements off; a lone 0x03 byte outside a
// packet is an interrupt request. Run-length encoding ('*') is never sent by GDB, so a '*' in a
// received payload is data (GDB manual: "the remote target may use it").
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace corsim::sim::gdb {

// What the decoder found in the byte stream.
struct PacketEvent {
  enum class Kind : uint8_t {
    Packet,       // a well-formed packet: `payload` holds it (escapes are not undone here)
    BadChecksum,  // a complete packet whose checksum did not match: answer '-'
    Interrupt,    // 0x03 outside a packet
    Ack,          // '+'
    Nack,         // '-': send the last packet again
  };
  Kind kind = Kind::Packet;
  std::string payload;
};

// Incremental decoder: feed() bytes as they arrive, then take the events. Bytes outside packets
// other than '+', '-' and 0x03 are ignored (GDB manual: a stub discards them); a packet longer
// than kMaxPacket is dropped as malformed (BadChecksum) so a peer cannot grow memory without bound.
class PacketDecoder {
 public:
  static constexpr size_t kMaxPacket = 64 * 1024;
  void feed(std::string_view bytes);
  std::vector<PacketEvent> take();

 private:
  enum class State : uint8_t { Idle, Payload, Checksum1, Checksum2 };
  State state_ = State::Idle;
  std::string payload_;
  uint8_t sum_ = 0;
  int checksum_ = 0;
  bool overflow_ = false;
  std::vector<PacketEvent> events_;
};

// `$payload#cc` with '#', '$', '}' and '*' in the payload escaped.
std::string frame_packet(std::string_view payload);
uint8_t packet_checksum(std::string_view payload);
// Undoes '}' escapes (binary data of X and vFile packets). nullopt: a '}' ends the data.
std::optional<std::string> unescape_binary(std::string_view data);

// Hex helpers for the protocol's encodings.
std::string to_hex(std::string_view bytes);
std::optional<std::string> from_hex(std::string_view hex);
// A hex number (as in "m1000,4"); nullopt on an empty string, a non-hex digit or > 64 bits.
std::optional<uint64_t> parse_hex_number(std::string_view text);

}  // namespace corsim::sim::gdb
