// The GDB remote protocol's framing (GDB manual, "Remote Protocol" > "Overview"): checksums,
// escapes, acknowledgements, the interrupt byte, and malformed input (one event, never a crash).
#include <gtest/gtest.h>

#include "sim/gdb/packet.h"

namespace corsim::sim::gdb {
namespace {

using Kind = PacketEvent::Kind;

TEST(GdbPacket, ChecksumIsTheModulo256SumOfThePayload) {
  // "OK": 'O' 0x4f + 'K' 0x4b = 0x9a (the manual's example reply is $OK#9a).
  EXPECT_EQ(packet_checksum("OK"), 0x9a);
  EXPECT_EQ(frame_packet("OK"), "$OK#9a");
  EXPECT_EQ(frame_packet(""), "$#00");
}

TEST(GdbPacket, FramingEscapesTheFourSpecialBytes) {
  // '#' 0x23 -> "}\x03", '$' 0x24 -> "}\x04", '}' 0x7d -> "}]", '*' 0x2a -> "}\n".
  const std::string framed = frame_packet("a#$}*");
  EXPECT_EQ(framed.substr(0, 10), std::string("$a}\x03}\x04}]}\n"));
  // The checksum covers the escaped bytes as sent: 0x61 + 4 * 0x7d + 0x03 + 0x04 + 0x5d + 0x0a = 0x2c3.
  EXPECT_EQ(framed.substr(10), "#c3");
  EXPECT_EQ(unescape_binary(framed.substr(1, 9)), "a#$}*");
  EXPECT_EQ(unescape_binary("ab}"), std::nullopt);  // an escape with nothing after it
}

TEST(GdbPacket, DecoderFindsPacketsAcksAndInterrupts) {
  PacketDecoder d;
  d.feed("+$g#67-\x03");
  const auto e = d.take();
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].kind, Kind::Ack);
  EXPECT_EQ(e[1].kind, Kind::Packet);
  EXPECT_EQ(e[1].payload, "g");
  EXPECT_EQ(e[2].kind, Kind::Nack);
  EXPECT_EQ(e[3].kind, Kind::Interrupt);
  EXPECT_TRUE(d.take().empty());
}

TEST(GdbPacket, PacketsMayArriveInPieces) {
  PacketDecoder d;
  d.feed("$m100");
  EXPECT_TRUE(d.take().empty());
  d.feed("0,4#");
  d.feed("8");
  EXPECT_TRUE(d.take().empty());
  d.feed("e");  // "m1000,4": 0x6d+0x31+0x30*3+0x2c+0x34 = 0x18e -> 0x8e
  const auto e = d.take();
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, Kind::Packet);
  EXPECT_EQ(e[0].payload, "m1000,4");
}

TEST(GdbPacket, MalformedPacketsGiveOneBadChecksumEach) {
  PacketDecoder d;
  d.feed("$g#00");     // wrong checksum
  d.feed("$g#zz");     // not hex
  d.feed("$abc$g#67"); // truncated by a new '$': the first is bad, the second good
  d.feed("junk");      // bytes outside packets are ignored
  const auto e = d.take();
  ASSERT_EQ(e.size(), 4u);
  EXPECT_EQ(e[0].kind, Kind::BadChecksum);
  EXPECT_EQ(e[1].kind, Kind::BadChecksum);
  EXPECT_EQ(e[2].kind, Kind::BadChecksum);
  EXPECT_EQ(e[3].kind, Kind::Packet);
  EXPECT_EQ(e[3].payload, "g");
}

TEST(GdbPacket, AnOversizedPacketIsDroppedNotKept) {
  PacketDecoder d;
  std::string big(PacketDecoder::kMaxPacket + 10, 'a');
  d.feed("$" + big + "#" + to_hex(std::string(1, static_cast<char>(packet_checksum(big)))));
  const auto e = d.take();
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, Kind::BadChecksum);
}

TEST(GdbPacket, HexHelpers) {
  EXPECT_EQ(to_hex(std::string("\x01\xab", 2)), "01ab");
  EXPECT_EQ(from_hex("01AB"), std::string("\x01\xab", 2));
  EXPECT_EQ(from_hex("0"), std::nullopt);
  EXPECT_EQ(from_hex("0g"), std::nullopt);
  EXPECT_EQ(parse_hex_number("E000ED00"), 0xE000ED00u);
  EXPECT_EQ(parse_hex_number(""), std::nullopt);
  EXPECT_EQ(parse_hex_number("12345678901234567"), std::nullopt);  // more than 64 bits
  EXPECT_EQ(parse_hex_number("1x"), std::nullopt);
}

}  // namespace
}  // namespace corsim::sim::gdb
