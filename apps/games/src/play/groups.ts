/**
 * Calls gathered into groups (ADR 044): those made in one turn of the event loop run together in one
 * `run`, and those made while a group is on its way run together in the next, so a thousand calls in
 * the same seconds are a few dozen statements, and none waits behind more than one group. `run`
 * answers one result per item, in order; when it fails, every call of its group fails with it.
 */
export function inGroups<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; done: (result: R) => void; failed: (error: unknown) => void }[] = [];
  let running = false;

  async function flush() {
    running = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const results = await run(group.map((w) => w.item));
        group.forEach(({ done }, i) => done(results[i]!));
      } catch (error) {
        for (const { failed } of group) failed(error);
      }
    }
    running = false;
  }

  return (item: T): Promise<R> =>
    new Promise((done, failed) => {
      waiting.push({ item, done, failed });
      // Everything asked in this turn of the event loop joins; a group on its way takes the rest after.
      if (!running && waiting.length === 1) setImmediate(() => void flush());
    });
}
