// corsim-pte dump --json: {"file", "program" (lossless, schema-conformant), "segments",
// "delegates" (decoded payloads)}. Layout documented in docs/pte.md.
#include <fmt/format.h>

#include "tools/pte/delegate_info.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {
namespace {

namespace fb = pte::fb;

void write_io(JsonWriter& w, const ethos_u::VelaIoList& list) {
  w.begin_array();
  for (uint32_t i = 0; i < list.count; ++i) {
    const ethos_u::VelaIo io = list.get(i);
    w.begin_object();
    w.key("shape");
    w.number_array(std::vector<int64_t>(io.shape, io.shape + io.dims));
    w.field("elem_size", io.elem_size);
    w.field("offset", io.offset);
    w.field("region", io.region);
    w.field("numel", io.numel());
    w.field("nbytes", io.nbytes());
    w.end_object();
  }
  w.end_array();
}

void write_vela(JsonWriter& w, const DelegateInfo& d) {
  const ethos_u::VelaBinStream& v = d.vela;
  w.key("vela_bin_stream");
  w.begin_object();
  w.field("io_layout", v.old_io_layout() ? "shape[4]" : "shape[6]");
  w.key("blocks");
  w.begin_array();
  for (const ethos_u::VelaBlock& b : d.blocks) {
    w.begin_object();
    w.field("name", b.name);
    w.field("offset", static_cast<uint64_t>(b.offset));
    w.field("size", b.size);
    w.field("external", b.external);
    w.end_object();
  }
  w.end_array();
  w.key("cmd_data");
  w.begin_object();
  w.field("size", static_cast<uint64_t>(d.cmd_data.size()));
  w.field("external", v.cmd_data.external);
  const ethos_u::Cop1Payload& c = d.cop1;
  w.key("cop1");
  w.begin_object();
  w.field("optimizer_config_tag", c.optimizer_tag);
  w.field("optimizer_release", c.optimizer_release);
  w.field("optimizer_patch", c.optimizer_patch);
  w.field("config_word", c.config.word);
  w.field("target", npu_target_name(c.config));
  w.field("product", ethos_u::npu_product_name(c.config.product));
  w.field("macs_per_cc", c.config.macs_per_cc);
  w.field("cmd_stream_version", c.config.cmd_stream_version);
  if (c.config.product == ethos_u::NpuProduct::kU85) {
    w.field("num_axi_sram", c.config.num_axi_sram);
    w.field("num_axi_ext", c.config.num_axi_ext);
    w.field("num_wd", c.config.num_wd);
  } else {
    w.field("shram_kb", c.config.shram_kb);
  }
  w.field("custom_dma", c.config.custom_dma);
  w.field("id_word", c.id.word);
  w.field("id_arch", fmt::format("{}.{}.{}", c.id.arch_major, c.id.arch_minor, c.id.arch_patch));
  w.field("id_product_major", c.id.product_major);
  w.field("nops", c.num_nops);
  w.field("command_stream_offset", static_cast<uint64_t>(c.command_stream_offset));
  w.field("command_stream_words", c.command_stream_words);
  w.end_object();
  w.end_object();
  w.key("weight_data");
  w.begin_object();
  w.field("size", static_cast<uint64_t>(d.weight_data.size()));
  w.field("external", v.weight_data.external);
  w.end_object();
  w.field("scratch_size", v.scratch_size);
  w.field("scratch_embedded", v.scratch_embedded);
  w.key("inputs");
  write_io(w, v.inputs);
  w.key("outputs");
  write_io(w, v.outputs);
  w.end_object();
}

void write_delegates(JsonWriter& w, const pte::Program& program) {
  w.key("delegates");
  w.begin_array();
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto* delegates = program.execution_plan(p).delegates();
    for (uint32_t i = 0; delegates != nullptr && i < delegates->size(); ++i) {
      DelegateInfo d;
      if (!decode_delegate(program, p, i, d).ok()) continue;  // check_delegates() ran first
      w.begin_object();
      w.field("plan", p);
      w.field("index", i);
      w.field("id", d.delegate->id()->str());
      w.field("location", fb::EnumNameDataLocation(d.delegate->processed()->location()));
      w.field("data_index", d.delegate->processed()->index());
      w.field("file_offset", d.file_offset);
      w.field("size", static_cast<uint64_t>(d.blob.size()));
      w.key("compile_specs");
      w.begin_object();
      if (d.delegate->compile_specs() != nullptr) {
        for (const fb::CompileSpec* cs : *d.delegate->compile_specs()) {
          w.key(cs->key()->str());
          const auto* v = cs->value();
          if (v == nullptr) {
            w.null();
          } else if (printable(v->data(), v->size())) {
            w.value_bytes(v->data(), v->size());
          } else {
            std::string hex;
            for (uint8_t b : *v) hex += fmt::format("{:02x}", b);
            w.value(hex);
          }
        }
      }
      w.end_object();
      if (d.ethos_u) {
        write_vela(w, d);
        const std::string target = compile_spec_target(*d.delegate);
        w.field("target_matches_cmd_data", target.empty() || target == npu_target_name(d.cop1.config));
      }
      w.end_object();
    }
  }
  w.end_array();
}

}  // namespace

std::string dump_json(const pte::Program& program, std::string_view name) {
  JsonWriter w;
  w.begin_object();
  w.key("file");
  w.begin_object();
  w.field("name", name);
  w.field("size", static_cast<uint64_t>(program.file().size()));
  w.field("root_offset", program.root_offset());
  w.field("identifier", std::string_view(reinterpret_cast<const char*>(program.file().data()) + 4, 4));
  const pte::ExtendedHeader& h = program.extended_header();
  w.key("extended_header");
  if (h.present) {
    w.begin_object();
    w.field("length", h.length);
    w.field("program_size", h.program_size);
    w.field("segment_base_offset", h.segment_base_offset);
    w.field("segment_data_size", h.segment_data_size);
    w.end_object();
  } else {
    w.null();
  }
  w.end_object();
  w.key("program");
  write_program(w, program);
  w.key("segments");
  w.begin_array();
  const auto* segs = program.fb().segments();
  for (uint32_t i = 0; segs != nullptr && i < segs->size(); ++i) {
    rt::Bytes data;
    program.segment(i, data);
    w.begin_object();
    w.field("index", i);
    w.field("offset", segs->Get(i)->offset());
    w.field("size", segs->Get(i)->size());
    w.field("file_offset", data.empty() ? uint64_t{0} : program.file_offset(data));
    // The segment bytes, so the JSON describes the whole file (corsim-pte build re-creates it).
    std::string hex;
    hex.reserve(2 * data.size());
    for (uint8_t b : data) hex += fmt::format("{:02x}", b);
    w.field("data", hex);
    w.end_object();
  }
  w.end_array();
  write_delegates(w, program);
  w.end_object();
  return w.str();
}

}  // namespace corsim::pte_tool
