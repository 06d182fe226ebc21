import type { ApplicationOptions } from 'pixi.js';

/**
 * How every game client starts its renderer (ADR 042): WebGL where the device has it, else the canvas;
 * sized to its host, sharp on a phone's screen (at most twice its pixels), on a transparent ground.
 */
export const rendererOptions = (host: HTMLElement): Partial<ApplicationOptions> => ({
  resizeTo: host,
  backgroundAlpha: 0,
  antialias: true,
  autoDensity: true,
  resolution: Math.min(window.devicePixelRatio || 1, 2),
  preference: 'webgl',
});
