import { blockOf, newServerSeed } from '@kometa/fairness';

/**
 * Writes the provably-fair byte stream to stdout, as the games consume it: for each bet (nonce) the
 * HMAC-SHA256 blocks of cursors 0–3, one seed, a fixed client seed. dieharder reads it raw (-g 200).
 */
const seed = process.argv[2] ?? newServerSeed();
const BATCH = 512;
let nonce = 0;
let stopped = false;
process.stdout.on('error', () => {
  stopped = true;
});
function write(): void {
  while (!stopped) {
    const chunk = Buffer.alloc(BATCH * 128);
    for (let i = 0; i < BATCH; i++, nonce++) {
      for (let cursor = 0; cursor < 4; cursor++)
        blockOf(seed, 'dieharder', nonce, cursor).copy(chunk, i * 128 + cursor * 32);
    }
    if (!process.stdout.write(chunk)) {
      process.stdout.once('drain', write);
      return;
    }
  }
}
write();
