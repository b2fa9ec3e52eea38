// corsim-cpu-diff: the random differential test of corsim's CPU against QEMU (docs/cpu-diff.md).
//
//   corsim-cpu-diff --corsim PATH --runner runner.elf [--qemu PATH] [--classes a,b,...|all]
//                   [--per-class N] [--seed S] [--batch N] [--work DIR] [--details FILE]
//                   [--show N] [--list] [--decode HEX] [--keep-images] [--timeout S]
//
// Generates N valid random cases per class from the decoder tables, runs them in batches on QEMU
// and corsim (one process each per batch), compares the final state of every case, re-runs the
// mismatching ones verbosely and prints per class "checked N, mismatches M" and the first
// differences. Exit status 0 only when every class checked N cases with no mismatch.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "tests/cpu_diff/host/classes.h"
#include "tests/cpu_diff/host/generator.h"
#include "tests/cpu_diff/host/report.h"
#include "tests/cpu_diff/host/sims.h"

namespace cd = corsim::cpu_diff;

namespace {

struct Options {
  cd::Tools tools;
  std::vector<std::string> classes;  // empty: all
  uint64_t per_class = 1000;
  uint64_t seed = 1;
  uint32_t batch = 50000;  // cases per simulator run (bounded images and results files)
  std::string work = "cpu_diff_work";
  std::string details;
  unsigned show = 3;      // details printed per class
  unsigned keep = 20;     // mismatches re-run verbosely per class
  bool list = false;
  bool keep_images = false;
};

struct ClassResult {
  uint64_t checked = 0, faulting = 0, mismatches = 0;
  bool short_of_cases = false;
  std::vector<cd::GeneratedCase> examples;  // first mismatches, for the verbose re-run
  cd::GeneratorStats stats;
};

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    const size_t comma = s.find(',', start);
    const std::string part = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!part.empty()) out.push_back(part);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) { fmt::print(stderr, "corsim-cpu-diff: {} needs a value\n", a); std::exit(2); }
      return argv[++i];
    };
    if (a == "--corsim") o.tools.corsim = val();
    else if (a == "--qemu") o.tools.qemu = val();
    else if (a == "--runner") o.tools.runner = val();
    else if (a == "--classes") { const std::string v = val(); if (v != "all") o.classes = split(v); }
    else if (a == "--per-class") o.per_class = std::stoull(val());
    else if (a == "--seed") o.seed = std::stoull(val(), nullptr, 0);
    else if (a == "--batch") o.batch = static_cast<uint32_t>(std::stoul(val()));
    else if (a == "--work") o.work = val();
    else if (a == "--details") o.details = val();
    else if (a == "--show") o.show = static_cast<unsigned>(std::stoul(val()));
    else if (a == "--timeout") o.tools.timeout_s = static_cast<unsigned>(std::stoul(val()));
    else if (a == "--list") o.list = true;
    else if (a == "--decode") {  // --decode HEX: the row and disassembly of one encoding
      const uint32_t insn = static_cast<uint32_t>(std::stoul(val(), nullptr, 16));
      const bool t32 = insn > 0xFFFF;
      const auto d = corsim::cpu::decoder::decode(insn, t32);
      fmt::print("{}: {}\n", d.encoding ? d.encoding->name : "UNDEFINED",
                 corsim::cpu::disasm::disassemble(insn, t32, DIFF_IMAGE_ADDR));
      std::exit(0);
    }
    else if (a == "--keep-images") o.keep_images = true;
    else { fmt::print(stderr, "corsim-cpu-diff: unknown option {}\n", a); return false; }
  }
  if (o.batch == 0 || o.batch > DIFF_MAX_CASES) o.batch = DIFF_MAX_CASES;
  return true;
}

uint64_t name_hash(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (char c : s) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ull;
  return h;
}

void list_classes(const cd::Classes& classes) {
  for (const auto& [name, c] : classes.by_name) {
    fmt::print("{} ({} rows):", name, c.rows.size());
    for (const auto& r : c.rows) fmt::print(" [{}]", r.encoding->name);
    fmt::print("\n");
  }
  fmt::print("excluded rows:\n");
  for (const auto& e : classes.excluded) fmt::print("  {}: {}\n", e.row, e.reason);
}

// The cases of one batch, with the class each belongs to.
struct Batch {
  std::vector<cd::GeneratedCase> cases;
  std::vector<std::string> cls;
};

void compare_batch(const Batch& b, const cd::SimOutput& q, const cd::SimOutput& c,
                   std::map<std::string, ClassResult>& results, unsigned keep) {
  for (size_t i = 0; i < b.cases.size(); ++i) {
    ClassResult& r = results[b.cls[i]];
    ++r.checked;
    if (b.cases[i].faults) ++r.faulting;
    if (q.words[2 * i] != c.words[2 * i] || q.words[2 * i + 1] != c.words[2 * i + 1]) {
      ++r.mismatches;
      if (r.examples.size() < keep) r.examples.push_back(b.cases[i]);
    }
  }
}

