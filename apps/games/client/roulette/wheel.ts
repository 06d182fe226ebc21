import { Container, FillGradient, Graphics, Text, type Application } from 'pixi.js';
import { ease, tween } from '../shared/tween.ts';
import { colourOf, WHEEL_ORDER } from './layout.ts';

const STEP = (Math.PI * 2) / WHEEL_ORDER.length;
const POCKET_COLOUR = { red: 0xc8202c, black: 0x17191f, green: 0x138a45 };
const FLOOR_COLOUR = { red: 0x7d121a, black: 0x0b0c10, green: 0x0b5a2c };

const linear = (stops: [number, number][], from = { x: 0, y: 0 }, to = { x: 0, y: 1 }) =>
  new FillGradient({
    type: 'linear',
    start: from,
    end: to,
    colorStops: stops.map(([offset, color]) => ({ offset, color })),
  });

const radial = (stops: [number, number][]) =>
  new FillGradient({
    type: 'radial',
    center: { x: 0.5, y: 0.5 },
    innerRadius: 0,
    outerCenter: { x: 0.5, y: 0.5 },
    outerRadius: 0.5,
    colorStops: stops.map(([offset, color]) => ({ offset, color })),
  });

let gold: FillGradient | undefined;
const GOLD = () =>
  (gold ??= linear(
    [
      [0, 0xfff0b3],
      [0.35, 0xd9a93f],
      [0.6, 0x8a5a14],
      [1, 0xf5d77a],
    ],
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ));

/** A ring sector from angle a0 to a1 between radii r0 and r1. */
function sector(g: Graphics, r0: number, r1: number, a0: number, a1: number) {
  return g
    .moveTo(Math.cos(a0) * r1, Math.sin(a0) * r1)
    .arc(0, 0, r1, a0, a1)
    .lineTo(Math.cos(a1) * r0, Math.sin(a1) * r0)
    .arc(0, 0, r0, a1, a0, true)
    .closePath();
}

/**
 * The wheel drawn in code: a wooden bowl with a gilded rim, a polished ball track with its diamonds,
 * the 37 pockets in the European order under their numbers, the cone and the turret. It spins while
 * the ball runs the other way and drops into the pocket the server settled.
 */
