// png.mjs -- real PNG files made with zlib, for the tests of photos: any size, a header
// that claims other dimensions than the pixels, or padding to an exact size.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG chunks carry it. */
export function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An RGB PNG of w x h pixels, pixel(x, y) giving [r, g, b] (default a gradient); with
 * alpha, RGBA and pixel(x, y) giving [r, g, b, a]. header: the dimensions IHDR claims
 * (default w x h); size: padded with a private ancillary chunk to exactly that many
 * bytes; text: [type, data] chunks (tEXt, zTXt, iTXt) put after IHDR.
 */
export function png(w, h, { header = [w, h], size, pixel, text = [], alpha = false } = {}) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header[0], 0);
  ihdr.writeUInt32BE(header[1], 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = alpha ? 6 : 2; // RGBA or RGB
  const n = alpha ? 4 : 3;
  const raw = Buffer.alloc((w * n + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const px = pixel ? pixel(x, y) : [(x * 37) & 0xff, (y * 53) & 0xff, 160, 255];
    raw.set(px.slice(0, n), y * (w * n + 1) + 1 + x * n);
  }
  const parts = [Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
    ...text.map(([type, data]) => chunk(type, data)), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))];
  if (size) {
    const used = parts.reduce((n, p) => n + p.length, 0) + 12;
    parts.splice(2, 0, chunk('prVt', Buffer.alloc(size - used, 7)));
  }
  const out = Buffer.concat(parts);
  if (size && out.length !== size) throw new Error(`png: ${out.length} bytes, not ${size}`);
  return out;
}

/**
 * A PNG of about size bytes whose zTXt chunks each inflate to about 8 MB (a "chunk
 * bomb": a decoder that inflates text chunks does ~1000x the work of the file).
 */
export function zTxtBomb(size = 512 * 1024) {
  const one = Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(Buffer.alloc(8 << 20, 0x41), { level: 9 })]);
  const n = Math.floor((size - 200) / (one.length + 12));
  return png(4, 4, { text: Array.from({ length: n }, () => ['zTXt', one]) });
}
