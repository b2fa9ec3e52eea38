#include "runtime/pte/program.h"

#include <cstring>

namespace corsim::pte {

using rt::Error;
using rt::make_error;

namespace {

uint32_t read_u32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

uint64_t read_u64(const uint8_t* p) {
  return static_cast<uint64_t>(read_u32(p)) | static_cast<uint64_t>(read_u32(p + 4)) << 32;
}

bool is_alnum(uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// Exact "ET12"; "ET" + two other alphanumerics is another schema version (ExecuTorch
// runtime/executor/program.cpp Program::check_header, exir/_serialize/_program.py).
Status check_identifier(Bytes file) {
  if (file.size() < 8) return make_error(Error::kTruncated, "file shorter than the 8-byte flatbuffer prefix");
  const uint8_t* id = file.data() + 4;
  if (std::memcmp(id, kFileIdentifier, 4) == 0) return rt::ok_status();
  if (id[0] == 'E' && id[1] == 'T' && is_alnum(id[2]) && is_alnum(id[3])) {
    return make_error(Error::kIncompatibleVersion, "file identifier is ET?? but this reader supports only ET12");
  }
  return make_error(Error::kBadIdentifier, "file identifier at bytes 4..7 is not \"ET12\"");
}

}  // namespace

Status parse_extended_header(Bytes file, ExtendedHeader& out) {
  out = ExtendedHeader{};
  // The magic sits at bytes 8..11; anything else (or a file too short) means "no header"
  // (ExecuTorch schema/extended_header.cpp ExtendedHeader::Parse).
  if (file.size() < 16 || std::memcmp(file.data() + 8, kExtendedHeaderMagic, 4) != 0) {
    return rt::ok_status();
  }
  const uint32_t length = read_u32(file.data() + 12);
  if (length < kExtendedHeaderMinLength) {
    return make_error(Error::kBadExtendedHeader, "eh00 header length is below the minimum of 24 bytes");
  }
  if (!file.contains(8, length)) {
    return make_error(Error::kTruncated, "file ends inside the eh00 extended header");
  }
  out.present = true;
  out.length = length;
  out.program_size = read_u64(file.data() + 16);
  out.segment_base_offset = read_u64(file.data() + 24);
  out.segment_data_size = length >= kExtendedHeaderFullLength ? read_u64(file.data() + 32) : 0;
  if (out.program_size < 8u + length) {
    return make_error(Error::kBadExtendedHeader, "eh00 program_size is smaller than the headers");
  }
  if (out.program_size > file.size()) {
    return make_error(Error::kTruncated, "file is shorter than the eh00 program_size");
  }
  if (out.segment_base_offset != 0 && out.segment_base_offset < out.program_size) {
    return make_error(Error::kBadExtendedHeader, "eh00 segment_base_offset lies inside the program data");
  }
  if (out.segment_base_offset > file.size() ||
      out.segment_data_size > file.size() - out.segment_base_offset) {
    return make_error(Error::kTruncated, "file is shorter than eh00 segment_base_offset + segment_data_size");
  }
  return rt::ok_status();
}

const char* tensor_data_kind_name(TensorDataKind k) {
  switch (k) {
    case TensorDataKind::kConstant: return "constant";
    case TensorDataKind::kPlanned: return "planned";
    case TensorDataKind::kPlannedMutable: return "planned+mutable";
    case TensorDataKind::kUnplanned: return "unplanned";
    case TensorDataKind::kExternal: return "external";
  }
  return "?";
}

TensorData tensor_data(const fb::Tensor& t) {
  TensorData d;
  d.data_buffer_idx = t.data_buffer_idx();
  const fb::ExtraTensorInfo* extra = t.extra_tensor_info();
  if (extra != nullptr && extra->location() == fb::TensorDataLocation::EXTERNAL) {
    d.kind = TensorDataKind::kExternal;
    return d;
  }
  const fb::AllocationDetails* alloc = t.allocation_info();
  if (alloc != nullptr) {
    d.memory_id = alloc->memory_id();
    d.memory_offset = static_cast<uint64_t>(alloc->memory_offset_high()) << 32 | alloc->memory_offset_low();
    d.kind = d.data_buffer_idx > 0 ? TensorDataKind::kPlannedMutable : TensorDataKind::kPlanned;
  } else {
    d.kind = d.data_buffer_idx > 0 ? TensorDataKind::kConstant : TensorDataKind::kUnplanned;
  }
  return d;
}

size_t element_size(fb::ScalarType t) {
  using S = fb::ScalarType;
  switch (t) {
    case S::BYTE: case S::CHAR: case S::BOOL: case S::QINT8: case S::QUINT8:
    case S::QUINT4X2: case S::QUINT2X4:
    case S::FLOAT8E5M2: case S::FLOAT8E4M3FN: case S::FLOAT8E5M2FNUZ: case S::FLOAT8E4M3FNUZ:
      return 1;
    case S::SHORT: case S::HALF: case S::BFLOAT16: case S::BITS16: case S::UINT16:
      return 2;
    case S::INT: case S::FLOAT: case S::QINT32: case S::UINT32:
      return 4;
    case S::LONG: case S::DOUBLE: case S::UINT64:
      return 8;
  }
  return 0;
}

bool tensor_nbytes(const fb::Tensor& t, uint64_t& out) {
  uint64_t n = element_size(t.scalar_type());
  if (t.sizes() != nullptr) {
    for (int32_t s : *t.sizes()) {
      if (s < 0) return false;
      const uint64_t d = static_cast<uint64_t>(s);
      if (d != 0 && n > UINT64_MAX / d) return false;
      n *= d;
    }
  }
  out = n;
  return true;
}

Status Program::load(Bytes file, Program& out) {
  out = Program{};
  if (reinterpret_cast<uintptr_t>(file.data()) % kBufferAlignment != 0) {
    return make_error(Error::kMisaligned, "program buffer must be 8-byte aligned");
  }
  Status s = check_identifier(file);
  if (!s.ok()) return s;
  ExtendedHeader header;
  s = parse_extended_header(file, header);
  if (!s.ok()) return s;
  const uint64_t program_size = header.present ? header.program_size : file.size();
  // The Verifier asserts (aborts) on buffers of 2 GiB or more, so refuse them first.
  if (program_size >= FLATBUFFERS_MAX_BUFFER_SIZE) {
    return make_error(Error::kVerifyFailed, "program larger than a flatbuffer can be");
  }
  const uint32_t root = read_u32(file.data());
  if (root < 8 || root >= program_size) {
    return make_error(Error::kVerifyFailed, "root table offset at byte 0 points outside the program");
  }
  flatbuffers::Verifier verifier(file.data(), static_cast<size_t>(program_size));
  if (!fb::VerifyProgramBuffer(verifier)) {
    return make_error(Error::kVerifyFailed, "offsets, vectors or tables point outside the program bytes");
  }
  Program p;
  p.file_ = file;
  p.program_size_ = program_size;
  p.header_ = header;
  p.fb_ = fb::GetProgram(file.data());
  s = validate_program(p);
  if (!s.ok()) return s;
  out = p;
  return rt::ok_status();
}

uint32_t Program::root_offset() const { return read_u32(file_.data()); }

uint32_t Program::num_execution_plans() const {
  return fb_->execution_plan() == nullptr ? 0 : fb_->execution_plan()->size();
}

const fb::ExecutionPlan& Program::execution_plan(uint32_t i) const {
  return *fb_->execution_plan()->Get(i);
}

const fb::ExecutionPlan* Program::method(const char* name) const {
  for (uint32_t i = 0; i < num_execution_plans(); ++i) {
    const fb::ExecutionPlan& plan = execution_plan(i);
    if (plan.name() != nullptr && std::strcmp(plan.name()->c_str(), name) == 0) return &plan;
  }
  return nullptr;
}

Status Program::segment(uint32_t index, Bytes& out) const {
  out = Bytes{};
  const auto* segments = fb_->segments();
  if (segments == nullptr || index >= segments->size()) {
    return make_error(Error::kNotFound, "segment index beyond Program.segments", "segment", index);
  }
  const fb::DataSegment* seg = segments->Get(index);
  if (seg->size() == 0) {
    out = file_.subspan(0, 0);
    return rt::ok_status();
  }
  // Without the extended header a program has no segment data (ExecuTorch
  // schema/extended_header.cpp; runtime/executor/program.cpp Program::load).
  if (!header_.present || header_.segment_base_offset == 0) {
    return make_error(Error::kInvalidProgram, "non-empty segment in a file without eh00 segment data", "segment", index);
  }
  const uint64_t base = header_.segment_base_offset;
  if (seg->offset() > file_.size() - base || !file_.contains(base + seg->offset(), seg->size())) {
    return make_error(Error::kTruncated, "segment extends beyond the end of the file", "segment", index);
  }
  out = file_.subspan(static_cast<size_t>(base + seg->offset()), static_cast<size_t>(seg->size()));
  return rt::ok_status();
}

Status Program::delegate_data(const fb::BackendDelegate& d, Bytes& out) const {
  out = Bytes{};
  const fb::BackendDelegateDataReference* ref = d.processed();
  if (ref == nullptr) return make_error(Error::kInvalidProgram, "delegate has no processed data reference");
  if (ref->location() == fb::DataLocation::SEGMENT) return segment(ref->index(), out);
  const auto* inline_data = fb_->backend_delegate_data();
  if (ref->location() != fb::DataLocation::INLINE || inline_data == nullptr ||
      ref->index() >= inline_data->size() || inline_data->Get(ref->index())->data() == nullptr) {
    return make_error(Error::kInvalidProgram, "delegate data reference points to no backend_delegate_data entry");
  }
  const auto* data = inline_data->Get(ref->index())->data();
  out = Bytes(data->data(), data->size());
  return rt::ok_status();
}

Status Program::constant_data(uint32_t idx, uint64_t nbytes, Bytes& out) const {
  out = Bytes{};
  const fb::SubsegmentOffsets* cs = fb_->constant_segment();
  if (cs != nullptr && cs->offsets() != nullptr && cs->offsets()->size() > 1) {
    if (idx >= cs->offsets()->size()) {
      return make_error(Error::kInvalidProgram, "data_buffer_idx beyond constant_segment.offsets", "constant", idx);
    }
    Bytes seg;
    Status s = segment(cs->segment_index(), seg);
    if (!s.ok()) return s;
    const uint64_t off = cs->offsets()->Get(idx);
    if (!seg.contains(off, nbytes)) {
      return make_error(Error::kInvalidProgram, "constant tensor extends beyond the constant segment", "constant", idx);
    }
    out = seg.subspan(static_cast<size_t>(off), static_cast<size_t>(nbytes));
    return rt::ok_status();
  }
  const auto* buffers = fb_->constant_buffer();
  if (buffers == nullptr || idx >= buffers->size() || buffers->Get(idx)->storage() == nullptr) {
    return make_error(Error::kInvalidProgram, "data_buffer_idx names no constant data", "constant", idx);
  }
  const auto* storage = buffers->Get(idx)->storage();
  if (storage->size() < nbytes) {
    return make_error(Error::kInvalidProgram, "constant_buffer entry smaller than its tensor", "constant", idx);
  }
  out = Bytes(storage->data(), static_cast<size_t>(nbytes));
  return rt::ok_status();
}

Status Program::mutable_data(uint32_t idx, uint64_t nbytes, Bytes& out) const {
  out = Bytes{};
  const auto* mds = fb_->mutable_data_segments();
  if (mds == nullptr || mds->size() == 0 || mds->Get(0)->offsets() == nullptr ||
      idx >= mds->Get(0)->offsets()->size()) {
    return make_error(Error::kInvalidProgram, "data_buffer_idx beyond mutable_data_segments[0].offsets", "mutable", idx);
  }
  Bytes seg;
  Status s = segment(mds->Get(0)->segment_index(), seg);
  if (!s.ok()) return s;
  const uint64_t off = mds->Get(0)->offsets()->Get(idx);
  if (!seg.contains(off, nbytes)) {
    return make_error(Error::kInvalidProgram, "mutable tensor extends beyond its segment", "mutable", idx);
  }
  out = seg.subspan(static_cast<size_t>(off), static_cast<size_t>(nbytes));
  return rt::ok_status();
}

Status Program::named_data(Bytes key, Bytes& out) const {
  out = Bytes{};
  const auto* named = fb_->named_data();
  if (named != nullptr) {
    for (uint32_t i = 0; i < named->size(); ++i) {
      const fb::NamedData* nd = named->Get(i);
      if (nd->key() != nullptr && nd->key()->size() == key.size() &&
          std::memcmp(nd->key()->data(), key.data(), key.size()) == 0) {
        return segment(nd->segment_index(), out);
      }
    }
  }
  return make_error(Error::kNotFound, "no named_data entry has this key");
}

}  // namespace corsim::pte
