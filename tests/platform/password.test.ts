import { describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_ITERATIONS, verifyPassword } from "../../server/platform/auth/password";

describe("password hashing", () => {
  it("stores PBKDF2-SHA256 with 100000 iterations, a 16-byte salt and a 32-byte hash in a versioned format", async () => {
    const stored = await hashPassword("correct horse");
    const [algorithm, iterations, salt, hash] = stored.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBe(100_000);
    expect(PASSWORD_ITERATIONS).toBe(100_000);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(32);
  });

  it("verifies the password it was made from", async () => {
    expect(await verifyPassword("correct horse", await hashPassword("correct horse"))).toBe(true);
  });

  it("refuses a wrong password, including one that differs only in case", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("uses a fresh salt per hash, so one password hashes differently each time", async () => {
    const [a, b] = await Promise.all([hashPassword("same"), hashPassword("same")]);
    expect(a.split("$")[2]).not.toBe(b.split("$")[2]);
    expect(a).not.toBe(b);
  });

  it("refuses stored values of another format or an iteration count above the Workers cap", async () => {
    const [, , salt, hash] = (await hashPassword("pw")).split("$");
    expect(await verifyPassword("pw", `bcrypt$100000$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword("pw", `pbkdf2-sha256$200000$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword("pw", "garbage")).toBe(false);
  });
});
