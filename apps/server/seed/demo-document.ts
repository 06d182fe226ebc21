import { deflateSync } from 'node:zlib';

/**
 * A demo identity document for the KYC queue, drawn here as a PNG (no photo of anyone, no real data):
 * a card with a header band, a photo silhouette, text lines and a machine-readable zone.
 */
const WIDTH = 720;
const HEIGHT = 460;

type Rgb = readonly [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function demoDocumentPng(accent: Rgb = [37, 99, 235]): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const paint = (x0: number, y0: number, w: number, h: number, color: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(WIDTH, x0 + w); x++) {
        const at = (y * WIDTH + x) * 3;
        pixels[at] = color[0];
        pixels[at + 1] = color[1];
        pixels[at + 2] = color[2];
      }
    }
  };
  const circle = (cx: number, cy: number, r: number, color: Rgb) => {
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) paint(x, y, 1, 1, color);
  };
  paint(0, 0, WIDTH, HEIGHT, [226, 232, 240]);
  paint(20, 20, WIDTH - 40, HEIGHT - 40, [250, 248, 240]);
  // A faint guilloche of diagonal lines.
  for (let i = -HEIGHT; i < WIDTH; i += 14)
    for (let y = 20; y < HEIGHT - 20; y++) {
      const x = i + y;
      if (x > 20 && x < WIDTH - 20) paint(x, y, 1, 1, [238, 234, 222]);
    }
  paint(20, 20, WIDTH - 40, 62, accent);
  paint(44, 40, 220, 10, [255, 255, 255]);
  paint(44, 58, 140, 6, [191, 219, 254]);
  paint(WIDTH - 130, 34, 86, 34, [255, 255, 255]);
  // The photo: a silhouette on a pale field.
  paint(44, 110, 170, 210, [203, 213, 225]);
  circle(129, 180, 42, [100, 116, 139]);
  paint(69, 240, 120, 80, [100, 116, 139]);
  circle(129, 250, 60, [100, 116, 139]);
  paint(44, 320, 170, 40, [250, 248, 240]);
  // The text: labels and values as bars.
  const rows = [190, 240, 150, 210, 120];
  rows.forEach((width, index) => {
    const y = 118 + index * 44;
    paint(244, y, 90, 7, [148, 163, 184]);
    paint(244, y + 14, width * 1.6, 12, [51, 65, 85]);
  });
  // A signature and the machine-readable zone.
  for (let x = 0; x < 150; x++) paint(250 + x, 346 + Math.round(8 * Math.sin(x / 9)), 2, 2, [30, 64, 175]);
  paint(20, HEIGHT - 96, WIDTH - 40, 76, [241, 245, 249]);
  for (let line = 0; line < 2; line++)
    for (let i = 0; i < 36; i++)
      paint(40 + i * 18, HEIGHT - 84 + line * 30, 12, 18, i % 5 === 4 ? [148, 163, 184] : [71, 85, 105]);

  const raw = Buffer.alloc((WIDTH * 3 + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    pixels.copy(raw, y * (WIDTH * 3 + 1) + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
