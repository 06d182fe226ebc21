/**
 * The in-browser verifier (plain JavaScript, WebCrypto): the player recomputes a round from the
 * revealed server seed, their client seed and the nonce, without trusting this server's code. The
 * same source runs in the tests against the published vectors of packages/fairness.
 */
export const VERIFY_SCRIPT = `
async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
function hexToBytes(hex) {
  return new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
}
async function createVerifier(serverSeed, clientSeed, nonce) {
  const key = await crypto.subtle.importKey('raw', hexToBytes(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  let cursor = 0, block = new Uint8Array(0), offset = 0;
  async function word() {
    if (offset + 4 > block.length) {
      block = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(clientSeed + ':' + nonce + ':' + cursor++)));
      offset = 0;
    }
    const value = ((block[offset] << 24) >>> 0) + (block[offset + 1] << 16) + (block[offset + 2] << 8) + block[offset + 3];
    offset += 4;
    return value;
  }
  return {
    async int(n) {
      const limit = Math.floor(4294967296 / n) * n;
      for (;;) { const value = await word(); if (value < limit) return value % n; }
    },
  };
}
async function verifyRound(input) {
  const commitment = await sha256Hex(hexToBytes(input.serverSeed));
  const v = await createVerifier(input.serverSeed, input.clientSeed, input.nonce);
  let outcome;
  if (input.game === 'dice') outcome = { roll: await v.int(10000) };
  else if (input.game === 'roulette') outcome = { pocket: await v.int(37) };
  else if (input.game === 'classic-slot') outcome = { stops: [await v.int(20), await v.int(20), await v.int(20)] };
  else if (input.game === 'video-slot') {
    // The base spin's five stops; free spins go on with the same stream, five stops each.
    const stops = [];
    for (let i = 0; i < 5; i++) stops.push(await v.int(20));
    outcome = { stops };
  } else if (input.game === 'blackjack') {
    // The round's cards in the order they are dealt: player, dealer, player, dealer, then each
    // card as it is asked for (hits, doubles, split hands, then the dealer's draws).
    const cards = [];
    for (let i = 0; i < 16; i++) cards.push(await v.int(52));
    outcome = { cards };
  } else if (input.game === 'mines') {
    // The 25 tiles shuffled (Fisher–Yates); the first tiles of this order, as many as the mines, are mines.
    const order = Array.from({ length: 25 }, (_, tile) => tile);
    for (let i = order.length - 1; i > 0; i--) {
      const j = await v.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    outcome = { order };
  } else if (input.game === 'plinko') {
    // Left (0) or right (1) at each row, for up to 16 rows: a round of R rows uses the first R.
    const path = [];
    for (let i = 0; i < 16; i++) path.push(await v.int(2));
    outcome = { path };
  } else outcome = null;
  return { commitment, outcome };
}
`;
