import { Container, Graphics, Rectangle, Sprite, type Application, type Texture } from 'pixi.js';
import { GEM, gem, mine, slab } from '../shared/art.ts';
import { drawAhead } from '../shared/idle.ts';
import { ease, redraw, tween, wait } from '../shared/tween.ts';

export type TileLook = 'closed' | 'gem' | 'mine' | 'gem-dim' | 'mine-dim' | 'boom';
type Face = TileLook | 'hover';
const FACES: Face[] = ['closed', 'hover', 'gem', 'mine', 'gem-dim', 'mine-dim', 'boom'];

const TILES = 25;

/**
 * The 5×5 field drawn by the renderer: slabs that flip open on a gem or a mine. It draws what the
 * server answered; the DOM buttons laid over it take the clicks.
 */
export function createBoard(app: Application) {
  const root = new Container();
  app.stage.addChild(root);
  const looks: TileLook[] = Array<TileLook>(TILES).fill('closed');
  const cells: Container[] = [];
  let hovered = -1;
  let size = 0;
  let tile = 0;
  const positions: { x: number; y: number }[] = [];

  /** A tile's art at this tile size, its top-left corner at 0,0. */
  function art(face: Face): Container {
    const body = new Container();
    if (face === 'closed' || face === 'hover') body.addChild(slab(tile, face));
    else {
      body.addChild(slab(tile, face.endsWith('dim') ? 'dim' : 'open'));
      if (face === 'boom') {
        const flash = new Graphics()
          .roundRect(0, 0, tile, tile, tile * 0.16)
          .fill({ color: 0xff3b4f, alpha: 0.28 });
        body.addChild(flash);
      }
      const thing = face.startsWith('gem') ? gem(tile * 0.62, GEM) : mine(tile * 0.72);
      thing.position.set(tile / 2, tile / 2 + tile * 0.02);
      if (face.endsWith('dim')) {
        thing.alpha = face === 'mine-dim' ? 0.75 : 0.4;
        thing.scale.set(0.8);
      }
      body.addChild(thing);
    }
    return body;
  }

  // Each face is drawn once per tile size into a texture (a round flips up to 25 tiles, and building
  // their paths again each time was the longest script of a round); the tiles show them as sprites.
  const faces = new Map<Face, Texture>();
  function faceOf(face: Face): Texture {
    let texture = faces.get(face);
    if (texture) return texture;
    const body = art(face);
    const pad = tile * 0.12;
    texture = app.renderer.generateTexture({
      target: body,
      frame: new Rectangle(-pad, -pad, tile + pad * 2, tile + pad * 2),
      resolution: app.renderer.resolution,
      antialias: true,
    });
    body.destroy({ children: true });
    faces.set(face, texture);
    return texture;
  }

  function draw(index: number) {
    const cell = cells[index]!;
    const look = looks[index]!;
    const face: Face = look === 'closed' && hovered === index ? 'hover' : look;
    let sprite = cell.children[0] as Sprite | undefined;
    if (!sprite) {
      sprite = new Sprite();
      sprite.anchor.set(0.5);
      cell.addChild(sprite);
    }
    sprite.texture = faceOf(face);
  }

  function layout() {
    size = Math.min(app.screen.width, app.screen.height);
    const pad = size * 0.04;
    const gap = (size - 2 * pad) * 0.025;
    const before = tile;
    tile = (size - 2 * pad - 4 * gap) / 5;
    if (tile !== before) {
      for (const texture of faces.values()) texture.destroy(true);
      faces.clear();
      drawAhead(
        app.renderer,
        FACES.map((face) => () => faceOf(face)),
      );
    }
    root.position.set((app.screen.width - size) / 2, (app.screen.height - size) / 2);
    for (let index = 0; index < TILES; index++) {
      const x = pad + (index % 5) * (tile + gap) + tile / 2;
      const y = pad + Math.floor(index / 5) * (tile + gap) + tile / 2;
      positions[index] = { x, y };
      let cell = cells[index];
      if (!cell) {
        cell = new Container();
        cells[index] = cell;
        root.addChild(cell);
      }
      cell.position.set(x, y);
      draw(index);
    }
    void redraw(app.ticker);
  }
  layout();
  app.renderer.on('resize', layout);

  /** Sparks flying out of a tile. */
  function burst(index: number, color: number, count: number, reach: number) {
    const { x, y } = positions[index]!;
    const sparks = Array.from({ length: count }, (_, i) => {
      const spark = new Graphics().circle(0, 0, tile * (0.03 + (i % 3) * 0.012)).fill(color);
      spark.position.set(x, y);
      root.addChild(spark);
      const angle = (i / count) * Math.PI * 2 + (i % 2) * 0.3;
      return {
        spark,
        dx: Math.cos(angle) * tile * reach * (0.7 + (i % 4) * 0.12),
        dy: Math.sin(angle) * tile * reach,
      };
    });
    return tween(app.ticker, 520, (t) => {
      for (const { spark, dx, dy } of sparks) {
        spark.position.set(x + dx * t, y + dy * t + tile * 0.25 * t * t);
        spark.alpha = 1 - t;
      }
    }).then(() => sparks.forEach(({ spark }) => spark.destroy()));
  }

  /** A tile flips: it shrinks to an edge, turns, and opens on its art with a spring. */
  async function flip(index: number, look: TileLook) {
    const cell = cells[index]!;
    await tween(app.ticker, 110, (t) => cell.scale.set(1 - t * 0.1, 1 - t), ease.inQuad);
    looks[index] = look;
    draw(index);
    await tween(app.ticker, 360, (t) => cell.scale.set(0.9 + 0.1 * t, t), ease.outBack);
    cell.scale.set(1);
  }

  async function shake() {
    const base = { x: root.position.x, y: root.position.y };
    await tween(
      app.ticker,
      420,
      (t) => {
        const power = (1 - t) * size * 0.018;
        root.position.set(base.x + Math.sin(t * 60) * power, base.y + Math.cos(t * 47) * power);
      },
      ease.linear,
    );
    root.position.set(base.x, base.y);
  }

  return {
    hover(index: number) {
      const before = hovered;
      hovered = index;
      if (before >= 0 && looks[before] === 'closed') draw(before);
      if (index >= 0 && looks[index] === 'closed') draw(index);
      void redraw(app.ticker);
    },
    /** A new round: every tile closes. */
    async reset() {
      const open = looks.map((look, index) => (look === 'closed' ? -1 : index)).filter((index) => index >= 0);
      await Promise.all(
        open.map(async (index, order) => {
          await wait(app.ticker, order * 8);
          const cell = cells[index]!;
          await tween(app.ticker, 120, (t) => cell.scale.set(1, 1 - t), ease.inQuad);
          looks[index] = 'closed';
          draw(index);
          await tween(app.ticker, 180, (t) => cell.scale.set(1, t), ease.outCubic);
        }),
      );
    },
    /** Shows a round as it stands at once (restoring an open round). */
    show(revealed: readonly number[]) {
      looks.fill('closed');
      for (const index of revealed) looks[index] = 'gem';
      layout();
    },
    async gem(index: number) {
      await flip(index, 'gem');
      void burst(index, 0x9dffc9, 10, 0.7);
    },
    async boom(index: number) {
      await flip(index, 'boom');
      void burst(index, 0xffa23b, 16, 1.2);
      await shake();
    },
    /** The rest of the field, once the round is over: the mines and the gems the player left. */
    async uncover(field: readonly number[]) {
      const rest = looks.map((look, index) => (look === 'closed' ? index : -1)).filter((index) => index >= 0);
      await Promise.all(
        rest.map(async (index, order) => {
          await wait(app.ticker, order * 22);
          await flip(index, field.includes(index) ? 'mine-dim' : 'gem-dim');
        }),
      );
    },
    /** The cash-out: every gem pulses once. */
    async celebrate() {
      const gems = looks.map((look, index) => (look === 'gem' ? index : -1)).filter((index) => index >= 0);
      await tween(app.ticker, 500, (t) => {
        const s = 1 + Math.sin(t * Math.PI) * 0.12;
        for (const index of gems) cells[index]!.scale.set(s);
      });
    },
  };
}

export type Board = ReturnType<typeof createBoard>;
