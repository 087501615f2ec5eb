import { randomInt } from "node:crypto";
import { must, platformCall } from "./clients";
import { SITE_ID } from "./config";
import { pool } from "./stats";

/**
 * Members for the load figures, made through the platform's own contract calls (sign-up,
 * sign-in, the demo site's instant deposit option, a transfer into the game wallet): the real
 * paths, without a page render per step. Sign-up and sign-in each cost PBKDF2 (100,000
 * iterations), which is most of the setup time.
 */
export interface BenchMember {
  account: string;
  password: string;
  token: string;
  /** minor units moved into the game wallet */
  gameFunds: number;
  deposited: number;
}

export const PASSWORD = "bench-login-1";
const TRANSACTION_PASSWORD = "bench-trade-2";
/** one prefix per run: accounts and mobile numbers never collide with another run's */
const RUN = String(randomInt(10, 100));

export async function createMembers(
  count: number,
  opts: {
    from: number;
    deposit: number;
    toGame: number;
    gameCode: string;
    concurrency: number;
    progress?: (done: number) => void;
  },
): Promise<BenchMember[]> {
  let done = 0;
  const indices = Array.from({ length: count }, (_, i) => opts.from + i);
  return pool(indices, opts.concurrency, async (n) => {
    const account = `bench${RUN}_${n}`;
    const signup = await platformCall("signup", {
      body: {
        siteId: SITE_ID,
        account,
        password: PASSWORD,
        transactionPassword: TRANSACTION_PASSWORD,
        realName: `Bench Member ${n}`,
        areaCode: "+886",
        mobile: `09${RUN}${String(n).padStart(6, "0")}`,
      },
    });
    // account_exists only when a retried sign-up had gone through the first time
    if (signup.statusCode !== 200 && signup.message !== "account_exists")
      throw new Error(`signup: ${signup.statusCode} ${signup.message}`);
    const { token } = await must("signin", { body: { siteId: SITE_ID, account, password: PASSWORD } });
    await must("deposit", { token, body: { optionId: "demo-instant", amount: opts.deposit } });
    await must("transfer", { token, body: { direction: "in", gameCode: opts.gameCode, amount: opts.toGame } });
    opts.progress?.(++done);
    return { account, password: PASSWORD, token, gameFunds: opts.toGame, deposited: opts.deposit };
  });
}
