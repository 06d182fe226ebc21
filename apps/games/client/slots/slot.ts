import { Container, Graphics, Sprite, type Texture } from 'pixi.js';
import { formatMinorNumber } from '@kometa/money';
import { createFrame, type Frame } from '../shared/frame.ts';
import { setText } from '../shared/text.ts';
import { ease, redraw, reducedMotion, tween, wait } from '../shared/tween.ts';
import type { AutoplayRound } from '../shared/autoplay.ts';
import type { browserDraws } from '../shared/verify.ts';
import { winTier, type LineWin, type ReelLayout } from './lines.ts';
import { createReels } from './reels.ts';
import { themedArt, type SlotTheme } from './themed.ts';

type Draws = Awaited<ReturnType<typeof browserDraws>>;

/** One spin as the client shows it: the window, what it paid, and the lines that paid. */
export interface ShownSpin<S extends string> {
  window: S[][];
  win: number;
}

/** What a slot brings to the shared client: its art, its reels and lines, and how to read a round. */
export interface SlotGame<S extends string, O> {
  code: 'classic-slot' | 'video-slot';
  layout: ReelLayout;
  strips: readonly (readonly S[])[];
  lines: readonly (readonly number[])[];
  lineColors: readonly number[];
  /** Total stakes are a multiple of this (the lines share them evenly). */
  multipleOf: number;
  /** The scene's size in design px, and where the reel window sits in it. */
  world: { width: number; height: number };
  reelsAt: { x: number; y: number };
  /** Draws the background, the cabinet around the window and the logo (behind and in front). */
  scene: (back: Container, front: Container, title: string) => void;
  draw: (symbol: S, size: number) => Container;
  /** The paid spin, then the free spins it started (in order). */
  spins: (outcome: O) => ShownSpin<S>[];
  /** The lines a window pays, in line stakes, as the server pays them. */
  wins: (window: S[][]) => LineWin<S>[];
  /** Cells lit besides the lines (the video slot's scatters), as [reel, row]. */
  scatters?: (window: S[][]) => [number, number][];
  /** Recomputes the round's windows from the revealed draws (the fairness panel). */
  recompute: (draws: Draws, outcome: O) => Promise<S[][][]>;
  /** The paytable rows: a symbol and what it pays, as Russian reads it. */
  paytable: { symbol: S; pays: string }[];
  /** The window shown before the first spin (else the top of each reel strip). */
  rest?: S[][];
}

interface PlayAnswer<O> {
  roundId: number;
  outcome: O & { win: number };
  balance: number | null;
  proof: { clientSeed: string; nonce: number; commitment: string };
  freeRounds?: FreeRounds;
}

interface FreeRounds {
  left: number;
  total: number;
  betValue: number;
  freeBet: boolean;
}

type Texts = Record<string, string> & { freeSpins: string[] };

/** The slot's tables from the page's boot data: reel strips, lines (row per reel) and pays by symbol. */
export function slotTables<S extends string, P>() {
  const boot = JSON.parse(document.getElementById('boot')?.textContent ?? '{}') as {
    tables: { reels: S[][]; lines: number[][]; paytable: Partial<Record<S, P>> };
  };
  return boot.tables;
}

const plural = new Intl.PluralRules('ru-RU');
/** A Russian count with its noun ("1 бесплатное вращение", "3 бесплатных вращения", "10 бесплатных вращений"). */
export function countOf(count: number, forms: readonly string[]): string {
  const rule = plural.select(count);
  const form = rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
  return `${count} ${form}`;
}

/** A coin for the celebrations: gold, rimmed, with a star stamped in. */
function coin(size: number): Graphics {
  const g = new Graphics();
  const r = size / 2;
  g.circle(0, 0, r).fill(0xb8780a);
  g.circle(0, -r * 0.06, r * 0.92).fill(0xffc940);
  g.circle(0, -r * 0.06, r * 0.7).stroke({ width: r * 0.1, color: 0xe39a12 });
  const star: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 ? r * 0.22 : r * 0.5;
    star.push(Math.cos(a) * d, Math.sin(a) * d - r * 0.06);
  }
  g.poly(star).fill(0xfff1b0);
  g.ellipse(-r * 0.35, -r * 0.45, r * 0.22, r * 0.1).fill({ color: 0xffffff, alpha: 0.6 });
  return g;
}

