import { Container, Graphics, Text, type Application } from 'pixi.js';
import { ease, redraw, tween } from '../shared/tween.ts';

const FONT = 'system-ui, Segoe UI, Roboto, sans-serif';
const WIN = 0x2fd67b;
const LOSE = 0xff5d6c;

/** The slider's span in the stage (the range input laid over it uses the same: 7 %…93 %, 79 %). */
export const TRACK = { left: 0.07, right: 0.93, y: 0.79 };

/**
 * The dice board (ADR 049), as Stake's dice: the last rolls, the roll counted up on a big number
 * roller, a slider split at the target into the losing and the winning side, and the result's marker
 * sliding to where the roll fell. It draws the roll the server made, never one of its own.
 */
export function createBoard(app: Application, speed: () => number) {
  const root = new Container();
  app.stage.addChild(root);
  let W = 0;
  let H = 0;
  let target = 50;
  let direction: 'under' | 'over' = 'over';
  let roll: { value: number; won: boolean } | null = null;
  let shown = 0;
  let markerAt = 50;
  const recent: { value: number; won: boolean }[] = [];
  const track = new Graphics();
  const scale = new Container();
  const knob = new Graphics();
  const marker = new Container();
  const number = new Text({
    text: '50,00',
    style: { fontFamily: FONT, fontWeight: '900', fontSize: 64, fill: 0xffffff },
    resolution: 2,
  });
  const history = new Container();
  number.anchor.set(0.5);
  root.addChild(history, number, track, scale, knob, marker);
  const x = (value: number) => W * TRACK.left + (W * (TRACK.right - TRACK.left) * value) / 100;
  /** A roll as the player reads it, always with two decimals («63,30»). */
  const rollText = (value: number) => (value / 100).toFixed(2).replace('.', ',');

  function drawTrack() {
    const y = H * TRACK.y;
    const h = Math.max(10, H * 0.035);
    const left = x(0);
    const right = x(100);
    const split = x(target);
    track.clear();
    // The rail the slider sits in, then the two sides of the target.
    track
      .roundRect(left - h, y - h * 1.4, right - left + 2 * h, h * 2.8, h * 1.4)
      .fill(0x0b0e1f)
      .stroke({ width: 1, color: 0x2c3358 });
    const [low, high] = direction === 'under' ? [WIN, LOSE] : [LOSE, WIN];
    track.roundRect(left, y - h / 2, split - left, h, h / 2).fill(low);
    track.roundRect(split, y - h / 2, right - split, h, h / 2).fill(high);
    track.roundRect(left, y - h / 2, right - left, h * 0.4, h / 4).fill({ color: 0xffffff, alpha: 0.18 });
    knob.clear();
    const k = h * 1.9;
    knob.roundRect(split - k / 2, y - k / 2 + 3, k, k, k * 0.22).fill({ color: 0x000000, alpha: 0.4 });
    knob
      .roundRect(split - k / 2, y - k / 2, k, k, k * 0.22)
      .fill(0x6c8cff)
      .stroke({ width: 2, color: 0xc9d5ff });
    knob.roundRect(split - k / 2, y - k / 2, k, k * 0.45, k * 0.22).fill({ color: 0xffffff, alpha: 0.2 });
    for (const dx of [-0.18, 0, 0.18])
      knob.rect(split + dx * k - 1, y - k * 0.25, 2, k * 0.5).fill({ color: 0x1b2560, alpha: 0.8 });
  }

  function drawScale() {
    scale.removeChildren().forEach((child) => child.destroy());
    for (const value of [0, 25, 50, 75, 100]) {
      const label = new Text({
        text: String(value),
        style: { fontFamily: FONT, fontWeight: '700', fontSize: Math.max(11, W * 0.026), fill: 0xa8aecb },
        resolution: 2,
      });
      label.anchor.set(0.5, 0);
      label.position.set(x(value), H * TRACK.y + H * 0.07);
      scale.addChild(label);
      scale.addChild(
        new Graphics()
          .rect(x(value) - 1, H * TRACK.y + H * 0.05, 2, H * 0.015)
          .fill({ color: 0xa8aecb, alpha: 0.6 }),
      );
    }
  }

  /** The marker: a hexagon with the roll in it, on a stem pointing at the track. */
  function drawMarker() {
    marker.removeChildren().forEach((child) => child.destroy());
    if (!roll) return;
    const r = Math.max(22, W * 0.055);
    const color = roll.won ? WIN : LOSE;
    const g = new Graphics();
    const hex: number[] = [];
    for (let i = 0; i < 6; i++)
      hex.push(Math.cos((i / 6) * Math.PI * 2) * r * 1.25, Math.sin((i / 6) * Math.PI * 2) * r * 0.8);
    g.poly([-r * 0.25, r * 0.7, r * 0.25, r * 0.7, 0, r * 1.15]).fill(color);
    g.poly(hex).fill(0xffffff).stroke({ width: 3, color });
    const label = new Text({
      text: rollText(markerAt * 100),
      style: {
        fontFamily: FONT,
        fontWeight: '900',
        fontSize: r * 0.62,
        fill: roll.won ? 0x0c7a3f : 0xc2283b,
      },
      resolution: 2,
    });
    label.anchor.set(0.5);
    marker.addChild(g, label);
    marker.position.set(x(markerAt), H * TRACK.y - r * 1.55);
  }

  function drawNumber() {
    number.style.fontSize = Math.max(40, Math.min(W * 0.17, H * 0.22));
    number.text = rollText(shown);
    number.style.fill = roll ? (roll.won ? WIN : LOSE) : 0xffffff;
    // Before the first roll the roller is only a placeholder, dimmed.
    number.alpha = roll ? 1 : 0.3;
    number.position.set(W / 2, H * 0.36);
  }

  function drawHistory() {
    history.removeChildren().forEach((child) => child.destroy({ children: true }));
    const size = Math.max(11, W * 0.028);
    let at = W - W * 0.04;
    for (const item of recent) {
      const label = new Text({
        text: rollText(item.value),
        style: { fontFamily: FONT, fontWeight: '800', fontSize: size, fill: item.won ? 0x05210f : 0xffffff },
        resolution: 2,
      });
      label.anchor.set(0.5);
      const w = label.width + size * 1.2;
      if (at - w < W * 0.04) break;
      const chip = new Container();
      chip.addChild(
        new Graphics()
          .roundRect(-w / 2, -size * 0.85, w, size * 1.7, size * 0.5)
          .fill(item.won ? WIN : 0x394066),
        label,
      );
      chip.position.set(at - w / 2, H * 0.09);
      history.addChild(chip);
      at -= w + size * 0.5;
    }
  }

  function layout() {
    W = app.screen.width;
    H = app.screen.height;
    drawTrack();
    drawScale();
    drawMarker();
    drawNumber();
    drawHistory();
    void redraw(app.ticker);
  }
  layout();
  app.renderer.on('resize', layout);

  return {
    /** The target and the direction the player set: the slider's two sides. */
    setTarget(value: number, side: 'under' | 'over') {
      target = value;
      direction = side;
      drawTrack();
      void redraw(app.ticker);
    },
    /** The roll: the number spins up to it while the marker slides to where it fell. */
    async roll(value: number, won: boolean) {
      const from = markerAt;
      const start = shown;
      roll = { value, won };
      const ms = 700 / Math.max(0.25, speed());
      number.style.fill = 0xffffff;
      number.alpha = 1;
      await tween(
        app.ticker,
        ms,
        (t) => {
          // The roller runs through random-looking digits first, then settles on the roll.
          shown =
            t < 0.7
              ? Math.floor((start + t * 9_973 * 7) % 10_000)
              : Math.round(start + (value - start) * ((t - 0.7) / 0.3));
          if (t >= 1) shown = value;
          markerAt = from + (value / 100 - from) * ease.outBack(t);
          markerAt = Math.max(0, Math.min(100, markerAt));
          number.text = rollText(shown);
          drawMarker();
        },
        ease.linear,
      );
      shown = value;
      markerAt = value / 100;
      drawNumber();
      drawMarker();
      recent.unshift({ value, won });
      recent.length = Math.min(recent.length, 10);
      drawHistory();
      await tween(app.ticker, 260 / Math.max(0.25, speed()), (t) =>
        number.scale.set(1 + Math.sin(t * Math.PI) * (won ? 0.14 : 0.05)),
      );
    },
    layout,
  };
}
