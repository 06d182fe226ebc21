import { Container, Graphics, Text, type Application } from 'pixi.js';
import { formatNumber } from '@kometa/money';
import { ease, redraw, tween } from '../shared/tween.ts';

/** A bucket's colour by how far it is from the centre: gold in the middle, red at the edges. */
function bucketColor(distance: number): number {
  const stops = [
    [0, 0xffc83d],
    [0.5, 0xff8a3d],
    [1, 0xff3b5c],
  ] as const;
  let index = 0;
  while (index < stops.length - 2 && distance > stops[index + 1]![0]) index++;
  const [a, from] = stops[index]!;
  const [b, to] = stops[index + 1]!;
  const t = (distance - a) / (b - a);
  const channel = (shift: number) =>
    Math.round(((from >> shift) & 255) + (((to >> shift) & 255) - ((from >> shift) & 255)) * t);
  return (channel(16) << 16) | (channel(8) << 8) | channel(0);
}

/**
 * The plinko board drawn by the renderer: pegs in a triangle, the buckets with their multipliers, and
 * balls that fall along the path the server settled (left or right at each row), lighting the pegs
 * they touch and the bucket they land in.
 */
export function createBoard(app: Application, onPeg: (row: number) => void) {
  const root = new Container();
  const pegLayer = new Container();
  const bucketLayer = new Container();
  const ballLayer = new Container();
  root.addChild(pegLayer, bucketLayer, ballLayer);
  app.stage.addChild(root);
  let rows = 12;
  let table: readonly number[] = [];
  let s = 0;
  let top = 0;
  let rowHeight = 0;
  let pegRadius = 0;
  const pegs: Graphics[][] = [];
  const buckets: Container[] = [];

  const pegX = (row: number, index: number) => app.screen.width / 2 + (index - (row + 2) / 2) * s;
  const rowY = (row: number) => top + row * rowHeight;
  const bucketY = () => rowY(rows - 1) + rowHeight * 0.75;

  function layout() {
    const width = app.screen.width;
    const height = app.screen.height;
    s = Math.min((width * 0.95) / (rows + 1.6), (height * 0.95) / (rows * 0.9 + 2.4));
    rowHeight = s * 0.9;
    top = (height - (rows * 0.9 + 2.2) * s) / 2 + s * 0.8;
    pegRadius = Math.max(2, s * 0.11);
    pegLayer.removeChildren().forEach((child) => child.destroy());
    bucketLayer.removeChildren().forEach((child) => child.destroy());
    pegs.length = 0;
    buckets.length = 0;
    for (let row = 0; row < rows; row++) {
      pegs[row] = [];
      for (let index = 0; index < row + 3; index++) {
        const peg = new Graphics()
          .circle(0, 0, pegRadius * 1.9)
          .fill({ color: 0xffffff, alpha: 0 })
          .circle(0, 0, pegRadius)
          .fill(0xe9ecff)
          .circle(-pegRadius * 0.3, -pegRadius * 0.3, pegRadius * 0.35)
          .fill({ color: 0xffffff, alpha: 0.9 });
        peg.position.set(pegX(row, index), rowY(row));
        pegLayer.addChild(peg);
        pegs[row]!.push(peg);
      }
    }
    const bucketWidth = s * 0.9;
    const bucketHeight = Math.max(20, s * 0.78);
    const fontSize = Math.max(8, Math.min(s * 0.3, bucketHeight * 0.42));
    for (let bucket = 0; bucket <= rows; bucket++) {
      const container = new Container();
      const distance = Math.abs(bucket - rows / 2) / (rows / 2);
      const color = bucketColor(distance);
      const shape = new Graphics()
        .roundRect(-bucketWidth / 2, s * 0.08, bucketWidth, bucketHeight, bucketWidth * 0.18)
        .fill({ color: 0x000000, alpha: 0.35 })
        .roundRect(-bucketWidth / 2, 0, bucketWidth, bucketHeight, bucketWidth * 0.18)
        .fill(color)
        .roundRect(-bucketWidth / 2, 0, bucketWidth, bucketHeight * 0.45, bucketWidth * 0.18)
        .fill({ color: 0xffffff, alpha: 0.16 });
      const multiplier = (table[bucket] ?? 0) / 100;
      const label = new Text({
        text: `${formatNumber(multiplier, multiplier >= 100 ? 0 : 2)}${rows <= 12 ? '×' : ''}`,
        style: { fontFamily: 'system-ui, sans-serif', fontSize, fontWeight: '800', fill: 0x1b0a10 },
      });
      label.anchor.set(0.5);
      label.position.set(0, bucketHeight / 2);
      if (label.width > bucketWidth * 0.94) label.scale.set((bucketWidth * 0.94) / label.width);
      container.addChild(shape, label);
      container.position.set(app.screen.width / 2 + (bucket - rows / 2) * s, bucketY());
      bucketLayer.addChild(container);
      buckets.push(container);
    }
    void redraw(app.ticker);
  }
  app.renderer.on('resize', layout);

  /** A peg that was hit glows for a moment. */
  function flash(row: number, index: number) {
    const peg = pegs[row]?.[index];
    if (!peg) return;
    const ring = new Graphics().circle(0, 0, pegRadius * 2.2).fill({ color: 0xffd27a, alpha: 0.8 });
    ring.blendMode = 'add';
    ring.position.copyFrom(peg.position);
    pegLayer.addChildAt(ring, 0);
    void tween(app.ticker, 260, (t) => {
      ring.alpha = 1 - t;
      ring.scale.set(0.6 + t * 0.8);
    }).then(() => ring.destroy());
  }

  return {
    setTable(nextRows: number, nextTable: readonly number[]) {
      rows = nextRows;
      table = nextTable;
      layout();
    },
    /** Drops a ball along `path` (0 left, 1 right at each row); resolves when it lies in its bucket. */
    async drop(path: readonly number[], bucket: number) {
      const ballRows = path.length;
      const radius = Math.max(3, s * 0.2);
      const ball = new Graphics()
        .circle(0, 0, radius)
        .fill(0xff5277)
        .circle(-radius * 0.3, -radius * 0.35, radius * 0.35)
        .fill({ color: 0xffffff, alpha: 0.6 });
      ballLayer.addChild(ball);
      const centre = app.screen.width / 2;
      const restY = (row: number) => rowY(row) - pegRadius - radius;
      // From above the board onto the first peg.
      await tween(
        app.ticker,
        220,
        (t) => ball.position.set(centre, restY(0) - s * 1.2 * (1 - t)),
        ease.inQuad,
      );
      let offset = 0;
      for (let row = 0; row < ballRows; row++) {
        flash(row, Math.round(offset + (row + 2) / 2));
        onPeg(row);
        const fromX = centre + offset * s;
        const step = path[row] === 1 ? 0.5 : -0.5;
        offset += step;
        const toX = centre + offset * s;
        const fromY = restY(row);
        const toY = row + 1 < ballRows ? restY(row + 1) : bucketY() + s * 0.2;
        const hop = s * 0.28;
        await tween(
          app.ticker,
          row + 1 < ballRows ? 120 : 170,
          (t) =>
            ball.position.set(
              fromX + (toX - fromX) * ease.outCubic(t),
              fromY + (toY - fromY) * t * t - hop * Math.sin(Math.PI * t),
            ),
          ease.linear,
        );
      }
      const target = buckets[bucket];
      ball.destroy();
      if (target) {
        const y = target.position.y;
        void tween(
          app.ticker,
          380,
          (t) => (target.position.y = y + Math.sin(Math.PI * t) * s * 0.22),
          ease.linear,
        );
      }
    },
  };
}

export type Board = ReturnType<typeof createBoard>;
