#pragma once
// Decoded weights kept across operations and jobs, so that a weight stream which runs again (every
// inference of a model runs the same streams) is decoded once (issue 17). An entry is found by
// its streams' content hash and how they are laid out, and used only if the stream bytes just read
// equal the bytes it was decoded from (a hash collision or rewritten weights decode afresh). The
// weight decoder's counts are kept with it, so the timing sees the same traffic either way.
// Owned by the Executor (no global state).
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "npu/weight_layout.h"

namespace corsim::npu {

class WeightCache {
 public:
  struct Entry {
    std::vector<std::vector<uint8_t>> streams;  // the encoded bytes it was decoded from
    DenseWeights weights;
    uint64_t decoded = 0;  // values out of the weight decoder (Traffic::weights_decoded)
    uint64_t zero = 0;     // of which zero (Traffic::weights_zero)
  };
  // `key` names the streams' lengths and hashes and every layout parameter of the decode.
  Entry* find(const std::vector<uint64_t>& key, const std::vector<std::vector<uint8_t>>& streams);
  Entry& insert(const std::vector<uint64_t>& key, Entry entry);

  // Decoded values kept before the cache starts afresh (64 MiB of int16).
  static constexpr size_t kMaxValues = size_t{32} << 20;

  // A weight decoder's output in stream order, before it is placed into dense weights: one buffer
  // for every decode, so that its memory is allocated and first touched once per Executor rather
  // than once per operation (a cold run decodes every operation's weights).
  std::vector<int16_t>& stream_order_buffer() { return stream_order_; }

 private:
  std::map<std::vector<uint64_t>, Entry> entries_;
  size_t values_ = 0;
  std::vector<int16_t> stream_order_;
};

}  // namespace corsim::npu
