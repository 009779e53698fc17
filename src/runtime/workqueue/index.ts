export { WorkQueue, type WorkQueueOptions, type QueueMetricsSink } from './queue.js';
export {
  type RateLimiter,
  ExponentialFailureRateLimiter,
  BucketRateLimiter,
  MaxOfRateLimiter,
  defaultControllerRateLimiter,
} from './rate-limiter.js';
export { type Clock, type TimerHandle, realClock, FakeClock } from './clock.js';
