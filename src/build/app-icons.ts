/**
 * @module The installed app's icons (docs/decisions/019-offline-cache.md), drawn at build time as PNGs from the favicon's
 * shapes — the rounded square in the header's purple and its white tick — with no image library:
 * pixels computed here, compressed with zlib, framed as PNG chunks.
 */
import { deflateSync } from "node:zlib";

/** The favicon's colours (public/favicon.svg): Vibrant's header purple and white. */
const BACKGROUND = [0x5f, 0x27, 0xcd] as const;
/** The favicon's tick, in its 32-unit box: three points and the stroke's width. */
const TICK: ReadonlyArray<readonly [number, number]> = [
  [9, 16.5],
  [13.5, 21],
  [23, 11],
];
const TICK_WIDTH = 3.5;
const CORNER = 8;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** RGBA rows (width × height × 4) as a PNG file: 8-bit truecolour with alpha, no filtering. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", new Uint8Array()),
  ];
  return Buffer.concat(parts);
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Distance from a point to the segment a–b. */
function segmentDistance(x: number, y: number, [ax, ay]: readonly [number, number], [bx, by]: readonly [number, number]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = clamp(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

/** Signed distance to the 32-unit rounded square (negative inside). */
function squareDistance(x: number, y: number) {
  const qx = Math.abs(x - 16) - (16 - CORNER);
  const qy = Math.abs(y - 16) - (16 - CORNER);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - CORNER;
}

/**
 * One icon, anti-aliased by distance. `maskable` fills the whole square (the launcher cuts its
 * own shape) and shrinks the tick into the safe zone, the middle 80% circle.
 */
export function drawIcon(size: number, maskable: boolean): Uint8Array {
  const rgba = new Uint8Array(size * size * 4);
  const unit = size / 32;
  const tickScale = maskable ? 0.75 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / unit;
      const y = (py + 0.5) / unit;
      const square = maskable ? 1 : clamp(0.5 - squareDistance(x, y) * unit);
      const tx = 16 + (x - 16) / tickScale;
      const ty = 16 + (y - 16) / tickScale;
      const nearest = Math.min(segmentDistance(tx, ty, TICK[0]!, TICK[1]!), segmentDistance(tx, ty, TICK[1]!, TICK[2]!));
      const tick = clamp(0.5 + (TICK_WIDTH / 2 - nearest) * unit * tickScale);
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) rgba[at + c] = Math.round(BACKGROUND[c]! + (255 - BACKGROUND[c]!) * tick);
      rgba[at + 3] = Math.round(255 * square);
    }
  }
  return encodePng(size, size, rgba);
}

/** The manifest's icons: file stem (letters and dots, like every build file's), size, purpose. */
export const APP_ICONS = [
  { stem: "icon.small", size: 192, purpose: "any" },
  { stem: "icon.large", size: 512, purpose: "any" },
  { stem: "icon.maskable", size: 512, purpose: "maskable" },
] as const;
