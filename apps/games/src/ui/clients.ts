import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { pixiTrim } from './pixi-trim.ts';
import { SOUNDS, soundWav } from './sounds.ts';

/** The originals with a client of their own on the renderer (ADR 042). */
export const ORIGINALS = ['mines', 'plinko', 'roulette', 'crash', 'blackjack', 'dice'] as const;
export type Original = (typeof ORIGINALS)[number];
/** The slots on the renderer (ADR 047), played under `/play/{slot}` and by studio games on their engines. */
export const SLOTS = ['classic-slot', 'video-slot'] as const;
/** Every game with a bundled client. */
export const CLIENTS = [...ORIGINALS, ...SLOTS] as const;
export type ClientGame = (typeof CLIENTS)[number];

const CLIENT_DIR = join(import.meta.dirname, '..', '..', 'client');

export interface ClientAsset {
  body: Buffer;
  gzip: Buffer;
  type: string;
}

export interface ClientBundle {
  /** Every file under `/clients/`, by name (hashed names: cached for a year). */
  assets: Map<string, ClientAsset>;
  /** Each game's one script: the renderer and everything the game needs before its first frame. */
  entries: Record<ClientGame, { script: string }>;
}

const asset = (body: Buffer | Uint8Array, type: string): ClientAsset => {
  const buffer = Buffer.from(body);
  return { body: buffer, gzip: gzipSync(buffer, { level: 9 }), type };
};

/**
 * Bundles the game clients with esbuild: one ES module per game, the renderer (with the parts Pixi
 * loads by `import()`) and the shared client code inside it, minified, with the sounds synthesized here.
 * One file, not shared chunks: on a phone's slow network each further file (over HTTP/1.1, six at a
 * time) and each `import()` found late cost a round trip, and one file per game is smaller than the
 * chunks were (ADR 042 addendum, bench `game-clients`).
 */
async function buildClients(): Promise<ClientBundle> {
  const result = await build({
    entryPoints: Object.fromEntries(CLIENTS.map((game) => [game, join(CLIENT_DIR, game, 'main.ts')])),
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome100', 'safari15'],
    minify: true,
    write: false,
    metafile: true,
    outdir: join(CLIENT_DIR, 'out'),
    entryNames: '[name]-[hash]',
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [pixiTrim()],
  });
  const assets = new Map<string, ClientAsset>();
  for (const file of result.outputFiles)
    assets.set(basename(file.path), asset(file.contents, 'text/javascript'));
  for (const name of SOUNDS) assets.set(`${name}.wav`, asset(soundWav(name), 'audio/wav'));
  const entries = {} as ClientBundle['entries'];
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const game = CLIENTS.find((name) => output.entryPoint?.endsWith(`client/${name}/main.ts`));
    if (game) entries[game] = { script: basename(path) };
  }
  return { assets, entries };
}

let built: Promise<ClientBundle> | undefined;

/** The clients, built once per process on first use (about a second), then served from memory. */
export function clientBundle(): Promise<ClientBundle> {
  built ??= buildClients();
  built.catch(() => (built = undefined));
  return built;
}
