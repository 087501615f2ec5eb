/**
 * The little PNG a Worker needs without a rasterizer: reading a PNG's size (IHDR), and writing a
 * plain square of one colour, the icon a site has until its operator uploads rendered ones
 * (server/platform/README.md, "Icons"). The pixels are deflated with CompressionStream("deflate"),
 * which yields zlib data, exactly what a PNG's IDAT holds.
 */

// the PNG reader is the contract's: the back office checks an upload with it before sending
export { pngSize } from "../../contract/icons";

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

let crcTable: Uint32Array | undefined;
function crc32(data: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A size × size PNG (8-bit RGB) filled with one colour (#rrggbb). */
export async function solidPng(size: number, hex: string): Promise<Uint8Array> {
  const n = Number.parseInt(hex.slice(1), 16);
  const rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const row = 1 + size * 3;
  const pixels = new Uint8Array(row * size);
  for (let y = 0; y < size; y++) {
    // filter byte 0 (none), then the row's pixels
    for (let x = 0; x < size; x++) pixels.set(rgb, y * row + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, colour type 2 (RGB), deflate, no filter method, no interlace
  const parts = [
    new Uint8Array(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(pixels)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
