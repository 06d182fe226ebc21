import { Container, Graphics, type Application } from 'pixi.js';

/** The rocket drawn as vectors, nose along +x, centred near its body (no images, no emoji). */
function rocket(size: number): Container {
  const body = new Container();
  const flame = new Graphics();
  flame.label = 'flame';
  const g = new Graphics();
  const s = size / 70;
  const p = (points: number[]) => points.map((value) => value * s);
  // Fins, hull with its shaded underside, the red nose, the window.
  g.poly(p([-30, -10, -44, -22, -18, -12])).fill(0xff4f6d);
  g.poly(p([-30, 10, -44, 22, -18, 12])).fill(0xd93a58);
  g.moveTo(-36 * s, -11 * s)
    .quadraticCurveTo(10 * s, -16 * s, 34 * s, 0)
    .quadraticCurveTo(10 * s, 16 * s, -36 * s, 11 * s)
    .closePath()
    .fill(0xeef1ff);
  g.moveTo(-36 * s, 4 * s)
    .quadraticCurveTo(10 * s, 9 * s, 34 * s, 0)
    .quadraticCurveTo(10 * s, 16 * s, -36 * s, 11 * s)
    .closePath()
    .fill(0xb9c0e8);
  g.moveTo(20 * s, -7 * s)
    .quadraticCurveTo(30 * s, -4 * s, 34 * s, 0)
    .quadraticCurveTo(30 * s, 4 * s, 20 * s, 7 * s)
    .closePath()
    .fill(0xff4f6d);
  g.circle(4 * s, 0, 6.5 * s).fill(0x2a3270);
  g.circle(4 * s, 0, 4 * s).fill(0x6fd3ff);
  g.circle(2.5 * s, -1.5 * s, 1.5 * s).fill({ color: 0xffffff, alpha: 0.8 });
  body.addChild(flame, g);
  return body;
}

function drawFlame(flame: Graphics, size: number, flicker: number) {
  const s = size / 70;
  const length = (26 + flicker * 14) * s;
  flame.clear();
  flame
    .moveTo(-36 * s, -7 * s)
    .quadraticCurveTo(-36 * s - length, 0, -36 * s, 7 * s)
    .closePath()
    .fill({ color: 0xffb13d, alpha: 0.75 });
  flame
    .moveTo(-36 * s, -4 * s)
    .quadraticCurveTo(-36 * s - length * 0.6, 0, -36 * s, 4 * s)
    .closePath()
    .fill(0xfff3c4);
}

interface Spark {
  g: Graphics;
  vx: number;
  vy: number;
  life: number;
}

/**
 * The crash board: a starfield, the axes, the curve the multiplier follows (e^(growth·t)) with its
 * glow and fill, the rocket riding its tip, and the burst when the round crashes. The flight is drawn
 * from the server's clock: `fly(elapsed)` says how far into the flight the round already is.
 */
