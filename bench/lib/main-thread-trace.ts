/**
 * A Chromium trace of a page's main thread, read for the time its tasks spent on the page's own work.
 *
 * Without a GPU (`--disable-gpu`, as on this machine and CI's) Chromium draws WebGL in SwiftShader, in
 * the GPU process, and composites the page in software: every frame the main thread reads the canvas
 * back (`GLES2::ReadPixels` under `LayerTreeHost::DoUpdateLayers`) and waits there until SwiftShader
 * has drawn everything the frame asked for. A phone's GPU draws and composites off the main thread, so
 * a task's time less those waits is the main thread's own work as a phone would see it.
 *
 * Two more things in a trace are this machine's and the test tool's, not the page's:
 * - SwiftShader's threads, the game server and the bench share two cores with the page, so a task's
 *   wall time holds spells where its thread was ready but not running. The thread's CPU time (`tdur`)
 *   does not; DevTools' CPU slowdown holds the thread back by spinning in a signal handler on it
 *   (Blink's ThreadCPUThrottler), so the slowdown stays in the CPU time. A task's own work is read in CPU time, its wall time kept beside it.
 * - Tasks that run a DevTools command (`blink.mojom.DevToolsSession`): the test tool's, such as
 *   Playwright injecting its 330 KB selector engine before the first tap. No player's page runs them.
 */

/** The categories the trace needs: the tasks, the GPU client's calls, the compositor's frame steps. */
export const MAIN_THREAD_CATEGORIES = ['toplevel', 'gpu', 'benchmark'];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time within the event (µs). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; chrome_mojo_event_info?: { mojo_interface_tag?: string } };
}

export interface MainThreadTasks {
  /** The longest task's own work: its CPU time less the software compositing's readback (ms). */
  longestOwnMs: number;
  /** That task's whole wall time, the readback and time off the CPU included (ms). */
  longestOwnWholeMs: number;
  /** Tasks whose own work was over 50 ms. */
  longOwnTasks: number;
  /** The longest task in wall time less the readback's wall time (the figure before CPU time, ms). */
  longestOwnWallMs: number;
  /** The longest whole task (ms). */
  longestWholeMs: number;
  /** Tasks that ran the test tool's DevTools commands, left out of the figures above. */
  toolTasks: number;
}

const TASK = 'ThreadControllerImpl::RunTask';
const READBACK = 'GLES2::ReadPixels';
const COMPOSITING = 'LayerTreeHost::DoUpdateLayers';
const MESSAGE = 'Receive mojo message';
const DEVTOOLS = 'blink.mojom.DevToolsSession';

const within = (inner: TraceEvent, outer: TraceEvent) =>
  inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);

/** Reads a trace (Playwright's `browser.stopTracing()`) for the renderers' main-thread tasks. */
export function mainThreadTasks(trace: Buffer): MainThreadTasks {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !mains.has(thread)) continue;
    if (e.name !== TASK && e.name !== READBACK && e.name !== COMPOSITING && e.name !== MESSAGE) continue;
    const list = byThread.get(thread) ?? [];
    list.push(e);
    byThread.set(thread, list);
  }
  const result: MainThreadTasks = {
    longestOwnMs: 0,
    longestOwnWholeMs: 0,
    longOwnTasks: 0,
    longestOwnWallMs: 0,
    longestWholeMs: 0,
    toolTasks: 0,
  };
  for (const thread of byThread.values()) {
    const compositing = thread.filter((e) => e.name === COMPOSITING);
    // Only the compositor's readbacks: a game reading its own pixels (a paytable's picture) is its work.
    const readbacks = thread.filter((e) => e.name === READBACK && compositing.some((c) => within(e, c)));
    const commands = thread.filter(
      (e) => e.name === MESSAGE && e.args?.chrome_mojo_event_info?.mojo_interface_tag === DEVTOOLS,
    );
    for (const task of thread.filter((e) => e.name === TASK)) {
      if (commands.some((command) => within(command, task) && command.dur! * 2 > task.dur!)) {
        result.toolTasks++;
        continue;
      }
      const waits = readbacks.filter((r) => within(r, task));
      const waitedWall = waits.reduce((sum, r) => sum + r.dur!, 0);
      const waitedCpu = waits.reduce((sum, r) => sum + (r.tdur ?? r.dur!), 0);
      const own = ((task.tdur ?? task.dur!) - waitedCpu) / 1000;
      if (own > 50) result.longOwnTasks++;
      if (own > result.longestOwnMs) {
        result.longestOwnMs = own;
        result.longestOwnWholeMs = task.dur! / 1000;
      }
      result.longestOwnWallMs = Math.max(result.longestOwnWallMs, (task.dur! - waitedWall) / 1000);
      result.longestWholeMs = Math.max(result.longestWholeMs, task.dur! / 1000);
    }
  }
  return result;
}
