#include "cpu/scs/itm.h"

#include <bit>

namespace corsim::cpu::scs {

void Itm::add_registers(memory::RegisterBank& bank) {
  for (unsigned port = 0; port < 32; ++port) {
    bank.add(kBase + 4 * port, "ITM_STIM", [] { return 1u; },  // FIFOREADY
             [this, port](uint32_t value, uint32_t lanes) {
               const unsigned shift = static_cast<unsigned>(std::countr_zero(lanes));
               const unsigned size = static_cast<unsigned>(std::popcount(lanes)) / 8;
               if (sink_) sink_->itm_write(port, (value & lanes) >> shift, size);
             });
  }
  bank.add_storage(kBase + 0xE00, "ITM_TER0", ter_);
  bank.add_storage(kBase + 0xE40, "ITM_TPR", tpr_, 0xFu);
  // TCR: ITMENA, TSENA, SYNCENA, TXENA, SWOENA, TSPrescale, GTSFREQ, TraceBusID; BUSY reads 0.
  bank.add_storage(kBase + 0xE80, "ITM_TCR", tcr_, 0x007F'0F1Fu);
  bank.add(kBase + 0xFB0, "ITM_LAR", nullptr, [](uint32_t, uint32_t) {});
  bank.add_const(kBase + 0xFB4, "ITM_LSR", 0);  // no software lock implemented
}

}  // namespace corsim::cpu::scs
