import 'pixi.js/unsafe-eval';
import { UPDATE_PRIORITY, type Application } from 'pixi.js';
import { formatAmount, formatMinorNumber, isCurrencyCode, parseSum } from '@kometa/money';
import { createSounds, type Sound } from './sound.ts';
import { browserDraws, sha256Hex } from './verify.ts';
import { AUTOPLAY_EVENT, createFeatures, type FrameTexts } from './features.ts';
import { startRenderer } from './renderer.ts';
import { setText } from './text.ts';
import { SESSION_CALL } from '../../src/ui/first-calls.ts';

type Texts = Record<string, string>;

/** What the page hands the client (the game server's message catalogue and the game's tables). */
export interface Boot {
  game: 'mines' | 'plinko' | 'roulette' | 'crash' | 'blackjack' | 'dice' | 'classic-slot' | 'video-slot';
  mode: 'real' | 'demo';
  /** Where the game's calls live: '' for Kometa's games, `/studio/{code}` for a studio game (ADR 020). */
  base?: string;
  text: {
    client: Texts;
    game: Texts & Record<string, unknown>;
    errors: Texts;
    fairness: string;
    verify: Texts;
    frame: FrameTexts;
  };
  /** The game's kind: slots keep a minimum round time under autoplay and turbo (ADR 046). */
  kind?: 'slots' | 'table' | 'instant';
  tables?: Record<string, Record<string, number[]>>;
}

interface Fairness {
  commitment: string;
  clientSeed: string;
  nonce: number;
}

/** A round played in this visit, checked in the browser once its seed is revealed. */
export interface PlayedRound {
  id: number;
  commitment: string;
  clientSeed: string;
  nonce: number;
  /** Recomputes the round from the draws and says whether it matches (with what it found). */
  check(draws: Awaited<ReturnType<typeof browserDraws>>): Promise<{ ok: boolean; detail: string }>;
}

export class PlayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The user-timing mark of the first frame a player can play (read by bench/suites/game-clients.bench.ts). */
const PLAYABLE_MARK = 'kometa:playable';

/**
 * Marks the first frame drawn once the main button can be pressed. Every page ships the button
 * disabled and every game enables it when its round can start (its session, its table or its crash
 * round arrived), so the button is the one signal all games share.
 */
function markPlayable(app: Application, play: HTMLButtonElement, then: () => void) {
  const marked = () => {
    performance.mark(PLAYABLE_MARK);
    // What the first round needs no sooner (the sounds) starts once the board is on the screen.
    then();
  };
  const mark = () => {
    // A running ticker draws the next frame: the mark follows the application's render in that tick.
    if (app.ticker.started) {
      app.ticker.addOnce(marked, undefined, UPDATE_PRIORITY.UTILITY);
      return;
    }
    // An idle board has stopped its ticker (tween.ts) after drawing: this frame is drawn here.
    app.render();
    marked();
  };
  if (!play.disabled) return mark();
  const observer = new MutationObserver(() => {
    if (play.disabled) return;
    observer.disconnect();
    mark();
  });
  observer.observe(play, { attributes: true, attributeFilter: ['disabled'] });
}

/**
 * The client's frame around the renderer: the session from the launch address, calls to the game
 * server, the balance, the lobby and cashier links, sound with a remembered mute, the fairness panel,
 * the stake field and the main action (the button, or the space bar).
 */
