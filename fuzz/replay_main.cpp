// main() for the fuzz targets in a normal (non-libFuzzer) build: runs LLVMFuzzerTestOneInput once
// on each file given, or on each file of each folder given, as libFuzzer does with file arguments.
// So the targets build with every compiler, and their seeds and regression inputs replay in every
// build's test run (fuzz.<target>.replay). Exit status 1 when a file cannot be read or none was given.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

bool replay(const std::filesystem::path& file) {
  std::ifstream f(file, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
    return false;
  }
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(f), {}};
  LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  size_t count = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg = argv[i];
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(arg)) {
      for (const auto& e : std::filesystem::directory_iterator(arg))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(arg);
    }
    for (const auto& f : files) {
      ok = replay(f) && ok;
      ++count;
    }
  }
  std::printf("replay: %zu inputs\n", count);
  return ok && count > 0 ? 0 : 1;
}
