import { describe, expect, it } from "vitest";
import { encode } from "uqr";
import { qrCode } from "../../app/utils/qr.server";

/** The grid a path of qrCode draws: each "Mx yhNv1h-Nz" fills N modules of row y from x. */
function drawn(size: number, path: string): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) grid[Number(y)]![Number(x) + i] = true;
  }
  return grid;
}

describe("qrCode (app/utils/qr.server.ts)", () => {
  it("draws exactly the encoder's dark modules, with a 4-module light quiet zone", () => {
    const address = "TT5AYBAGYpv8PkfykPzfn1jRvNDfNS2r7e";
    const { size, path } = qrCode(address);
    const expected = encode(address, { ecc: "M", border: 4 });
    expect(size).toBe(expected.size);
    expect(drawn(size, path)).toEqual(expected.data);
    const grid = drawn(size, path);
    for (let i = 0; i < size; i++) {
      for (const edge of [0, 1, 2, 3, size - 4, size - 3, size - 2, size - 1]) {
        expect(grid[edge]![i]).toBe(false);
        expect(grid[i]![edge]).toBe(false);
      }
    }
  });
});
