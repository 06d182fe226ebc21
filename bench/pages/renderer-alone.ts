import { Graphics, Sprite } from 'pixi.js';
import { startRenderer } from '../../apps/games/client/shared/renderer.ts';

/**
 * The renderer alone at a game's load (bench/suites/game-clients.bench.ts): Pixi started as the game
 * frame starts it (apps/games/client/shared/frame.ts), on a stage as large as a game's, moving every
 * frame as many textured sprites as a slot's spinning reels show, with no game code at all. What its
 * main thread spends per frame is what the renderer and this machine cost before a game adds anything.
 */
const SPRITES = 24;

const app = await startRenderer(document.getElementById('stage')!);

const { width, height } = app.screen;
const back = new Graphics()
  .roundRect(0, 0, width, height, 18)
  .fill(0x1b1f3a)
  .roundRect(8, 8, width - 16, height - 16, 14)
  .stroke({ width: 4, color: 0xe8b64c });
const tile = new Graphics()
  .roundRect(0, 0, 80, 80, 14)
  .fill(0xfdfbf4)
  .circle(40, 40, 26)
  .fill(0xd22f45)
  .poly([40, 18, 58, 52, 22, 52])
  .fill(0x1b1f33);
const tileTexture = app.renderer.generateTexture(tile);
app.stage.addChild(new Sprite(app.renderer.generateTexture(back)));
const sprites = Array.from({ length: SPRITES }, (_, i) => {
  const sprite = new Sprite(tileTexture);
  sprite.anchor.set(0.5);
  sprite.x = ((i % 6) + 0.5) * (width / 6);
  app.stage.addChild(sprite);
  return sprite;
});
app.ticker.add((ticker) => {
  const t = ticker.lastTime / 1000;
  sprites.forEach((sprite, i) => {
    sprite.y = (((t * 600 + i * 97) % (height + 80)) - 40) | 0;
    sprite.rotation = Math.sin(t + i) * 0.1;
  });
});
