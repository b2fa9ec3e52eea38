// The job plan (npu/timing/job_schedule.h): DMAs and kernels on two engines, ordered by the
// command processor and its DMA_WAIT / KERNEL_WAIT (ethosu55_interface.h). Expected times are
// worked out by hand in the comments.
#include "npu/timing/job_schedule.h"

#include <gtest/gtest.h>

namespace corsim::npu::timing {
namespace {

Issue dma(int dma_wait = -1, int kernel_wait = -1) { return {true, dma_wait, kernel_wait}; }
Issue kernel(int dma_wait = -1, int kernel_wait = -1) { return {false, dma_wait, kernel_wait}; }

TEST(JobSchedule, WeightDmaForTheNextLayerRunsWhileTheCurrentLayerComputes) {
  // Vela's double buffering: DMA w0; DMA_WAIT 0; conv0; DMA w1; DMA_WAIT 0; conv1.
  JobSchedule s;
  const Slot w0 = s.place(dma(), 100);               // [0, 100)
  const Slot c0 = s.place(kernel(0), 500);           // waits for w0: [100, 600)
  const Slot w1 = s.place(dma(), 300);               // issued once conv0 started: [100, 400)
  const Slot c1 = s.place(kernel(0), 200);           // w1 done at 400, kernel free at 600: [600, 800)
  EXPECT_EQ(w0.start, 0u);
  EXPECT_EQ(c0.start, 100u);
  EXPECT_EQ(w1.start, 100u);
  EXPECT_EQ(w1.end, 400u);
  EXPECT_EQ(c1.start, 600u);
  EXPECT_EQ(s.end(), 800u);
  EXPECT_EQ(s.busy(), 800u);  // the engines are never both idle
}

TEST(JobSchedule, AKernelWaitHoldsADmaUntilTheKernelsItOverwritesHaveEnded) {
  // conv0; conv1; KERNEL_WAIT 1; DMA (overwrites conv0's input): the DMA waits until at most one
  // kernel is outstanding, i.e. conv0's end.
  JobSchedule s;
  s.place(kernel(), 400);                      // [0, 400)
  s.place(kernel(), 300);                      // [400, 700)
  const Slot d = s.place(dma(-1, 1), 50);      // issued at 400: [400, 450)
  EXPECT_EQ(d.start, 400u);
  JobSchedule t;
  t.place(kernel(), 400);
  t.place(kernel(), 300);
  const Slot d0 = t.place(dma(-1, 0), 50);     // KERNEL_WAIT 0: after both, [700, 750)
  EXPECT_EQ(d0.start, 700u);
  EXPECT_EQ(t.end(), 750u);
}

TEST(JobSchedule, TheCommandProcessorIssuesInOrder) {
  // A DMA behind a long DMA waits for the DMA engine; a kernel after it is issued only when that
  // DMA has started (one operation in flight per engine), so it cannot start before it.
  JobSchedule s;
  s.place(dma(), 1000);                        // [0, 1000)
  const Slot d2 = s.place(dma(), 10);          // [1000, 1010)
  const Slot k = s.place(kernel(), 5);         // issued at 1000: [1000, 1005)
  EXPECT_EQ(d2.start, 1000u);
  EXPECT_EQ(k.start, 1000u);
  EXPECT_EQ(s.start_of(kernel(0)), 1010u);     // a DMA_WAIT 0 kernel would wait for d2
}

TEST(JobSchedule, BusyCountsTheUnionOfTheSlotsAndExtendingMovesTheEnd) {
  JobSchedule s;
  s.place(kernel(), 100);                      // [0, 100)
  s.place(dma(), 30);                          // [0, 30): inside
  EXPECT_EQ(s.busy(), 100u);
  s.extend_last(kernel(), 150);                // contention found later: the kernel ends at 150
  EXPECT_EQ(s.end(), 150u);
  EXPECT_EQ(s.busy(), 150u);
  EXPECT_EQ(s.start_of(kernel()), 150u);
}

}  // namespace
}  // namespace corsim::npu::timing
