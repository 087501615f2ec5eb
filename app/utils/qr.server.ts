import { encode } from "uqr";

/**
 * A QR code as one SVG path, drawn on the server (the encoder never ships to the browser): the
 * loader sends `{ size, path }` and the page draws it in an <svg viewBox="0 0 size size"> with a
 * white square under dark modules. The colours are fixed, never the theme's: a phone's camera
 * reads dark on light, and a dark-mode page with light modules on a dark ground fails many
 * scanners. `size` includes the 4-module quiet zone the standard asks for.
 */
export type QrCode = { size: number; path: string };

export function qrCode(text: string): QrCode {
  // M: 15 % of the code may be damaged (a smudged screen) and it stays small for a 34-character address
  const qr = encode(text, { ecc: "M", border: 4 });
  let path = "";
  qr.data.forEach((row, y) => {
    // each run of dark modules on a row is one rectangle: a fraction of the path of one square each
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { size: qr.size, path };
}
