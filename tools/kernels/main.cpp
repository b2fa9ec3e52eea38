// corsim-kernels: the CPU operators the bundled executor runner supports, read from the kernel
// registry itself (runtime/kernels/register.cpp register_all_kernels), so the README's list
// (scripts/update-readme-operators.sh) cannot drift from the code.
//
//   corsim-kernels              one registry name per line, in registration order
//   corsim-kernels --markdown   the README's table: one row per namespace, its operators
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "runtime/core/kernel.h"
#include "runtime/kernels/register.h"

int main(int argc, char** argv) {
  const bool markdown = argc == 2 && std::strcmp(argv[1], "--markdown") == 0;
  if (argc > 2 || (argc == 2 && !markdown)) {
    std::fprintf(stderr, "usage: corsim-kernels [--markdown]\n");
    return 2;
  }
  static corsim::rt::KernelRegistry registry;  // large: not on the stack
  if (!corsim::rt::kernels::register_all_kernels(registry).ok()) {
    std::fprintf(stderr, "corsim-kernels: error: the kernel registry refused a kernel\n");
    return 1;
  }
  if (!markdown) {
    for (size_t i = 0; i < registry.size(); ++i) std::printf("%s\n", registry.entry(i).name);
    return 0;
  }
  std::map<std::string, std::vector<std::string>> by_namespace;
  for (size_t i = 0; i < registry.size(); ++i) {
    const std::string name = registry.entry(i).name;
    const size_t sep = name.find("::");
    by_namespace[name.substr(0, sep)].push_back(sep == std::string::npos ? name : name.substr(sep + 2));
  }
  std::printf("| namespace | operators (%zu in all) |\n|---|---|\n", registry.size());
  for (const auto& [ns, ops] : by_namespace) {
    std::string list;
    for (const std::string& op : ops) list += (list.empty() ? "`" : ", `") + op + "`";
    std::printf("| `%s` | %s |\n", ns.c_str(), list.c_str());
  }
  return 0;
}