export function createBoard(app: Application, growth: number) {
  const stars = new Graphics();
  const axes = new Graphics();
  const area = new Graphics();
  const curve = new Graphics();
  const ship = rocket(64);
  const sparks = new Container();
  app.stage.addChild(stars, axes, area, curve, sparks, ship);
  const field = Array.from({ length: 70 }, () => ({ x: Math.random(), y: Math.random(), r: Math.random() }));

  let phase: 'betting' | 'flying' | 'crashed' = 'betting';
  let startedAt = performance.now();
  let crashedAt = 0;
  let point = 100;
  let onTick: (multiplier: number) => void = () => undefined;
  let burst: Spark[] = [];

  const elapsedNow = () => (phase === 'crashed' ? crashedAt : performance.now() - startedAt);
  const multiplierAt = (ms: number) => Math.max(1, Math.exp(growth * ms));

  function drawStars(drift: number) {
    const { width, height } = app.screen;
    stars.clear();
    for (const star of field) {
      const x = (((star.x - drift * (0.2 + star.r * 0.4)) % 1) + 1) % 1;
      stars
        .circle(x * width, star.y * height * 0.9, 0.6 + star.r * 1.3)
        .fill({ color: 0xffffff, alpha: 0.25 + star.r * 0.5 });
    }
  }

  function layout() {
    const { width, height } = app.screen;
    const pad = { left: width * 0.08, right: width * 0.08, top: height * 0.16, bottom: height * 0.12 };
    return { ...pad, w: width - pad.left - pad.right, h: height - pad.top - pad.bottom, width, height };
  }

  function draw() {
    const box = layout();
    const ms = elapsedNow();
    const m = phase === 'betting' ? 1 : phase === 'crashed' ? point / 100 : multiplierAt(ms);
    const xMax = Math.max(8_000, ms * 1.15);
    const yMax = Math.max(2, 1 + (m - 1) * 1.25);
    const toX = (t: number) => box.left + (t / xMax) * box.w;
    const toY = (value: number) => box.top + box.h - ((value - 1) / (yMax - 1)) * box.h;
    drawStars(ms / 40_000);

    axes.clear();
    const step = yMax <= 3 ? 0.5 : yMax <= 6 ? 1 : yMax <= 20 ? 5 : 10 ** Math.floor(Math.log10(yMax));
    for (let value = 1 + step; value < yMax; value += step)
      axes
        .moveTo(box.left, toY(value))
        .lineTo(box.left + box.w, toY(value))
        .stroke({ width: 1, color: 0xffffff, alpha: 0.06 });
    axes
      .moveTo(box.left, box.top)
      .lineTo(box.left, box.top + box.h)
      .lineTo(box.left + box.w, box.top + box.h)
      .stroke({ width: 2, color: 0x3a4270, alpha: 0.9 });

    area.clear();
    curve.clear();
    const color = phase === 'crashed' ? 0xff5d6c : 0xffb13d;
    // On the pad, the rocket waits inside the board, nose up.
    let tipX = box.left + Math.min(60, box.w * 0.1);
    let tipY = box.top + box.h - Math.min(40, box.h * 0.12);
    let angle = -Math.PI / 2.6;
    if (phase !== 'betting') {
      const points: number[] = [];
      const samples = 64;
      for (let i = 0; i <= samples; i++) {
        const t = (ms * i) / samples;
        points.push(toX(t), toY(Math.min(multiplierAt(t), m)));
      }
      tipX = points[points.length - 2]!;
      tipY = points[points.length - 1]!;
      const beforeX = points[points.length - 4] ?? tipX - 1;
      const beforeY = points[points.length - 3] ?? tipY;
      angle = Math.atan2(tipY - beforeY, tipX - beforeX);
      area.poly([...points, tipX, box.top + box.h, box.left, box.top + box.h]).fill({ color, alpha: 0.12 });
      curve.moveTo(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) curve.lineTo(points[i]!, points[i + 1]!);
      curve.stroke({ width: 12, color, alpha: 0.15, cap: 'round', join: 'round' });
      curve.moveTo(points[0]!, points[1]!);
      for (let i = 2; i < points.length; i += 2) curve.lineTo(points[i]!, points[i + 1]!);
      curve.stroke({ width: 5, color, alpha: 1, cap: 'round', join: 'round' });
    }
    ship.visible = phase !== 'crashed';
    ship.position.set(tipX, tipY);
    ship.rotation = angle;
    ship.scale.set(Math.max(0.6, Math.min(1.2, box.width / 700)));
    drawFlame(ship.getChildByLabel('flame') as Graphics, 64, phase === 'flying' ? Math.random() : 0.2);

    burst = burst.filter((spark) => {
      spark.g.x += spark.vx;
      spark.g.y += spark.vy;
      spark.vy += 0.08;
      spark.life -= 0.02;
      spark.g.alpha = Math.max(0, spark.life);
      if (spark.life > 0) return true;
      spark.g.destroy();
      return false;
    });
    if (phase === 'flying') onTick(Math.floor(m * 100 + 1e-9));
  }

  function explode(x: number, y: number) {
    for (let i = 0; i < 46; i++) {
      const g = new Graphics();
      const hue = [0xffb13d, 0xff5d6c, 0xfff3c4, 0xff4f9a][i % 4]!;
      g.circle(0, 0, 2 + Math.random() * 4).fill(hue);
      g.position.set(x, y);
      const a = Math.random() * Math.PI * 2;
      const v = 1.5 + Math.random() * 5;
      sparks.addChild(g);
      burst.push({ g, vx: Math.cos(a) * v, vy: Math.sin(a) * v, life: 1 });
    }
  }

  // 30 frames a second are smooth for a curve and spare a phone's battery (and a busy machine's CPU).
  app.ticker.maxFPS = 30;
  app.ticker.add(draw);
  if (!app.ticker.started) app.ticker.start();

  return {
    /** The betting phase: the rocket waits on the pad. */
    waiting() {
      phase = 'betting';
      for (const spark of burst) spark.g.destroy();
      burst = [];
    },
    /** The flight, `elapsed` ms in already (a player who joins mid-flight sees the same curve). */
    fly(elapsed: number, tick: (multiplier: number) => void) {
      phase = 'flying';
      startedAt = performance.now() - elapsed;
      onTick = tick;
    },
    /** The crash at `crashPoint` hundredths: the curve turns red where it ends and the rocket bursts. */
    crash(crashPoint: number) {
      point = crashPoint;
      crashedAt = Math.log(crashPoint / 100) / growth;
      phase = 'crashed';
      draw();
      explode(ship.x, ship.y);
    },
  };
}
