// The optional "eh00" extended header and segments (ExecuTorch schema/extended_header.cpp,
// schema/program.fbs, docs/source/pte-file-format.md). None of the shared files has one, so this
// test builds a program with flatbuffers' builder and splices the header in as ExecuTorch's
// serializer does it (exir/_serialize/_program.py serialize_pte_binary).
#include <gtest/gtest.h>

#include "pte_test_util.h"
#include "runtime/pte/program.h"

namespace corsim::pte {
namespace {

constexpr uint32_t kSegmentAlignment = 128;  // ExecuTorch exir/capture/_config.py default

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

void put_u64(std::vector<uint8_t>& v, size_t at, uint64_t x) {
  for (int i = 0; i < 8; ++i) v[at + i] = static_cast<uint8_t>(x >> (8 * i));
}

struct Built {
  std::vector<uint8_t> file;
  std::vector<uint8_t> constants;  // segment 0
  std::vector<uint8_t> blob;       // segment 1 (delegate)
  uint64_t segment_base = 0;
};

// header_length: 32 (current) or 24 (pre-1.0, no segment_data_size).
Built build(uint32_t header_length = 32) {
  Built b;
  // Constant segment: placeholder entry 0, then a float[2,2] at offset 16 (tensor alignment 16).
  b.constants.assign(32, 0);
  const float values[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  std::memcpy(b.constants.data() + 16, values, sizeof values);
  for (int i = 0; i < 200; ++i) b.blob.push_back(static_cast<uint8_t>(i * 7));
  const uint64_t seg1_offset = align_up(b.constants.size(), kSegmentAlignment);

  flatbuffers::FlatBufferBuilder fbb;
  auto sizes = fbb.CreateVector(std::vector<int32_t>{2, 2});
  auto dims = fbb.CreateVector(std::vector<uint8_t>{0, 1});
  auto const_tensor = fb::CreateTensor(fbb, fb::ScalarType::FLOAT, 0, sizes, dims, false, 1);
  auto alloc = fb::CreateAllocationDetails(fbb, 1, 16, 0);
  auto planned = fb::CreateTensor(fbb, fb::ScalarType::FLOAT, 0, fbb.CreateVector(std::vector<int32_t>{2, 2}),
                                  fbb.CreateVector(std::vector<uint8_t>{1, 0}), false, 0, alloc);
  std::vector<flatbuffers::Offset<fb::EValue>> vals = {
      fb::CreateEValue(fbb, fb::KernelTypes::Tensor, const_tensor.Union()),
      fb::CreateEValue(fbb, fb::KernelTypes::Tensor, planned.Union()),
  };
  auto call = fb::CreateDelegateCall(fbb, 0, fbb.CreateVector(std::vector<int32_t>{0, 1}));
  auto instr = fb::CreateInstruction(fbb, fb::InstructionArguments::DelegateCall, call.Union());
  auto chain = fb::CreateChain(fbb, 0, 0, fbb.CreateVector(std::vector<flatbuffers::Offset<fb::Instruction>>{instr}));
  auto ref = fb::CreateBackendDelegateDataReference(fbb, fb::DataLocation::SEGMENT, 1);
  auto spec = fb::CreateCompileSpec(fbb, fbb.CreateString("target"), fbb.CreateVector(std::vector<uint8_t>{'x'}));
  auto delegate = fb::CreateBackendDelegate(fbb, fbb.CreateString("TestBackend"), ref,
                                            fbb.CreateVector(std::vector<flatbuffers::Offset<fb::CompileSpec>>{spec}));
  auto plan = fb::CreateExecutionPlan(
      fbb, fbb.CreateString("forward"), 0, fbb.CreateVector(vals), fbb.CreateVector(std::vector<int32_t>{1}),
      fbb.CreateVector(std::vector<int32_t>{1}), fbb.CreateVector(std::vector<flatbuffers::Offset<fb::Chain>>{chain}),
      0, fbb.CreateVector(std::vector<flatbuffers::Offset<fb::BackendDelegate>>{delegate}),
      fbb.CreateVector(std::vector<int64_t>{0, 32}));
  std::vector<fb::DataSegment> segs;
  auto segments = fbb.CreateVector(std::vector<flatbuffers::Offset<fb::DataSegment>>{
      fb::CreateDataSegment(fbb, 0, b.constants.size()), fb::CreateDataSegment(fbb, seg1_offset, b.blob.size())});
  auto constant_segment = fb::CreateSubsegmentOffsets(fbb, 0, fbb.CreateVector(std::vector<uint64_t>{0, 16}));
  auto named = fbb.CreateVector(std::vector<flatbuffers::Offset<fb::NamedData>>{
      fb::CreateNamedData(fbb, fbb.CreateString("blob_key"), 1)});
  auto program = fb::CreateProgram(fbb, 0, fbb.CreateVector(std::vector<flatbuffers::Offset<fb::ExecutionPlan>>{plan}),
                                   0, 0, segments, constant_segment, 0, named);
  fbb.Finish(program, "ET12");
  std::vector<uint8_t> flat(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());

  // Splice the header after the identifier and move the root offset by its length
  // (serialize_pte_binary).
  std::vector<uint8_t> header(header_length, 0);
  std::memcpy(header.data(), "eh00", 4);
  header[4] = static_cast<uint8_t>(header_length);
  std::vector<uint8_t>& f = b.file;
  f.assign(flat.begin(), flat.begin() + 8);
  f.insert(f.end(), header.begin(), header.end());
  f.insert(f.end(), flat.begin() + 8, flat.end());
  uint32_t root;
  std::memcpy(&root, f.data(), 4);
  root += header_length;
  std::memcpy(f.data(), &root, 4);
  const uint64_t program_size = f.size();
  b.segment_base = align_up(program_size, kSegmentAlignment);
  const uint64_t data_size = seg1_offset + b.blob.size();
  put_u64(f, 16, program_size);
  put_u64(f, 24, b.segment_base);
  if (header_length >= 32) put_u64(f, 32, data_size);
  f.resize(b.segment_base, 0);
  f.insert(f.end(), b.constants.begin(), b.constants.end());
  f.resize(b.segment_base + seg1_offset, 0);
  f.insert(f.end(), b.blob.begin(), b.blob.end());
  return b;
}

TEST(ExtendedHeader, SegmentsResolve) {
  Built b = build();
  test::AlignedBuffer file(b.file);
  Program p;
  Status s = Program::load(file.bytes(), p);
  ASSERT_TRUE(s.ok()) << s.what;
  const ExtendedHeader& h = p.extended_header();
  EXPECT_TRUE(h.present);
  EXPECT_EQ(h.length, 32u);
  EXPECT_EQ(h.segment_base_offset, b.segment_base);
  EXPECT_EQ(h.segment_base_offset % kSegmentAlignment, 0u);
  EXPECT_EQ(h.segment_base_offset + h.segment_data_size, b.file.size());

  const fb::ExecutionPlan& plan = *p.method("forward");
  // Constant tensor: data_buffer_idx 1 -> constant_segment.offsets[1] = 16 in segment 0.
  const fb::Tensor& t = *plan.values()->Get(0)->val_as_Tensor();
  EXPECT_EQ(tensor_data(t).kind, TensorDataKind::kConstant);
  Bytes data;
  ASSERT_TRUE(p.constant_data(1, 16, data).ok());
  float got[4];
  std::memcpy(got, data.data(), 16);
  EXPECT_EQ(got[0], 1.0f);
  EXPECT_EQ(got[3], 4.0f);
  EXPECT_EQ(p.file_offset(data), b.segment_base + 16);
  // Delegate stored as SEGMENT 1.
  Bytes blob;
  ASSERT_TRUE(p.delegate_data(*plan.delegates()->Get(0), blob).ok());
  ASSERT_EQ(blob.size(), b.blob.size());
  EXPECT_EQ(std::vector<uint8_t>(blob.begin(), blob.end()), b.blob);
  EXPECT_EQ(p.file_offset(blob), b.segment_base + kSegmentAlignment);
  // Named data resolves to the same segment.
  const char key[] = "blob_key";
  Bytes named;
  ASSERT_TRUE(p.named_data(Bytes(reinterpret_cast<const uint8_t*>(key), 8), named).ok());
  EXPECT_EQ(named.data(), blob.data());
  EXPECT_EQ(p.named_data(Bytes(reinterpret_cast<const uint8_t*>(key), 4), named).code, rt::Error::kNotFound);
}

TEST(ExtendedHeader, OldHeaderWithoutSegmentDataSize) {
  Built b = build(24);
  test::AlignedBuffer file(b.file);
  Program p;
  Status s = Program::load(file.bytes(), p);
  ASSERT_TRUE(s.ok()) << s.what;
  EXPECT_EQ(p.extended_header().length, 24u);
  EXPECT_EQ(p.extended_header().segment_data_size, 0u);
}

TEST(ExtendedHeader, BrokenHeadersFail) {
  Built b = build();
  struct Case {
    const char* what;
    std::vector<uint8_t> bytes;
    rt::Error code;
  };
  std::vector<Case> cases;
  std::vector<uint8_t> f = b.file;
  f[12] = 16;  // length below 24
  cases.push_back({"short length", f, rt::Error::kBadExtendedHeader});
  f = b.file;
  put_u64(f, 16, b.file.size() + 1);  // program_size beyond the file
  cases.push_back({"program_size", f, rt::Error::kTruncated});
  f = b.file;
  put_u64(f, 32, 1u << 20);  // segment data beyond the file
  cases.push_back({"segment_data_size", f, rt::Error::kTruncated});
  f = b.file;
  f.resize(f.size() - 1);  // last segment cut short
  cases.push_back({"truncated segment", f, rt::Error::kTruncated});
  f = b.file;
  put_u64(f, 24, 8);  // segment base inside the program
  cases.push_back({"segment base", f, rt::Error::kBadExtendedHeader});
  for (const Case& c : cases) {
    test::AlignedBuffer file(c.bytes);
    Program p;
    Status s = Program::load(file.bytes(), p);
    EXPECT_EQ(s.code, c.code) << c.what << ": " << s.what;
    EXPECT_FALSE(p.loaded());
  }
}

TEST(ExtendedHeader, AbsentWhenMagicDiffers) {
  // Bytes 8..11 other than "eh00" mean no header (ExtendedHeader::Parse; add_cpu.pte has zeros
  // there).
  test::AlignedBuffer file = test::load_model("add_cpu.pte");
  ExtendedHeader h;
  ASSERT_TRUE(parse_extended_header(file.bytes(), h).ok());
  EXPECT_FALSE(h.present);
}

}  // namespace
}  // namespace corsim::pte
