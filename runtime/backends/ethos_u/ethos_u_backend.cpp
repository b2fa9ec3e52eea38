// EthosUBackend (ExecuTorch backends/arm/runtime/EthosUBackend.cpp, EthosUBackend_Cortex_M.cpp).
// See ethos_u_backend.h.
#include "runtime/backends/ethos_u/ethos_u_backend.h"

#include <cstring>
#include <new>

#include "runtime/core/text.h"
#include "runtime/pte/program.h"

namespace corsim::ethos_u {
namespace {

using rt::Error;
using rt::Status;

struct Handle {
  VelaBinStream stream;
  rt::Bytes cmd_data;
  rt::Bytes weights;
};

uint32_t address_of(const void* p) { return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(p)); }

// Element size the NPU expects for a tensor type (the input checks of ExecuTorch's
// EthosUBackend.cpp execute); 0 = refused.
int32_t npu_element_size(rt::ScalarType t) {
  switch (t) {
    case rt::ScalarType::kInt: return 4;
    case rt::ScalarType::kChar:
    case rt::ScalarType::kByte:
    case rt::ScalarType::kBool: return 1;
    case rt::ScalarType::kShort: return 2;
    default: return 0;
  }
}

Status resolve(const rt::BackendInitContext& ctx, const VelaBlock& b, rt::Bytes& out) {
  if (!b.external) {
    out = b.data;
    return rt::ok_status();
  }
  if (ctx.program == nullptr) return rt::make_error(Error::kNotFound, "Ethos-U: external block but no program named data");
  return ctx.program->named_data(b.data, out);
}

}  // namespace

Status EthosUBackend::fail(Status s) {
  rt::TextBuilder t(detail_, sizeof detail_);
  if (driver_.detail()[0] != '\0') {
    t.put(driver_.detail());
  } else {
    char line[160];
    rt::format_status(s, line, sizeof line);
    t.put(line);
  }
  return s;
}

Status EthosUBackend::init(rt::BackendInitContext& ctx, rt::Bytes processed, rt::Span<const rt::CompileSpec>,
                           rt::DelegateHandle** handle) {
  detail_[0] = '\0';
  Handle* h = ctx.runtime_allocator ? ctx.runtime_allocator->allocate_array<Handle>(1) : nullptr;
  if (h == nullptr) return fail(rt::make_error(Error::kOutOfMemory, "Ethos-U: no memory for the delegate handle"));
  new (h) Handle();
  Status s = parse_vela_bin_stream(processed, h->stream);
  if (!s.ok()) return fail(s);
  s = resolve(ctx, h->stream.cmd_data, h->cmd_data);
  if (s.ok()) s = resolve(ctx, h->stream.weight_data, h->weights);
  if (!s.ok()) return fail(s);
  if ((address_of(h->cmd_data.data()) & 15u) != 0 || (address_of(h->weights.data()) & 15u) != 0)
    return fail(rt::make_error(Error::kMisaligned, "Ethos-U: cmd_data or weight_data is not 16-byte aligned"));
  // DelegateInvalidCompatibility (ExecuTorch runtime/backend/interface.h init): refuse a payload
  // made for another NPU at load time.
  Cop1Payload cop;
  s = parse_cop1(h->cmd_data, cop);
  if (!s.ok()) return fail(s);
  const NpuConfig hw = decode_npu_config(driver_.hw_config());
  if (cop.config.product != hw.product || cop.config.macs_per_cc != hw.macs_per_cc ||
      cop.config.cmd_stream_version != hw.cmd_stream_version) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: the delegate was compiled for ");
    t.put(npu_product_name(cop.config.product));
    t.put("-");
    t.put_int(cop.config.macs_per_cc);
    t.put(" but the NPU is ");
    t.put(npu_product_name(hw.product));
    t.put("-");
    t.put_int(hw.macs_per_cc);
    return rt::make_error(Error::kBackendFailed, "Ethos-U: delegate compiled for another NPU (product or MAC count)");
  }
  for (uint32_t i = 0; i < h->stream.inputs.count + h->stream.outputs.count; ++i) {
    const bool in = i < h->stream.inputs.count;
    const VelaIo io = in ? h->stream.inputs.get(i) : h->stream.outputs.get(i - h->stream.inputs.count);
    if (io.region != 1)
      return fail(rt::make_error(Error::kNotSupported, "Ethos-U: IO outside the scratch region (separate IO regions)"));
  }
  *handle = h;
  return rt::ok_status();
}

