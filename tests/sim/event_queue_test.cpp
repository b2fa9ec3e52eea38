#include "sim/event_queue.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace corsim::sim {
namespace {

TEST(EventQueue, FiresInTimeThenPriorityThenSchedulingOrder) {
  EventQueue q;
  std::vector<std::string> log;
  q.schedule(20, [&](Cycles t) { log.push_back("b@" + std::to_string(t)); });
  q.schedule(10, [&](Cycles t) { log.push_back("a@" + std::to_string(t)); });
  q.schedule(20, [&](Cycles) { log.push_back("prio-1"); }, -1);
  q.schedule(20, [&](Cycles) { log.push_back("c"); });
  EXPECT_EQ(q.next_time(), 10u);
  EXPECT_EQ(q.run_until(19), 1u);
  EXPECT_EQ(q.run_until(20), 3u);
  EXPECT_EQ(log, (std::vector<std::string>{"a@10", "prio-1", "b@20", "c"}));
  EXPECT_TRUE(q.empty());
  EXPECT_FALSE(q.next_time().has_value());
}

TEST(EventQueue, CancelRemovesOnlyThatEvent) {
  EventQueue q;
  int fired = 0;
  auto a = q.schedule(5, [&](Cycles) { fired += 1; });
  q.schedule(5, [&](Cycles) { fired += 10; });
  EXPECT_TRUE(q.pending(a));
  EXPECT_TRUE(q.cancel(a));
  EXPECT_FALSE(q.cancel(a));
  EXPECT_FALSE(q.cancel(EventQueue::kNoEvent));
  q.run_until(100);
  EXPECT_EQ(fired, 10);
}

TEST(EventQueue, EventsScheduledByCallbacksForNowFireInTheSameRun) {
  EventQueue q;
  std::vector<Cycles> times;
  q.schedule(3, [&](Cycles t) {
    times.push_back(t);
    q.schedule(3, [&](Cycles t2) { times.push_back(t2); });
    q.schedule(9, [&](Cycles t3) { times.push_back(t3); });
  });
  q.run_until(5);
  EXPECT_EQ(times, (std::vector<Cycles>{3, 3}));
  EXPECT_EQ(q.next_time(), 9u);
}

TEST(EventQueue, ReportsWhenTheEarliestTimeMovesEarlier) {
  EventQueue q;
  std::vector<Cycles> calls;
  q.set_on_earliest_change([&](Cycles t) { calls.push_back(t); });
  q.schedule(100, [](Cycles) {});
  q.schedule(200, [](Cycles) {});  // not earlier: no call
  q.schedule(50, [](Cycles) {});
  EXPECT_EQ(calls, (std::vector<Cycles>{100, 50}));
}

TEST(EventQueue, TwoQueuesAreIndependent) {
  EventQueue a, b;
  int fa = 0, fb = 0;
  a.schedule(1, [&](Cycles) { ++fa; });
  b.schedule(1, [&](Cycles) { ++fb; });
  a.run_until(1);
  EXPECT_EQ(fa, 1);
  EXPECT_EQ(fb, 0);
}

}  // namespace
}  // namespace corsim::sim
