/**
 * A background loop: `poll` runs every `pollMs` once started, and again at once when it answers that it
 * found work; a failed poll is handed to `onError` and waited out like an idle one. `stop` ends the loop
 * and waits for the poll under way. The job queue and the activity stream's consumers run on it.
 */
export function createPoller(poll: () => Promise<boolean>, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  const wait = (ms: number, tick: () => void) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  return {
    /** The loop runs (started and not stopped). */
    isRunning: () => !stopped,
    start(pollMs: number) {
      stopped = false;
      const tick = () => {
        running = poll()
          .catch((error: unknown) => {
            onError(error);
            return false;
          })
          .then((busy) => {
            if (!stopped) wait(busy ? 0 : pollMs, tick);
          });
      };
      wait(pollMs, tick);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
