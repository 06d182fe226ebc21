/**
 * The round's draws recomputed in the browser with WebCrypto from the revealed server seed, the client
 * seed and the nonce, exactly as packages/fairness draws them (HMAC-SHA256 blocks, 32-bit words,
 * rejection sampling), without trusting the server's code.
 */
const hexBytes = (hex: string) => new Uint8Array((hex.match(/../g) ?? []).map((h) => parseInt(h, 16)));

export async function sha256Hex(hex: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', hexBytes(hex));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function browserDraws(serverSeed: string, clientSeed: string, nonce: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexBytes(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let cursor = 0;
  let block = new Uint8Array(0);
  let offset = 0;
  async function word(): Promise<number> {
    if (offset + 4 > block.length) {
      const message = new TextEncoder().encode(`${clientSeed}:${nonce}:${cursor++}`);
      block = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
      offset = 0;
    }
    const value =
      ((block[offset]! << 24) >>> 0) +
      (block[offset + 1]! << 16) +
      (block[offset + 2]! << 8) +
      block[offset + 3]!;
    offset += 4;
    return value;
  }
  async function int(n: number): Promise<number> {
    const limit = Math.floor(4_294_967_296 / n) * n;
    for (;;) {
      const value = await word();
      if (value < limit) return value % n;
    }
  }
  return {
    int,
    async shuffle<T>(items: readonly T[]): Promise<T[]> {
      const result = [...items];
      for (let i = result.length - 1; i > 0; i--) {
        const j = await int(i + 1);
        [result[i], result[j]] = [result[j] as T, result[i] as T];
      }
      return result;
    },
  };
}
