#include "sim/devices/cmsdk_uart.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

namespace {
// PID4..7, PID0..3, CID0..3 of the CMSDK APB UART (part 0x821, Arm JEP106 designer 0x3B).
constexpr uint8_t kUartIds[12] = {0x04, 0x00, 0x00, 0x00, 0x21, 0xB8, 0x1B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
constexpr uint8_t kEot = 0x04;
}  // namespace

CmsdkUart::CmsdkUart(std::string name, IrqSink& irq, UartOptions options, Output output, Shutdown shutdown)
    : memory::RegisterTarget(std::move(name)), irq_(irq), options_(std::move(options)), output_(std::move(output)),
      shutdown_(std::move(shutdown)) {
  // DATA: writes transmit; reads return the RX byte (no host input is connected: 0).
  registers().add(kData, "DATA", [] { return 0u; }, [this](uint32_t v, uint32_t) { transmit(static_cast<uint8_t>(v)); },
                  memory::RegisterBank::ReadEffect::Acts);
  // STATE: bit0 TX full (never), bit1 RX full (never), bits 2/3 overrun, write 1 to clear.
  registers().add(kState, "STATE", [this] { return state_overrun_; }, [this](uint32_t v, uint32_t) { state_overrun_ &= ~(v & 0xCu); });
  registers().add(kCtrl, "CTRL", [this] { return ctrl_; }, [this](uint32_t v, uint32_t) {
    ctrl_ = v & 0x7F;
    update_irq();
  });
  // INTSTATUS reads / INTCLEAR writes share the offset (write 1 to clear).
  registers().add(kIntStatus, "INTSTATUS", [this] { return int_status_; }, [this](uint32_t v, uint32_t) {
    int_status_ &= ~(v & 0xFu);
    update_irq();
  });
  registers().add_storage(kBaudDiv, "BAUDDIV", baud_div_, 0xFFFFF);  // 20-bit divider
  registers().add_id_registers(kUartIds);
}

void CmsdkUart::transmit(uint8_t byte) {
  if ((ctrl_ & kCtrlTxEn) == 0) {
    // The transmitter is off: hardware drops the byte (QEMU's model does the same).
    if (!warned_tx_disabled_) spdlog::warn("{}: byte written to DATA while CTRL.TXEN is 0; dropped", name());
    warned_tx_disabled_ = true;
    return;
  }
  if (byte == kEot && options_.shutdown_on_eot) {
    if (shutdown_) shutdown_();
    return;
  }
  if (output_) output_(byte);
  if (!options_.shutdown_tag.empty()) {
    const std::string& tag = options_.shutdown_tag;
    // Small KMP-free matcher: restart at 0 (or 1 if the byte starts the tag) on mismatch.
    if (byte == static_cast<uint8_t>(tag[tag_matched_])) {
      if (++tag_matched_ == tag.size()) {
        tag_matched_ = 0;
        if (shutdown_) shutdown_();
      }
    } else {
      tag_matched_ = byte == static_cast<uint8_t>(tag[0]) ? 1 : 0;
    }
  }
  // The byte left the (instantaneous) shifter: the TX interrupt fires when enabled.
  if (ctrl_ & kCtrlTxIntEn) int_status_ |= kIntTx;
  update_irq();
}

void CmsdkUart::update_irq() {
  if (options_.tx_irq >= 0) irq_.set_irq_level(options_.tx_irq, (int_status_ & kIntTx) && (ctrl_ & kCtrlTxIntEn));
  if (options_.rx_irq >= 0) irq_.set_irq_level(options_.rx_irq, (int_status_ & kIntRx) && (ctrl_ & kCtrlRxIntEn));
}

}  // namespace corsim::sim
