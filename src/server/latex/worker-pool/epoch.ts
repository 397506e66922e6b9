// The clock the pool and its workers share: each thread has its own performance.timeOrigin, so
// time is told as milliseconds since the epoch, with sub-millisecond resolution.
export const epochNow = () => performance.timeOrigin + performance.now();
