#include "npu/ops/weight_cache.h"

namespace corsim::npu {

WeightCache::Entry* WeightCache::find(const std::vector<uint64_t>& key,
                                      const std::vector<std::vector<uint8_t>>& streams) {
  const auto it = entries_.find(key);
  if (it == entries_.end() || it->second.streams != streams) return nullptr;
  return &it->second;
}

WeightCache::Entry& WeightCache::insert(const std::vector<uint64_t>& key, Entry entry) {
  if (values_ + entry.weights.values.size() > kMaxValues) {
    entries_.clear();
    values_ = 0;
  }
  values_ += entry.weights.values.size();
  auto it = entries_.find(key);
  if (it != entries_.end()) {
    values_ -= it->second.weights.values.size();
    it->second = std::move(entry);
    return it->second;
  }
  return entries_.emplace(key, std::move(entry)).first->second;
}

}  // namespace corsim::npu