bool run_batch(const Options& o, Batch& b, const std::string& tag, bool verbose, cd::SimOutput& q,
               cd::SimOutput& c) {
  const std::string image = o.work + "/image-" + tag + ".bin";
  if (!cd::write_image(image, b.cases, verbose)) {
    fmt::print(stderr, "corsim-cpu-diff: cannot write {}\n", image);
    return false;
  }
  cd::run_both(o.tools, image, o.work + "/" + tag, q, c);
  if (!o.keep_images) std::filesystem::remove(image);
  const size_t want = b.cases.size() * (verbose ? 2 * DIFF_STATE_WORDS : 2);
  for (auto* s : {&q, &c})
    if (s->ok && s->words.size() != want) {
      s->ok = false;
      s->error = fmt::format("results file has {} words, expected {}", s->words.size(), want);
    }
  if (q.ok && c.ok && !o.keep_images) std::filesystem::remove_all(o.work + "/" + tag);
  if (!q.ok) fmt::print(stderr, "corsim-cpu-diff: QEMU run failed: {}\n", q.error);
  if (!c.ok) fmt::print(stderr, "corsim-cpu-diff: corsim run failed: {}\n", c.error);
  return q.ok && c.ok;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) return 2;
  const cd::Classes classes = cd::build_classes();
  if (o.list) {
    list_classes(classes);
    return 0;
  }
  if (o.tools.corsim.empty() || o.tools.runner.empty()) {
    fmt::print(stderr, "usage: corsim-cpu-diff --corsim PATH --runner runner.elf [options] (see docs/cpu-diff.md)\n");
    return 2;
  }
  std::vector<std::string> names = o.classes;
  if (names.empty())
    for (const auto& [n, c] : classes.by_name) names.push_back(n);
  for (const auto& n : names)
    if (!classes.by_name.count(n)) {
      fmt::print(stderr, "corsim-cpu-diff: no class '{}' (see --list)\n", n);
      return 2;
    }
  std::filesystem::create_directories(o.work);

  std::map<std::string, ClassResult> results;
  std::map<std::string, std::unique_ptr<cd::Generator>> gens;
  std::map<std::string, uint64_t> left;
  for (const auto& n : names) {
    gens[n] = std::make_unique<cd::Generator>(o.seed ^ name_hash(n));
    left[n] = o.per_class;
    results[n];
  }
  bool sims_ok = true;
  unsigned batch_no = 0;
  for (;;) {
    Batch b;
    for (const auto& n : names) {
      while (left[n] > 0 && b.cases.size() < o.batch) {
        cd::GeneratedCase g;
        const uint32_t slot = DIFF_IMAGE_ADDR + 0x100000u + static_cast<uint32_t>(b.cases.size()) * DIFF_SLOT_SIZE;
        if (!gens[n]->make(classes.by_name.at(n), slot, g, results[n].stats)) {
          results[n].short_of_cases = true;
          left[n] = 0;
          break;
        }
        b.cases.push_back(g);
        b.cls.push_back(n);
        --left[n];
      }
    }
    if (b.cases.empty()) break;
    cd::SimOutput q, c;
    fmt::print("batch {}: {} cases\n", batch_no, b.cases.size());
    std::fflush(stdout);
    if (!run_batch(o, b, fmt::format("b{}", batch_no++), false, q, c)) {
      sims_ok = false;
      break;
    }
    compare_batch(b, q, c, results, o.keep);
  }

  // Verbose re-run of the kept mismatches.
  Batch v;
  for (const auto& n : names)
    for (const auto& g : results[n].examples) {
      v.cases.push_back(g);
      v.cls.push_back(n);
    }
  std::string details;
  std::map<std::string, unsigned> shown;
  if (sims_ok && !v.cases.empty()) {
    cd::SimOutput q, c;
    if (run_batch(o, v, "verbose", true, q, c)) {
      for (size_t i = 0; i < v.cases.size(); ++i) {
        DiffState in, qs, cs, cin;
        const uint32_t* qw = &q.words[i * 2 * DIFF_STATE_WORDS];
        const uint32_t* cw = &c.words[i * 2 * DIFF_STATE_WORDS];
        std::copy(qw, qw + DIFF_STATE_WORDS, in.w);
        std::copy(qw + DIFF_STATE_WORDS, qw + 2 * DIFF_STATE_WORDS, qs.w);
        std::copy(cw, cw + DIFF_STATE_WORDS, cin.w);
        std::copy(cw + DIFF_STATE_WORDS, cw + 2 * DIFF_STATE_WORDS, cs.w);
        const uint32_t slot = DIFF_IMAGE_ADDR + ((sizeof(DiffHeader) + v.cases.size() * sizeof(DiffCase) + 15u) & ~15u) +
                              static_cast<uint32_t>(i) * DIFF_SLOT_SIZE;
        std::string text = cd::describe_case(v.cls[i], v.cases[i], slot) + "\n";
        if (in.w[0] != cin.w[0] || std::equal(qs.w, qs.w + DIFF_STATE_WORDS, cs.w))
          text += "    (not reproduced in the verbose re-run)\n";
        text += cd::describe_difference(in, qs, cs);
        details += text;
        if (shown[v.cls[i]]++ < o.show) fmt::print("{}", text);
      }
    }
  }
  if (!o.details.empty()) {
    std::ofstream f(o.details);
    f << details;
  }

  bool pass = sims_ok;
  uint64_t total = 0, total_mismatches = 0;
  fmt::print("\n{:<16} {:>10} {:>10} {:>11}  rows kept/in class\n", "class", "checked", "faulting", "mismatches");
  for (const auto& n : names) {
    const ClassResult& r = results[n];
    total += r.checked;
    total_mismatches += r.mismatches;
    fmt::print("{:<16} {:>10} {:>10} {:>11}  {}/{}{}\n", n, r.checked, r.faulting, r.mismatches,
               r.stats.kept_per_row.size(), classes.by_name.at(n).rows.size(),
               r.short_of_cases ? "  (could not generate enough cases)" : "");
    if (r.mismatches != 0 || r.short_of_cases || r.checked < o.per_class) pass = false;
  }
  fmt::print("total: checked {} instructions, mismatches {}\n", total, total_mismatches);
  fmt::print("{}\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
