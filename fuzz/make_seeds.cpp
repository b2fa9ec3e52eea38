// Builds the seed corpora of the fuzz targets from real files (docs/reliability.md):
//   make_seeds OUT_DIR MODELS_DIR [ELF...]
// OUT_DIR/<target>/ receives, per target:
//   pte, tflite        the shared models' .pte and .tflite files as they are; for tflite also a
//                      small copy of each Vela .tflite (small_tflite.h)
//   vela_bin_stream    each Ethos-U delegate payload of those .pte files (read with runtime/pte)
//   npu_stream         each Vela command stream (vela/*, u85/*) behind the 5-byte header
//                      npu_stream_fuzz.cpp expects (product, MACs, scratch size)
//   elf_loader         the given ELF files as they are
//   cpu                the first loadable segment of each given ELF behind cpu_fuzz.cpp's byte
//   vela_ini           each .ini file with each of its system configs and memory modes named
//                      in the two lines vela_ini_fuzz.cpp reads first
// Prints one line per target with the number of seeds; exit status 1 if a target got none.
#include <elf.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "fuzz/small_tflite.h"
#include "runtime/pte/program.h"

namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

namespace {

Bytes slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

std::map<std::string, int> counts;

void put(const fs::path& out, const std::string& target, const std::string& name, const Bytes& bytes) {
  fs::create_directories(out / target);
  std::ofstream(out / target / name, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                             static_cast<std::streamsize>(bytes.size()));
  ++counts[target];
}

// The Ethos-U delegates' processed data of one .pte.
std::vector<Bytes> delegate_payloads(const Bytes& file) {
  std::vector<uint64_t> aligned(file.size() / 8 + 1);
  std::memcpy(aligned.data(), file.data(), file.size());
  corsim::pte::Program program;
  std::vector<Bytes> out;
  if (!corsim::pte::Program::load(corsim::rt::Bytes(reinterpret_cast<const uint8_t*>(aligned.data()), file.size()),
                                  program).ok())
    return out;
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto& plan = program.execution_plan(p);
    if (!plan.delegates()) continue;
    for (const auto* d : *plan.delegates()) {
      corsim::rt::Bytes blob;
      if (program.delegate_data(*d, blob).ok()) out.emplace_back(blob.begin(), blob.end());
    }
  }
  return out;
}

// The bytes of the first PT_LOAD segment with file contents (ELF32, little endian).
Bytes first_segment(const Bytes& elf) {
  if (elf.size() < sizeof(Elf32_Ehdr) || std::memcmp(elf.data(), ELFMAG, SELFMAG) != 0) return {};
  Elf32_Ehdr eh;
  std::memcpy(&eh, elf.data(), sizeof eh);
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    const size_t off = eh.e_phoff + size_t{i} * eh.e_phentsize;
    if (off + sizeof(Elf32_Phdr) > elf.size()) break;
    Elf32_Phdr ph;
    std::memcpy(&ph, elf.data() + off, sizeof ph);
    if (ph.p_type != PT_LOAD || ph.p_filesz == 0 || ph.p_offset + size_t{ph.p_filesz} > elf.size()) continue;
    return Bytes(elf.begin() + ph.p_offset, elf.begin() + ph.p_offset + ph.p_filesz);
  }
  return {};
}

void npu_seed(const fs::path& out, const std::string& name, uint8_t selector, uint32_t scratch, const Bytes& cmd) {
  Bytes seed{selector};
  for (int i = 0; i < 4; ++i) seed.push_back(static_cast<uint8_t>(scratch >> (8 * i)));
  seed.insert(seed.end(), cmd.begin(), cmd.end());
  put(out, "npu_stream", name, seed);
}

// The NAMEs of the [PREFIX.NAME] section headers of an .ini text.
std::vector<std::string> section_names(const std::string& text, const std::string& prefix) {
  std::vector<std::string> names;
  size_t at = 0;
  while ((at = text.find("[" + prefix + ".", at)) != std::string::npos) {
    const size_t begin = at + prefix.size() + 2, end = text.find(']', begin);
    if (end == std::string::npos) break;
    names.push_back(text.substr(begin, end - begin));
    at = end;
  }
  return names;
}

// One seed per system config of an .ini, each with one of its memory modes (in turn), so every
// section is looked up by some seed.
void ini_seeds(const fs::path& out, const std::string& stem, const Bytes& file) {
  const std::string text(file.begin(), file.end());
  const auto systems = section_names(text, "System_Config"), modes = section_names(text, "Memory_Mode");
  const size_t n = std::max(systems.size(), modes.size());
  for (size_t i = 0; i < n; ++i) {
    const std::string head = (systems.empty() ? "" : systems[i % systems.size()]) + "\n" +
                             (modes.empty() ? "" : modes[i % modes.size()]) + "\n";
    Bytes seed(head.begin(), head.end());
    seed.insert(seed.end(), file.begin(), file.end());
    put(out, "vela_ini", stem + "_" + std::to_string(i), seed);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: make_seeds OUT_DIR MODELS_DIR [ELF...]\n");
    return 2;
  }
  const fs::path out = argv[1], models = argv[2];
  for (const auto& e : fs::directory_iterator(models / "pte")) {
    if (e.path().extension() != ".pte") continue;
    const Bytes file = slurp(e.path());
    put(out, "pte", e.path().filename().string(), file);
    int n = 0;
    for (const Bytes& blob : delegate_payloads(file))
      put(out, "vela_bin_stream", e.path().stem().string() + "_" + std::to_string(n++), blob);
  }
  for (const auto& e : fs::recursive_directory_iterator(models)) {
    const fs::path& p = e.path();
    const std::string folder = p.parent_path().filename().string();
    if (p.extension() == ".tflite") {
      const Bytes file = slurp(p);
      put(out, "tflite", folder + "_" + p.filename().string(), file);
      if (const Bytes small = corsim::fuzz::small_vela_tflite(file); !small.empty())
        put(out, "tflite", "small_" + folder + "_" + p.filename().string(), small);
    }
    if (p.extension() == ".ini") ini_seeds(out, folder + "_" + p.stem().string(), slurp(p));
    if (p.filename() != "cmd_stream.bin") continue;
    const bool u85 = p.parent_path().parent_path().filename() == "u85";
    // U55-128 (index 2) or U85-256 (index 1); a scratch size large enough for the small models.
    npu_seed(out, folder, u85 ? (1u | (1u << 1)) : (2u << 1), 60000, slurp(p));
  }
  for (int i = 3; i < argc; ++i) {
    const fs::path elf = argv[i];
    const Bytes file = slurp(elf);
    put(out, "elf_loader", elf.filename().string(), file);
    Bytes code = first_segment(file);
    if (code.empty()) continue;
    code.insert(code.begin(), 2u);  // Cortex-M55, FPU and MVE enabled
    put(out, "cpu", elf.stem().string(), code);
  }
  int status = 0;
  for (const char* t : {"pte", "vela_bin_stream", "tflite", "npu_stream", "elf_loader", "cpu", "vela_ini"}) {
    std::printf("%s: %d seeds\n", t, counts[t]);
    if (counts[t] == 0) status = 1;
  }
  return status;
}
