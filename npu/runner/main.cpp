// corsim-npu: runs an Ethos-U55 command stream on the NPU model alone (temporary minimal CLI).
#include <fmt/format.h>

#include <fstream>
#include <iterator>

#include "npu/driver_payload.h"
#include "npu/executor.h"
#include "npu/region_bus.h"

using namespace corsim::npu;

static std::vector<uint8_t> slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

int main(int argc, char** argv) {
  auto cmd = slurp(argv[1]);
  std::string err;
  auto pl = parse_driver_payload(cmd, err);
  if (!pl) { fmt::print(stderr, "{}\n", err); return 2; }
  RegionBus bus;
  bus.region(0) = slurp(argv[2]);
  bus.region(1).assign(std::stoul(argv[3]), 0);
  auto in = slurp(argv[4]);
  std::copy(in.begin(), in.end(), bus.region(1).begin());
  NpuConfig cfg = *npu_config_from_word(pl->config);
  Executor ex(cfg);
  auto r = ex.run(pl->commands, bus, bus.basep(), kDriverRegionCfg, [](const OpRecord& rec) {
    fmt::print("{:#06x} {} ofm {}x{}x{} macs {}\n", rec.offset, op_kind_name(rec.op), rec.op.ofm.height, rec.op.ofm.width, rec.op.ofm.depth, rec.macs);
  });
  fmt::print("stop reason {} {}\n", int(r.reason), r.error);
  for (int i = 0; i < 12; ++i) fmt::print("{} ", int(int8_t(bus.region(1)[i])));
  fmt::print("\n");
}