export async function createFrame(
  sounds: readonly Sound[],
  /** A GET the game needs before its first round (its open round), asked for with the session. */
  early?: string,
) {
  // Inside a casino's page the page names the game and links the lobby; the frame leaves them out.
  if (window.self !== window.top) document.documentElement.classList.add('embedded');
  const boot = JSON.parse(byId('boot').textContent ?? '{}') as Boot;
  const { client: text } = boot.text;
  const params = new URLSearchParams(location.search);
  const session = { token: params.get('token') ?? '', mode: params.get('mode') === 'demo' ? 'demo' : 'real' };
  let currency = 'RUB';
  let balance: number | null = null;
  let fairness: Fairness | null = null;
  const rounds: PlayedRound[] = [];

  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body: object = {}): Promise<T> {
    const url = (boot.base ?? '') + (method === 'GET' ? `${path}?${new URLSearchParams(session)}` : path);
    const response = await fetch(
      url,
      method === 'GET'
        ? {}
        : {
            method,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...session, ...body }),
          },
    );
    const json = (await response.json().catch(() => ({}))) as {
      data?: T;
      error?: { code: string; message: string };
    };
    if (json.error) throw new PlayError(json.error.code, json.error.message);
    if (!response.ok || json.data === undefined)
      throw new PlayError('unknown', boot.text.errors.unknown ?? '');
    return json.data;
  }

  const money = (minor: number) => formatAmount(minor, currency);
  function setBalance(value: number | null) {
    if (value === null) return;
    balance = value;
    setText(byId('balance'), money(value));
  }

  // The casino's lobby and cashier, opened in the whole window (only web addresses are linked).
  for (const [id, name] of [
    ['back', 'backUrl'],
    ['cash', 'cashUrl'],
  ] as const) {
    const target = params.get(name);
    if (target && /^https?:\/\//.test(target)) {
      const link = byId<HTMLAnchorElement>(id);
      link.href = target;
      link.hidden = false;
    }
  }

  // Sound: one mute for all, remembered on this device.
  const sound = createSounds(sounds);
  const mute = byId('mute');
  const showMute = () => {
    mute.setAttribute('aria-pressed', String(sound.muted));
    mute.setAttribute('aria-label', sound.muted ? text.soundOn! : text.soundOff!);
  };
  showMute();
  mute.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    showMute();
  });

  // The fairness panel: the commitment, the client seed, the nonce, rotation, and the last round checked.
  const dialog = byId<HTMLDialogElement>('fairness');
  byId('fair').addEventListener('click', () => dialog.showModal());
  // Crash has no seed of the player's own: its panel shows the hash chain instead (client/crash).
  const seeded = document.getElementById('client-seed') !== null;
  function showFairness(value: Fairness) {
    fairness = value;
    if (!seeded) return;
    byId('commitment').textContent = value.commitment;
    byId<HTMLInputElement>('client-seed').value = value.clientSeed;
    byId('nonce').textContent = String(value.nonce);
  }
  const say = (message: string) => (byId('result').textContent = message);
  document.getElementById('client-seed')?.addEventListener('change', async () => {
    try {
      showFairness(
        await call<Fairness>('PUT', '/api/fairness/client-seed', {
          clientSeed: byId<HTMLInputElement>('client-seed').value,
        }),
      );
    } catch (error) {
      say((error as Error).message);
    }
  });
  function showLast() {
    const last = rounds.at(-1);
    byId('last-round').textContent = last
      ? `${text.roundNo!.replace('{id}', String(last.id))} · nonce ${last.nonce} · ${last.clientSeed}. ${text.verifyAfterRotate}`
      : '—';
  }
  document.getElementById('rotate')?.addEventListener('click', async () => {
    try {
      const data = await call<{ revealed: { serverSeed: string; commitment: string }; next: Fairness }>(
        'POST',
        '/api/fairness/rotate',
      );
      showFairness(data.next);
      const revealed = byId('revealed');
      revealed.textContent = '';
      const seedLine = document.createElement('p');
      seedLine.className = 'note';
      const matches = (await sha256Hex(data.revealed.serverSeed)) === data.revealed.commitment;
      seedLine.textContent = `${boot.text.verify.serverSeed}: ${data.revealed.serverSeed} — ${matches ? boot.text.verify.commitmentOk : boot.text.verify.commitmentBad}`;
      revealed.append(seedLine);
      const last = [...rounds].reverse().find((round) => round.commitment === data.revealed.commitment);
      if (last) {
        const result = await last.check(
          await browserDraws(data.revealed.serverSeed, last.clientSeed, last.nonce),
        );
        const line = byId('last-round');
        line.textContent = `${text.roundNo!.replace('{id}', String(last.id))}: ${result.ok ? text.verified : text.mismatch}. ${result.detail}`;
        line.className = `note ${result.ok ? 'ok' : 'bad'}`;
      }
    } catch (error) {
      say((error as Error).message);
    }
  });

  // The stake: typed as Russian writes sums ("10,00"), halved or doubled by the buttons.
  const stakeInput = byId<HTMLInputElement>('stake');
  const stakeMinor = (): number | null => {
    try {
      const value = parseSum(stakeInput.value, isCurrencyCode(currency) ? currency : 'RUB');
      return value > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const setStake = (minor: number) => (stakeInput.value = formatMinorNumber(Math.max(1, minor), currency));
  byId('half').addEventListener('click', () => setStake(Math.floor((stakeMinor() ?? 2) / 2)));
  byId('double').addEventListener('click', () =>
    setStake(Math.min((stakeMinor() ?? 0) * 2, balance ?? Infinity) || 1),
  );

  // The toast over the board: a win counted in, or the loss.
  let toastTimer: number | undefined;
  function toast(title: string, line: string, lost = false, ms = 1_800) {
    const element = byId('toast');
    element.replaceChildren();
    const strong = document.createElement('strong');
    strong.textContent = title;
    const span = document.createElement('span');
    span.textContent = line;
    element.append(strong, span);
    element.classList.toggle('lost', lost);
    element.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => element.classList.remove('show'), ms);
  }
  const hideToast = () => byId('toast').classList.remove('show');

  // Speed, autoplay, the session clock and the reality check (ADR 046).
  const features = createFeatures({
    text: boot.text.frame,
    params,
    byId,
    currency: () => currency,
    balance: () => balance,
    stakeMinor,
    say,
    roundFloorMs: boot.kind === 'slots' ? 2_500 : 0,
  });

  // The session is asked for while the renderer starts: on a slow network its round trip and the
  // renderer's start-up overlap instead of adding up. The page's `Link` header has had the browser ask
  // for both calls while this script downloaded (src/ui/first-calls.ts): these take its answers.
  const sessionAsked = call<{
    balance: number;
    currency: string;
    fairness: Fairness;
    autoplayRounds?: number | null;
  }>('GET', SESSION_CALL).catch((error: Error) => error);
  let earlyAsked = early === undefined ? undefined : call<unknown>('GET', early);
  earlyAsked?.catch(() => undefined);
  // The renderer: WebGL where the device has it, else the canvas (ADR 042).
  const app = await startRenderer(byId('canvas'));
  byId('loading').hidden = true;
  markPlayable(app, byId<HTMLButtonElement>('play'), () => sound.load());

  const answered = await sessionAsked;
  if (answered instanceof Error) say(answered.message);
  const session$ = answered instanceof Error ? null : answered;
  if (session$) {
    currency = session$.currency;
    setBalance(session$.balance);
    showFairness(session$.fairness);
    setStake(stakeMinor() ?? 1_000);
  }
  features.setAllowance(session$?.autoplayRounds ?? null, session$?.balance ?? null);

  /** The main action: the button, or the space bar when no field has the focus. */
  function onMain(action: () => void) {
    byId('controls').addEventListener('submit', (event) => {
      event.preventDefault();
      if (!features.autoplaying) action();
    });
    window.addEventListener('keydown', (event) => {
      if (event.code !== 'Space' || event.repeat) return;
      const target = event.target as HTMLElement;
      if (target.closest('input, select, textarea, button, dialog[open]')) return;
      event.preventDefault();
      const play = byId<HTMLButtonElement>('play');
      if (!play.disabled && !features.autoplaying) action();
    });
  }

  return {
    boot,
    text,
    /** The session as first answered (with the game's free rounds), or null if it was refused. */
    session: session$ as (typeof session$ & { freeRounds?: unknown }) | null,
    /** The answer to `early`, asked for at start (a second use asks again). */
    early<T>(): Promise<T> {
      const asked = earlyAsked;
      earlyAsked = undefined;
      return (asked ?? call<T>('GET', early ?? '')) as Promise<T>;
    },
    game: boot.text.game,
    app,
    call,
    money,
    setBalance,
    get balance() {
      return balance;
    },
    get currency() {
      return currency;
    },
    stakeMinor,
    say,
    toast,
    hideToast,
    sound,
    onMain,
    $: byId,
    /** Animation speed: 1 normal, 2 quick play, 4 turbo; divide durations by it (ADR 046). */
    get speed() {
      return features.speed;
    },
    reducedMotion: features.reducedMotion,
    get autoplaying() {
      return features.autoplaying;
    },
    /** Gives autoplay the game's round; the frame offers autoplay only where the casino allows it. */
    setAutoplay: features.setAutoplay,
    stopAutoplay: features.stopAutoplay,
    /** Calls `listener` when autoplay starts or ends (to lock or free the game's controls). */
    onAutoplay: (listener: () => void) => window.addEventListener(AUTOPLAY_EVENT, listener),
    /** Keeps a played round for the fairness panel, with the nonce it used. */
    played(round: Omit<PlayedRound, 'commitment'>) {
      if (!fairness) return;
      rounds.push({ ...round, commitment: fairness.commitment });
      if (rounds.length > 50) rounds.shift();
      fairness.nonce = round.nonce;
      if (!seeded) return;
      byId('nonce').textContent = String(round.nonce);
      showLast();
    },
  };
}

export type Frame = Awaited<ReturnType<typeof createFrame>>;
