#pragma once
// CMSDK APB UART (Arm CMSDK TRM DDI 0479 "APB UART"). Transmission is
// instantaneous: the TX buffer is never full and each byte goes straight to the host sink. Byte
// 0x04 (EOT) ends the run when shutdown_on_eot is set, like the FVP's uart0.shutdown_on_eot; a
// configured shutdown tag string does the same when it appears in the output.
#include <cstdint>
#include <functional>
#include <string>

#include "sim/devices/device_context.h"
#include "memory/register_bank.h"

namespace corsim::sim {

struct UartOptions {
  bool shutdown_on_eot = true;
  std::string shutdown_tag;  // FVP uart0.shutdown_tag; empty: off
  int tx_irq = -1;           // NVIC lines, -1: not wired
  int rx_irq = -1;
};

class CmsdkUart final : public memory::RegisterTarget {
 public:
  using Output = std::function<void(uint8_t)>;
  using Shutdown = std::function<void()>;

  CmsdkUart(std::string name, IrqSink& irq, UartOptions options, Output output, Shutdown shutdown);

  // Register offsets and bits (CMSDK TRM, APB UART programmers model).
  static constexpr uint32_t kData = 0x000, kState = 0x004, kCtrl = 0x008, kIntStatus = 0x00C, kBaudDiv = 0x010;
  static constexpr uint32_t kCtrlTxEn = 1u << 0, kCtrlRxEn = 1u << 1, kCtrlTxIntEn = 1u << 2, kCtrlRxIntEn = 1u << 3;
  static constexpr uint32_t kIntTx = 1u << 0, kIntRx = 1u << 1;

 private:
  void transmit(uint8_t byte);
  void update_irq();

  IrqSink& irq_;
  UartOptions options_;
  Output output_;
  Shutdown shutdown_;
  uint32_t ctrl_ = 0, int_status_ = 0, baud_div_ = 0, state_overrun_ = 0;
  size_t tag_matched_ = 0;
  bool warned_tx_disabled_ = false;
};

}  // namespace corsim::sim
