import { Application, type Renderer } from 'pixi.js';

/**
 * Starts a game client's renderer (ADR 042) in `host`: WebGL where the device has it, else the
 * canvas (never WebGPU: its renderer is left out of the bundle, src/ui/pixi-trim.ts); sized to its
 * host, sharp on a phone's screen (at most twice its pixels), on a transparent ground. It listens to
 * no pointer: whatever the player presses is HTML laid over the board, and the renderer's own events
 * would hit-test the whole stage on every move and tap (ADR 042 addendum, session 14). Pixi's event
 * system is not in the bundle at all (session 16).
 */
export async function startRenderer(host: HTMLElement): Promise<Application> {
  const app = new Application();
  await app.init({
    // Made at its host's size: the context is not made at 800×600 and then resized (with its
    // antialiasing buffers) before the first frame.
    width: host.clientWidth || undefined,
    height: host.clientHeight || undefined,
    resizeTo: host,
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    preference: ['webgl', 'canvas'],
  });
  host.append(app.canvas);
  return app;
}

/**
 * Sends the GPU the drawing queued so far (the textures `drawAhead` drew in idle time), so that it
 * draws them now, off the main thread, rather than in the next frame the player sees.
 */
export function submit(renderer: Renderer): void {
  if ('gl' in renderer) renderer.gl.flush();
}
