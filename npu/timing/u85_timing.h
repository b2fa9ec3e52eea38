#pragma once
// The Ethos-U85 cost model's formulas. Output stage and weight decode follow Vela (the U85
// constants of Vela 5.x ethos_u85.cpp s_EthosU85Configs; VELA ethos_u85_performance.cpp
// GetOutputCyclesPerElement, GetActivationCyclesPerElement, WeightDecodeCycles); the MAC cycles
// count the weight order's kernel elements and IFM steps instead of Vela's
// EstimateMacCyclesPerBlock groups, as measured on Ambiq's U85-256 FPGA (docs/npu.md "MAC cycles by
// layer type"). TimingModel (timing_model.h) uses them for a U85 NpuConfig with the same block
// iteration, AXI pricing, overhead and bound as for the U55.
#include <cstdint>

#include "npu/npu_config.h"
#include "npu/op_config.h"
#include "npu/ops/op_context.h"

namespace corsim::npu::timing {

// MAC cycles of one OFM block of bh x bw x bd elements (one kernel element x one IFM step of the
// weight order per micro-block per cycle; see u85_timing.cpp).
// With `weight_buffer_bound` false: without the weight-buffer limit (cycles_wb), i.e. the cycles
// the MACs compute (at least one 8-deep IFM micro-block per step).
uint64_t u85_mac_cycles_for_block(const OperationConfig& op, const NpuConfig& npu, uint32_t bh, uint32_t bw, uint32_t bd,
                                  bool weight_buffer_bound = true);
// Output-stage cycles per OFM element: max(outputCycles[i], activationCycles[j]) (Vela 5.x).
double u85_output_cycles_per_element(const OperationConfig& op, const NpuConfig& npu);
// Weight-decoder cycles: FWD 64 weights/cycle for a LUT stream, 32 raw; SWD 8..32 weights/cycle
// per decoder growing with the share of zero weights from 50 % to 90 % (Vela's model).
uint64_t u85_weight_decode_cycles(const Traffic& traffic, const NpuConfig& npu);

}  // namespace corsim::npu::timing
