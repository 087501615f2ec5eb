import { describe, expect, it } from "vitest";
import { memberHeadline } from "../../app/utils/account-operations";

const op = (account: string, amount: number, balanceAfter: number, entries: { account: string; amount: number; balanceAfter: number }[]) => ({
  account,
  amount,
  balanceAfter,
  entries: entries.map((e, i) => ({ id: i + 1, time: "2026-01-01T00:00:00.000Z", ...e })),
});

describe("memberHeadline: the side of an account operation the member reads first", () => {
  it("heads a contract close headed by the positions account with what came back into the game wallet", () => {
    const close = op("positions", -1000, 0, [
      { account: "positions", amount: -1000, balanceAfter: 0 },
      { account: "game:binary", amount: 995, balanceAfter: 9990 },
    ]);
    expect(memberHeadline(close)).toMatchObject({ account: "game:binary", amount: 995, balanceAfter: 9990 });
  });

  it("leaves every other headline as the platform gave it", () => {
    const open = op("game:binary", -1005, 8995, [
      { account: "game:binary", amount: -1005, balanceAfter: 8995 },
      { account: "positions", amount: 1000, balanceAfter: 1000 },
    ]);
    expect(memberHeadline(open)).toBe(open);
    const transfer = op("main", -500, 0, [
      { account: "main", amount: -500, balanceAfter: 0 },
      { account: "game:binary", amount: 500, balanceAfter: 500 },
    ]);
    expect(memberHeadline(transfer)).toBe(transfer);
  });
});
