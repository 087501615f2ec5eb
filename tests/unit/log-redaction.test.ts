import { afterEach, describe, expect, it, vi } from "vitest";
import { errorFields, log, requestIdOf } from "../../server/log/log";
import { REDACTED, redact, redactText } from "../../server/log/redact";

/** Every JSON line `log` wrote while `run` ran, parsed. */
function linesOf(run: () => void): Record<string, unknown>[] {
  const written: string[] = [];
  for (const method of ["log", "warn", "error"] as const)
    vi.spyOn(console, method).mockImplementation((line: unknown) => void written.push(String(line)));
  run();
  vi.restoreAllMocks();
  return written.map((line) => JSON.parse(line) as Record<string, unknown>);
}

afterEach(() => vi.restoreAllMocks());

describe("log redaction", () => {
  it("replaces every credential field whole, at any depth and whatever its case or spelling", () => {
    const out = JSON.stringify(
      redact({
        password: "login-pass-1",
        transactionPassword: "trade-pass-2",
        body: { newPassword: "x", token: "short", Authorization: "Bearer abc", "set-cookie": "session=1" },
        headers: [{ cookie: "__Host-session=abc" }, { "cf-access-jwt-assertion": "eyJ" }],
        code: "123456",
        accountNumber: "12345",
        realName: "Site Tester",
        mobile: "0912",
      }),
    );
    for (const secret of ["login-pass-1", "trade-pass-2", "Bearer abc", "session=1", "__Host-session", "eyJ", "123456"])
      expect(out).not.toContain(secret);
    expect(out).not.toContain("Site Tester");
    expect(out.match(/\[redacted\]/g)).toHaveLength(12);
  });

  it("masks tokens, bearer values and document numbers in free text, keeping a card's last four", () => {
    const token = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8";
    expect(redactText(`Authorization: Bearer ${token}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`token ${token} refused`)).toBe(`token ${REDACTED} refused`);
    expect(redactText("card 4111 1111 1111 1234 declined")).toBe("card ****1234 declined");
    expect(redactText("card 4111-1111-1111-1234")).toBe("card ****1234");
    expect(redactText("account 0123456789012")).toBe("account ****9012");
    expect(redactText("mobile 0912345678")).toBe("mobile ****5678");
    expect(redactText("ID A123456789 on file")).toBe(`ID ${REDACTED} on file`);
  });

  it("leaves what a reader needs: dates, amounts, codes, request ids and route patterns", () => {
    const line = {
      event: "request",
      route: "/user/records/:kind",
      requestId: "8f1a2b3c4d5e6f70-NRT",
      message: "insufficient_balance",
      at: "2025-09-01T12:00:00.000Z",
      amount: 1234567890,
      note: "period 2025-09-01 12:00 settled 42 bets",
    };
    expect(redact(line)).toEqual(line);
  });

  it("runs on every line the logger writes, errors included", () => {
    const [line] = linesOf(() =>
      log("error", "signin failed", {
        requestId: "abcdefgh-1",
        body: { account: "m1", password: "login-pass-1" },
        ...errorFields(new Error("token Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8 expired")),
      }),
    );
    expect(line).toMatchObject({ level: "error", event: "signin failed", body: { account: "m1", password: REDACTED } });
    expect(line!.error).toBe(`Error: token ${REDACTED} expired`);
    expect(JSON.stringify(line)).not.toContain("login-pass-1");
  });
});

describe("request id", () => {
  const request = (headers: Record<string, string>) => new Request("https://x.test/", { headers });

  it("is the id the site passed, else cf-ray, else a new UUID; a malformed header is not trusted", () => {
    expect(
      requestIdOf(request({ "x-request-id": "site-made-1", "cf-ray": "8f1a2b3c4d5e6f70-NRT" }), "X-Request-Id"),
    ).toBe("site-made-1");
    expect(requestIdOf(request({ "cf-ray": "8f1a2b3c4d5e6f70-NRT" }), "X-Request-Id")).toBe("8f1a2b3c4d5e6f70-NRT");
    expect(requestIdOf(request({ "x-request-id": "<script>" }), "X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(request({}))).toMatch(/^[0-9a-f-]{36}$/);
  });
});