/**
 * A slot's client (ADR 047): the frame around the renderer, the reels landing on the window the
 * server settled, the winning lines, the win counted up, the celebrations, the slot's own free spins
 * and the casino's free rounds. The play is one call; everything after it only shows the answer.
 */
export async function runSlot<S extends string, O>(own: SlotGame<S, O>): Promise<Frame> {
  // A studio game on this engine wears its theme's symbols and cabinet (ADR 052).
  const { theme } = JSON.parse(document.getElementById('boot')?.textContent ?? '{}') as { theme?: SlotTheme };
  const game = theme ? { ...own, ...(await themedArt(own, theme)) } : own;
  const frame = await createFrame(['bet', 'peg', 'gem', 'cashout', 'bucket']);
  const { $, money, app } = frame;
  const boot = frame.boot as typeof frame.boot & { title: string };
  const t = frame.game as unknown as Texts;
  const free = (boot.text as unknown as { free: Record<string, string> }).free;
  const won = (boot.text as unknown as { won: string; lost: string }).won;
  const lost = (boot.text as unknown as { won: string; lost: string }).lost;
  const play = $<HTMLButtonElement>('play');
  const stakeInput = $<HTMLInputElement>('stake');
  const spinLabel = play.textContent ?? '';
  // Turbo and quick play (the frame's `speed`), and a hurry the player asks for mid-round.
  let hurry = 1;
  const speed = () => Math.max(1, Number((frame as { speed?: number }).speed ?? 1)) * hurry;

  // Animations keep to the clock on a slow device: a late frame jumps ahead instead of stretching the spin.
  app.ticker.minFPS = 1;
  // The scene: background and cabinet, the reels, the cabinet's front and the celebrations, scaled
  // to fit the stage whatever its size.
  const world = new Container();
  const back = new Container();
  const front = new Container();
  const effects = new Container();
  const reels = createReels(app, game);
  reels.root.position.set(game.reelsAt.x, game.reelsAt.y);
  world.addChild(back, reels.root, front, effects);
  app.stage.addChild(world);
  game.scene(back, front, boot.title);
  const fit = () => {
    const { width, height } = app.screen;
    const scale = Math.min(width / game.world.width, height / game.world.height);
    world.scale.set(scale);
    world.position.set((width - game.world.width * scale) / 2, (height - game.world.height * scale) / 2);
    // The cabinet behind and in front of the reels never moves: each is one picture drawn at this
    // size, so a spinning frame draws three layers rather than hundreds of shapes (the GPU's work
    // per frame halved; ADR 042 addendum, session 14).
    for (const layer of [back, front]) {
      layer.cacheAsTexture(false);
      layer.cacheAsTexture({ resolution: app.renderer.resolution * scale, antialias: true });
    }
    void redraw(app.ticker);
  };
  app.renderer.on('resize', fit);
  const rest = game.rest ?? game.strips.map((strip) => [strip[0]!, strip[1]!, strip[2]!]);
  reels.show(rest);
  fit();

  // The win plate over the reels (DOM: crisp, read by screen readers) and the free-spins bar.
  const plate = $('win');
  const plateTitle = $('win-title');
  const plateAmount = $('win-amount');
  const feature = $('feature');
  const intro = $('intro');
  let casino: FreeRounds | null = null;
  let casinoWon = 0;
  let busy = false;
  /** The slot's own free spins run twice as fast as a paid spin. */
  let featureSpeed = 1;

  function showCasinoRounds() {
    const on = casino !== null && casino.left > 0;
    $('free-rounds').hidden = !on;
    stakeInput.disabled = on || busy;
    $<HTMLButtonElement>('half').disabled = on || busy;
    $<HTMLButtonElement>('double').disabled = on || busy;
    const bet = on && casino!.freeBet;
    setText(play, on ? (bet ? free.freeBetSpin! : free.spin!) : spinLabel);
    if (!on) return;
    stakeInput.value = formatMinorNumber(casino!.betValue, frame.currency);
    $('free-rounds-left').textContent = bet
      ? free.freeBet!.replace('{stake}', money(casino!.betValue))
      : free.left!.replace('{left}', String(casino!.left)).replace('{total}', String(casino!.total));
    $('free-rounds-stake').textContent = bet
      ? free.freeBetNote!
      : free.stake!.replace('{stake}', money(casino!.betValue));
  }

  async function refresh() {
    const session = await frame.call<{ balance: number; freeRounds: FreeRounds | null }>(
      'GET',
      '/api/session',
    );
    frame.setBalance(session.balance);
    casino = session.freeRounds ?? null;
    showCasinoRounds();
  }

  async function countUp(amount: number, stake: number) {
    const tier = winTier(amount, stake);
    if (tier === 'none') return;
    plate.className = `win show ${tier}`;
    plateTitle.textContent = tier === 'mega' ? t.megaWin! : tier === 'big' ? t.bigWin! : t.win!;
    const ms = (tier === 'mega' ? 3_000 : tier === 'big' ? 2_000 : 800) / speed() / featureSpeed;
    if (tier !== 'win') void celebrate(tier === 'mega' ? 90 : 50, ms);
    let ticks = 0;
    await tween(
      app.ticker,
      ms,
      (p) => {
        plateAmount.textContent = money(Math.round(amount * p));
        if (p * 12 > ticks && p < 1) {
          ticks++;
          frame.sound.play('gem', 0.9 + p * 0.6);
        }
      },
      ease.outCubic,
    );
    plateAmount.textContent = money(amount);
    frame.sound.play('cashout');
  }
  const hidePlate = () => (plate.className = 'win');

  let coinTexture: Texture | null = null;
  /** Coins burst from the reels and fall (a big win): drawn here, gone after `ms`. */
  async function celebrate(count: number, ms: number) {
    if (reducedMotion()) return;
    coinTexture ??= app.renderer.generateTexture({ target: coin(48), resolution: 2 });
    const coins = Array.from({ length: count }, () => {
      const sprite = new Sprite(coinTexture!);
      sprite.anchor.set(0.5);
      sprite.position.set(game.world.width / 2, game.world.height * 0.55);
      effects.addChild(sprite);
      const angle = -Math.PI / 2 + (Math.random() - 0.5) * 2.2;
      const power = 700 + Math.random() * 700;
      return {
        sprite,
        vx: Math.cos(angle) * power,
        vy: Math.sin(angle) * power,
        spin: (Math.random() - 0.5) * 12,
        scale: 0.5 + Math.random() * 0.7,
      };
    });
    const seconds = (ms + 600) / 1000;
    await tween(
      app.ticker,
      ms + 600,
      (p) => {
        const time = p * seconds;
        for (const c of coins) {
          c.sprite.x = game.world.width / 2 + c.vx * time;
          c.sprite.y = game.world.height * 0.55 + c.vy * time + 1_400 * time * time;
          c.sprite.rotation = c.spin * time;
          c.sprite.scale.set(c.scale * (0.8 + 0.2 * Math.cos(time * 9)), c.scale);
          c.sprite.alpha = p > 0.85 ? (1 - p) / 0.15 : 1;
        }
      },
      ease.linear,
    );
    for (const c of coins) c.sprite.destroy();
  }

  /** Lands one spin and shows what it paid. */
  async function land(spin: ShownSpin<S>, stake: number, linesPaid: number) {
    await reels.spin(spin.window, speed() * featureSpeed, (reel) =>
      frame.sound.play('peg', 0.8 + reel * 0.1),
    );
    const wins = game.wins(spin.window);
    const scatters = game.scatters?.(spin.window) ?? [];
    if (wins.length || scatters.length) {
      const shown = reels.showWins(wins, speed() * featureSpeed, scatters);
      await Promise.all([shown, spin.win > 0 ? countUp(spin.win, stake) : Promise.resolve()]);
      $('lines').textContent = wins.length
        ? `${t.lines}: ${wins.map((w) => t.lineNo!.replace('{n}', String(w.line + 1))).join(', ')}`
        : '';
    }
    return linesPaid + wins.length;
  }

  function say(text: string) {
    frame.say(text);
  }

  /**
   * One spin, and everything it brings (the feature's free spins included); answers what it staked
   * and won for autoplay (ADR 046), or null when it was not played.
   */
  async function spin(options: { autoplay?: true } = {}): Promise<AutoplayRound | null> {
    if (busy) return null;
    const playingCasino = casino !== null && casino.left > 0;
    const stake = playingCasino ? casino!.betValue : frame.stakeMinor();
    if (stake === null) {
      say(frame.text.stakeTooLow!);
      return null;
    }
    if (stake % game.multipleOf !== 0) {
      say(t.multipleOf!.replace('{n}', String(game.multipleOf)));
      return null;
    }
    busy = true;
    play.disabled = true;
    showCasinoRounds();
    hidePlate();
    reels.clearWins();
    $('lines').textContent = '';
    say(t.spinning!);
    let answer: PlayAnswer<O>;
    try {
      answer = await frame.call<PlayAnswer<O>>(
        'POST',
        `/api/${game.code}/play`,
        playingCasino ? { stake, freeRound: true, ...options } : { stake, ...options },
      );
    } catch (error) {
      say((error as Error).message);
      busy = false;
      hurry = 1;
      play.disabled = frame.autoplaying;
      showCasinoRounds();
      return null;
    }
    frame.sound.play('bet');
    if (!playingCasino && frame.balance !== null) frame.setBalance(frame.balance - stake);
    const outcome = answer.outcome;
    frame.played({
      id: answer.roundId,
      clientSeed: answer.proof.clientSeed,
      nonce: answer.proof.nonce,
      async check(draws) {
        const windows = await game.recompute(draws, outcome);
        const shown = game.spins(outcome).map((s) => s.window);
        const same = JSON.stringify(windows) === JSON.stringify(shown);
        return {
          ok: same,
          detail: `${t.stops}: ${windows.map((w) => w.map((reel) => reel.join('')).join(' ')).join(' · ')}`,
        };
      },
    });

    const spins = game.spins(outcome);
    await land(spins[0]!, stake, 0);
    // The slot's own free spins (video slot): the intro, then each spin with its counter.
    if (spins.length > 1) {
      const total = { count: 10 };
      let featureWon = 0;
      intro.querySelector('strong')!.textContent = countOf(total.count, t.freeSpins);
      intro.classList.add('show');
      frame.sound.play('cashout', 0.8);
      await wait(app.ticker, 1_800 / speed());
      intro.classList.remove('show');
      feature.hidden = false;
      featureSpeed = 2;
      say(`${t.featureTitle}. ${t.hurry}`);
      for (let i = 1; i < spins.length; i++) {
        $('feature-count').textContent = t
          .featureCounter!.replace('{n}', String(i))
          .replace('{total}', String(total.count));
        $('feature-won').textContent = money(featureWon);
        hidePlate();
        await land(spins[i]!, stake, 0);
        featureWon += spins[i]!.win;
        $('feature-won').textContent = money(featureWon);
        // Three comets again: ten more free spins.
        if ((game.scatters?.(spins[i]!.window) ?? []).length >= 3) {
          total.count += 10;
          intro.querySelector('strong')!.textContent = t.retrigger!.replace(
            '{count}',
            countOf(10, t.freeSpins),
          );
          intro.classList.add('show');
          await wait(app.ticker, 1_200 / speed());
          intro.classList.remove('show');
        }
        await wait(app.ticker, 250 / speed());
      }
      feature.hidden = true;
      featureSpeed = 1;
      plate.className = 'win show';
      plateTitle.textContent = t.featureTitle!;
      plateAmount.textContent = money(featureWon);
      say(t.featureWon!.replace('{win}', money(featureWon)));
      await wait(app.ticker, 900 / speed());
      if (outcome.win > 0) await countUp(outcome.win, stake);
    }

    if (answer.balance !== null) frame.setBalance(answer.balance);
    $('last-win').textContent = money(outcome.win);
    say(outcome.win > 0 ? `${won}: ${money(outcome.win)}` : lost);
    if (answer.freeRounds) {
      const bet = answer.freeRounds.freeBet;
      casinoWon += bet ? Math.max(0, outcome.win - answer.freeRounds.betValue) : outcome.win;
      casino = answer.freeRounds.left > 0 ? answer.freeRounds : null;
      if (casino === null) {
        if (bet) say(casinoWon > 0 ? free.freeBetDone! : free.freeBetLost!);
        else say(casinoWon > 0 ? free.done!.replace('{win}', money(casinoWon)) : free.doneEmpty!);
        casinoWon = 0;
      }
    }
    busy = false;
    hurry = 1;
    showCasinoRounds();
    play.disabled = frame.autoplaying;
    // The casino may have more free rounds on this game (a free bet after the free spins).
    if (answer.freeRounds && casino === null) await refresh().catch(() => undefined);
    // A casino's free round stakes nothing of the player's; the feature stops autoplay (its rules).
    return { stake: playingCasino ? 0 : stake, win: outcome.win, freeSpins: spins.length > 1 };
  }

  // The paytable: each symbol drawn with the reels' own art, and what it pays. Drawn when first
  // opened: reading the renderer's pixels back is slow work the first frame need not wait for.
  const table = $('paytable-rows');
  function fillPaytable() {
    if (table.childElementCount > 0) return;
    for (const row of game.paytable) {
      const item = document.createElement('li');
      const picture = app.renderer.extract.canvas({
        target: new Sprite(reels.texture(row.symbol)),
      }) as HTMLCanvasElement;
      picture.setAttribute('role', 'img');
      picture.setAttribute(
        'aria-label',
        (t.symbols as unknown as Record<string, string>)[row.symbol] ?? row.symbol,
      );
      const text = document.createElement('span');
      const name = document.createElement('strong');
      name.textContent = (t.symbols as unknown as Record<string, string>)[row.symbol] ?? '';
      text.append(name, document.createTextNode(row.pays || t.anywhere!));
      item.append(picture, text);
      table.append(item);
    }
  }
  const paytable = $<HTMLDialogElement>('paytable');
  $('paytable-open').addEventListener('click', () => {
    fillPaytable();
    paytable.showModal();
  });

  // Mid-round, the space bar or a tap on the reels plays the rest of the round four times faster.
  const hurryUp = () => {
    if (busy) hurry = 4;
  };
  $('stage').addEventListener('pointerdown', hurryUp);
  window.addEventListener('keydown', (event) => {
    if (event.code === 'Space' && busy && !(event.target as HTMLElement).closest('input, dialog[open]'))
      hurryUp();
  });

  // The casino's free rounds came with the frame's first session: asked for again only if it failed.
  if (frame.session) {
    casino = (frame.session.freeRounds as FreeRounds | null | undefined) ?? null;
    showCasinoRounds();
  } else await refresh().catch((error: Error) => say(error.message));
  frame.onMain(() => void spin());
  // Autoplay (ADR 046), where the casino allows it: one spin after another, the stake locked meanwhile.
  frame.setAutoplay((options) => spin(options), { freeSpins: game.scatters !== undefined });
  frame.onAutoplay(() => {
    play.disabled = busy || frame.autoplaying;
    for (const id of ['stake', 'half', 'double'])
      document.getElementById(id)?.toggleAttribute('disabled', frame.autoplaying);
  });
  play.disabled = false;
  return Object.assign(frame, { play: spin });
}
