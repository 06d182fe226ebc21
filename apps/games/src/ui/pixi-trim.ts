import type { Plugin } from 'esbuild';

/**
 * The parts of Pixi a game client never loads, left out of its one script (ADR 042 addendum, session 16).
 *
 * Pixi loads some of itself with `import()`: the WebGPU renderer when it picks WebGPU, and the
 * browser's extensions (accessibility, DOM containers, pointer events, filters) when a renderer
 * starts. Bundled as chunks those were files never fetched; bundled into one file per game they
 * were 110 KB of minified script (about 30 KB gzip) every phone downloaded and parsed. The clients
 * ask for WebGL, else the canvas (shared/renderer.ts: never WebGPU), take no pointer events from the
 * renderer (the player presses HTML laid over the board) and need no accessibility tree from it (the
 * same HTML is the board's accessible face). So:
 * - the WebGPU renderer is an empty module: the renderer's choice never reaches its `import()`;
 * - the browser's extensions are the filters alone (the slots' reels are masked, and a mask may
 *   need the filter pipe).
 */
export function pixiTrim(): Plugin {
  const empty = 'kometa-pixi-trim';
  return {
    name: 'kometa-pixi-trim',
    setup(build) {
      build.onResolve({ filter: /\/gpu\/WebGPURenderer\.mjs$/ }, (args) =>
        args.importer.includes('/pixi.js/') ? { path: 'webgpu-renderer', namespace: empty } : undefined,
      );
      build.onResolve({ filter: /\/browserAll\.mjs$/ }, (args) =>
        args.importer.includes('/pixi.js/') ? { path: 'browser-extensions', namespace: empty } : undefined,
      );
      build.onLoad({ filter: /^webgpu-renderer$/, namespace: empty }, () => ({
        contents: 'export const WebGPURenderer = undefined;',
        loader: 'js',
      }));
      build.onLoad({ filter: /^browser-extensions$/, namespace: empty }, () => ({
        contents: "import 'pixi.js/filters';",
        loader: 'js',
        resolveDir: import.meta.dirname,
      }));
    },
  };
}
