// At most `limit` tasks at once, the rest wait in order. The password hasher runs argon2id
// (19 MiB per hash) through it with one task per CPU the process may use: more hashes than
// cores at once only take turns on the same core, and switching between them costs each a
// quarter more CPU time (measured for the benchmarks: 7.2 ms per hash alone, 9.2 ms four at a time
// on one core), so sign-ins got slower the busier the service was.

export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(limit: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finishing task hands its slot straight to the next waiter, so none can slip in between.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else running--;
    }
  };
}