export function createWheel(app: Application, onBounce: () => void) {
  const root = new Container();
  const bowl = new Container();
  const rotor = new Container();
  const glow = new Graphics();
  const ball = new Graphics();
  root.addChild(bowl, rotor, glow, ball);
  let R = 100;
  /** The rotor's angle, and where the ball lies in it (relative to the rotor), once it has landed. */
  let angle = 0;
  let landed: number | null = null;
  let rolling = false;

  const ballRadius = () => R * 0.034;
  const place = (absolute: number, radius: number) =>
    ball.position.set(Math.cos(absolute) * radius, Math.sin(absolute) * radius);
  /** A pocket's centre angle in the rotor (pocket 0 of the order at the top). */
  const pocketAngle = (n: number) => -Math.PI / 2 + WHEEL_ORDER.indexOf(n) * STEP;

  /** Turns the rotor (and the lit pocket with it). */
  const turnTo = (value: number) => {
    angle = value;
    rotor.rotation = value;
    glow.rotation = value;
  };

  function draw() {
    // The bowl and the rotor are drawn once per size into textures: a spin only turns a picture.
    bowl.cacheAsTexture(false);
    rotor.cacheAsTexture(false);
    bowl.removeChildren().forEach((child) => child.destroy());
    rotor.removeChildren().forEach((child) => child.destroy({ children: true }));
    const base = new Graphics()
      .circle(0, R * 0.035, R * 1.01)
      .fill({ color: 0x000000, alpha: 0.45 })
      .circle(0, 0, R)
      .fill(
        linear([
          [0, 0x7a3d1a],
          [0.5, 0x4a210c],
          [1, 0x2a1106],
        ]),
      )
      .circle(0, 0, R * 0.965)
      .stroke({ width: R * 0.035, fill: GOLD() })
      // The ball track: dark polished wood with a sheen at the top.
      .circle(0, 0, R * 0.93)
      .fill(
        linear([
          [0, 0x3b2a22],
          [0.5, 0x1c120d],
          [1, 0x0f0906],
        ]),
      )
      .arc(0, 0, R * 0.88, Math.PI * 1.12, Math.PI * 1.88)
      .stroke({ width: R * 0.05, color: 0xffffff, alpha: 0.07 })
      .circle(0, 0, R * 0.765)
      .stroke({ width: R * 0.018, fill: GOLD() });
    // Eight diamonds on the track deflect the ball.
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
      const r = R * 0.83;
      const s = R * 0.035;
      const x = Math.cos(a) * r;
      const y = Math.sin(a) * r;
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      base
        .poly([
          x + ux * s * 1.8,
          y + uy * s * 1.8,
          x - uy * s,
          y + ux * s,
          x - ux * s * 1.8,
          y - uy * s * 1.8,
          x + uy * s,
          y - ux * s,
        ])
        .fill(GOLD());
    }
    bowl.addChild(base);

    // The rotor: numbers, pockets between gilded frets, the cone and the turret.
    const ring = new Graphics();
    WHEEL_ORDER.forEach((n, i) => {
      const a = -Math.PI / 2 + i * STEP;
      const colour = colourOf(n);
      sector(ring, R * 0.6, R * 0.75, a - STEP / 2, a + STEP / 2).fill(POCKET_COLOUR[colour]);
      sector(ring, R * 0.47, R * 0.6, a - STEP / 2, a + STEP / 2).fill(FLOOR_COLOUR[colour]);
    });
    ring.circle(0, 0, R * 0.75).stroke({ width: R * 0.012, fill: GOLD() });
    ring.circle(0, 0, R * 0.6).stroke({ width: R * 0.01, fill: GOLD() });
    for (let i = 0; i < WHEEL_ORDER.length; i++) {
      const a = -Math.PI / 2 + (i + 0.5) * STEP;
      ring
        .moveTo(Math.cos(a) * R * 0.47, Math.sin(a) * R * 0.47)
        .lineTo(Math.cos(a) * R * 0.75, Math.sin(a) * R * 0.75)
        .stroke({ width: Math.max(1, R * 0.008), color: 0xe9c46a });
    }
    rotor.addChild(ring);
    WHEEL_ORDER.forEach((n, i) => {
      const a = -Math.PI / 2 + i * STEP;
      const label = new Text({
        text: String(n),
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: Math.max(7, R * 0.072),
          fontWeight: '800',
          fill: 0xffffff,
        },
      });
      label.anchor.set(0.5);
      label.resolution = 2;
      label.position.set(Math.cos(a) * R * 0.675, Math.sin(a) * R * 0.675);
      label.rotation = a + Math.PI / 2;
      rotor.addChild(label);
    });
    const cone = new Graphics()
      .circle(0, 0, R * 0.47)
      .fill(
        radial([
          [0, 0xb0652e],
          [0.55, 0x7a3d17],
          [1, 0x3a1a08],
        ]),
      )
      .circle(0, 0, R * 0.47)
      .stroke({ width: R * 0.012, color: 0x1a0b04, alpha: 0.8 })
      .circle(0, 0, R * 0.3)
      .stroke({ width: R * 0.01, fill: GOLD() });
    // The turret: four arms with knobs round a gilded hub.
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * Math.PI * 2;
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      const w = R * 0.028;
      const len = R * 0.27;
      cone
        .poly([
          -uy * w,
          ux * w,
          ux * len - uy * w * 0.6,
          uy * len + ux * w * 0.6,
          ux * len + uy * w * 0.6,
          uy * len - ux * w * 0.6,
          uy * w,
          -ux * w,
        ])
        .fill(GOLD())
        .circle(ux * len, uy * len, R * 0.038)
        .fill(GOLD())
        .circle(ux * len - R * 0.012, uy * len - R * 0.012, R * 0.013)
        .fill({ color: 0xffffff, alpha: 0.7 });
    }
    cone
      .circle(0, 0, R * 0.085)
      .fill(GOLD())
      .circle(0, 0, R * 0.045)
      .fill(0xf7e3a1)
      .circle(-R * 0.02, -R * 0.02, R * 0.018)
      .fill({ color: 0xffffff, alpha: 0.85 });
    rotor.addChild(cone);
    const resolution = Math.max(app.renderer.resolution, 1.5);
    bowl.cacheAsTexture({ resolution, antialias: true });
    rotor.cacheAsTexture({ resolution, antialias: true });
    turnTo(angle);

    ball
      .clear()
      .circle(R * 0.008, R * 0.012, ballRadius())
      .fill({ color: 0x000000, alpha: 0.4 })
      .circle(0, 0, ballRadius())
      .fill(
        radial([
          [0, 0xffffff],
          [0.6, 0xe8eaf0],
          [1, 0x9aa0b0],
        ]),
      )
      .circle(-ballRadius() * 0.35, -ballRadius() * 0.35, ballRadius() * 0.3)
      .fill({ color: 0xffffff, alpha: 0.9 });
    ball.visible = landed !== null || rolling;
    if (landed !== null) place(angle + pocketAngle(landed), R * 0.535);
    showGlow();
  }

  function showGlow() {
    glow.clear();
    if (landed === null) return;
    const a = pocketAngle(landed);
    sector(glow, R * 0.47, R * 0.75, a - STEP / 2, a + STEP / 2)
      .fill({ color: 0xffe08a, alpha: 0.28 })
      .stroke({ width: Math.max(1.5, R * 0.014), color: 0xffd35a });
  }

  return {
    /** Puts the wheel's centre at (x, y) with radius r. */
    layout(x: number, y: number, r: number) {
      R = r;
      root.position.set(x, y);
      draw();
    },
    root,
    /**
     * Spins the rotor and runs the ball the other way until it drops into `pocket` (settled by the
     * server before this is called); `speed` > 1 for quicker play.
     */
    async spin(pocket: number, speed = 1) {
      landed = null;
      rolling = true;
      showGlow();
      ball.visible = true;
      const land = 4_300 / speed;
      const after = 1_300 / speed;
      const from = angle;
      const turn = Math.PI * 2 * 1.4;
      const wheelAt = (ms: number) => from + turn * ease.outCubic(Math.min(1, ms / (land + after)));
      const end = pocketAngle(pocket);
      // The ball's start in the rotor: so many turns back, ending in the pocket.
      const turns = 5 + Math.random() * 0.5;
      let bounced = 0;
      const track = R * 0.86;
      const rim = R * 0.64;
      const rest = R * 0.535;
      await tween(
        app.ticker,
        land,
        (u) => {
          const ms = u * land;
          turnTo(wheelAt(ms));
          const relative = end + turns * Math.PI * 2 * (1 - ease.outCubic(u));
          let radius = track;
          if (u > 0.55 && u <= 0.78) radius = track - (track - rim) * ease.inQuad((u - 0.55) / 0.23);
          else if (u > 0.78) {
            const k = (u - 0.78) / 0.22;
            radius = rim - (rim - rest) * k + Math.abs(Math.sin(k * Math.PI * 4)) * (1 - k) * R * 0.06;
            const hop = Math.floor(k * 4);
            if (hop > bounced) {
              bounced = hop;
              onBounce();
            }
          }
          place(angle + relative, radius);
        },
        ease.linear,
      );
      landed = pocket;
      rolling = false;
      showGlow();
      // The rotor runs on a little with the ball in its pocket.
      await tween(
        app.ticker,
        after,
        (u) => {
          turnTo(wheelAt(land + u * after));
          place(angle + end, rest);
        },
        ease.linear,
      );
    },
  };
}

export type Wheel = ReturnType<typeof createWheel>;