Status EthosUBackend::execute(rt::BackendExecutionContext& ctx, rt::DelegateHandle* handle,
                              rt::Span<rt::EValue* const> args) {
  detail_[0] = '\0';
  const Handle& h = *static_cast<const Handle*>(handle);
  const VelaBinStream& vs = h.stream;
  const uint32_t n_in = vs.inputs.count, n_out = vs.outputs.count;
  if (args.size() != static_cast<size_t>(n_in) + n_out)
    return fail(rt::make_error(Error::kInvalidArgument, "Ethos-U: argument count differs from the payload's inputs + outputs"));

  uint8_t* scratch = nullptr;
  if (vs.scratch_size > 0) {
    scratch = ctx.temp_allocator ? static_cast<uint8_t*>(ctx.temp_allocator->allocate(vs.scratch_size, 16)) : nullptr;
    if (scratch == nullptr) {
      rt::TextBuilder t(detail_, sizeof detail_);
      t.put("Ethos-U: scratch of ");
      t.put_int(vs.scratch_size);
      t.put(" bytes does not fit the temp allocator");
      return rt::make_error(Error::kOutOfMemory, "Ethos-U: scratch does not fit the temp allocator");
    }
  }

  for (uint32_t i = 0; i < n_in + n_out; ++i) {
    const bool in = i < n_in;
    const VelaIo io = in ? vs.inputs.get(i) : vs.outputs.get(i - n_in);
    if (!args[i]->is_tensor())
      return fail(rt::make_error(Error::kInvalidArgument, "Ethos-U: delegate argument is not a tensor", "argument", i));
    rt::Tensor& t = args[i]->to_tensor();
    const int32_t es = npu_element_size(t.scalar_type());
    if (es == 0 || es != io.elem_size) {
      rt::TextBuilder b(detail_, sizeof detail_);
      b.put(in ? "Ethos-U: input " : "Ethos-U: output ");
      b.put_int(in ? i : i - n_in);
      b.put(" expected Integer (4 byte), Short (2 byte), Char (1 byte) or Bool (1 byte) matching the NPU's ");
      b.put_int(io.elem_size);
      b.put("-byte elements");
      return rt::make_error(Error::kInvalidArgument, "Ethos-U: delegate IO type does not match the NPU's element size");
    }
    if (t.numel() != io.numel()) {
      rt::TextBuilder b(detail_, sizeof detail_);
      b.put(in ? "Ethos-U: input " : "Ethos-U: output ");
      b.put_int(in ? i : i - n_in);
      b.put(" has ");
      b.put_int(static_cast<int64_t>(t.numel()));
      b.put(" elements, the NPU's tensor ");
      b.put_int(static_cast<int64_t>(io.numel()));
      return rt::make_error(Error::kInvalidArgument, "Ethos-U: delegate IO element count mismatch");
    }
    if (in) std::memcpy(scratch + io.offset, t.data(), t.nbytes());
  }

  const uint32_t bases[3] = {address_of(h.weights.data()), address_of(scratch), 0};
  // Old ExecuTorch passed 2 base addresses; current passes 3 (fast scratch unused on U55).
  const uint32_t num_base = vs.old_io_layout() ? 2 : 3;
  if (hook_) hook_(hook_user_, true);
  Status s = driver_.invoke(h.cmd_data, address_of(h.cmd_data.data()), bases, num_base);
  if (hook_) hook_(hook_user_, false);
  ++invocations_;
  if (!s.ok()) return fail(s);

  for (uint32_t i = 0; i < n_out; ++i) {
    const VelaIo io = vs.outputs.get(i);
    rt::Tensor& t = args[n_in + i]->to_tensor();
    std::memcpy(t.data(), scratch + io.offset, t.nbytes());
  }
  return rt::ok_status();
}

void EthosUBackend::destroy(rt::DelegateHandle* handle) {
  if (handle) static_cast<Handle*>(handle)->~Handle();
}

}  // namespace corsim::ethos_u
