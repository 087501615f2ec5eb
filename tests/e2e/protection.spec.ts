import AxeBuilder from "@axe-core/playwright";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { ensureDevVars } from "../../server/cli/local/dev-vars";
import {
  expectToast,
  fillSignUp,
  moneyText,
  newMember,
  signIn,
  signUpForm,
  signUpValues,
  tr,
  waitForHydration,
  watchToasts,
} from "./support";

/**
 * Decision 033's member steps, as one member lives them in Japanese on a phone (360×640): the
 * deposit limits offered in the sign-up form, a raised limit confirmed once its 24 hours have
 * passed, and the return from a self-exclusion after its minimum, 24 hours after asking.
 *
 * Days and months pass on the platform's clock only: like trust.spec.ts this spec runs its own
 * site and platform (server/cli/local/serve.ts with PLATFORM_CLOCK_CONTROL=1, the platform's clock
 * real time plus an offset that only grows) on ports and a state folder of its own.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const SITE_PORT = Number(process.env.E2E_PROTECT_SITE_PORT ?? 8809);
const PLATFORM_PORT = SITE_PORT + 1;
const ORIGIN = `http://localhost:${SITE_PORT}`;
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
const STATE_DIR = "tests/.tmp/e2e-protect-state";
const LNG = "ja-JP" as const;
const DAY = 86_400_000;

let server: ChildProcess | undefined;
/** the platform clock's offset from real time, in ms (it only grows) */
let offset = 0;

async function movePlatformClock(ms: number): Promise<void> {
  offset += ms;
  const response = await fetch(`${PLATFORM}/__test__/clock-offset`, {
    method: "POST",
    headers: { Authorization: `Bearer ${ensureDevVars().operatorKey}` },
    body: String(offset),
  });
  expect(response.status).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(`${root}/${STATE_DIR}`, { recursive: true, force: true });
  server = spawn("npx", ["tsx", "server/cli/local/serve.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PLATFORM_CLOCK_CONTROL: "1",
      SITE_PORT: String(SITE_PORT),
      PLATFORM_PORT: String(PLATFORM_PORT),
      STATE_DIR,
    },
    stdio: "ignore",
    detached: true,
  });
  await expect
    .poll(async () => (await fetch(`${ORIGIN}/build-id.json`).catch(() => null))?.status ?? 0, {
      timeout: 100_000,
      intervals: [500],
    })
    .toBe(200);
});

test.afterAll(() => {
  // the whole process group: npx, tsx and the workerd it started
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
});

/** axe's WCAG 2.2 A/AA rules find nothing on the page (states the a11y spec's members never reach). */
async function expectAxeClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true)
    .analyze();
  expect(
    violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`)),
    what,
  ).toEqual([]);
}

/** The daily deposit limit's one-line form on /user/limits. */
const depositDay = (page: Page) =>
  page
    .locator("form.limit-form")
    .filter({ has: page.locator('input[name="kind"][value="deposit"]') })
    .filter({ has: page.locator('input[name="period"][value="day"]') });

test("in Japanese on a phone: the limits offered at sign-up, a raised limit confirmed after 24 hours, and the return after a self-exclusion", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: LNG, baseURL: ORIGIN });
  await context.addCookies([{ name: "locale", value: LNG, url: ORIGIN }]);
  const page = await context.newPage();
  await watchToasts(page);
  const usd = (minor: number) => moneyText(minor, "USD", LNG);
  const member = newMember();

  // 1. the sign-up form offers a deposit limit on its own screen: a daily one of US$100.00 set there
  await page.goto("/register");
  await fillSignUp(page, signUpValues(member));
  const offer = signUpForm(page).locator("details.sign-up-limits");
  await expect(offer.locator("summary")).toHaveText(tr(LNG, "register.limits_summary"));
  await offer.locator("summary").click();
  await offer.getByLabel(tr(LNG, "register.limit_day")).fill("100");
  await signUpForm(page).locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${ORIGIN}/user`);

  // 2. raising it: the limit in force stays, the new amount waits
  await page.goto("/user/limits");
  await waitForHydration(page, "form.limit-form");
  await expect(page.getByTestId("limit-deposit-day-remaining")).toHaveText(usd(10_000));
  await depositDay(page).locator('input[name="amount"]').fill("250");
  await depositDay(page).locator('button[value="set"]').click();
  await expectToast(page, tr(LNG, "messages:limit_saved"));
  await expect(page.getByTestId("limit-deposit-day-confirm")).toHaveCount(0);

  // 3. 24 hours later it is ready: applied only when the member confirms it
  await movePlatformClock(DAY + 60_000);
  await page.goto("/user/limits");
  await expect(page.getByTestId("limit-deposit-day-pending")).toHaveText(
    tr(LNG, "account:limits.pending_ready", { amount: usd(25_000) }),
  );
  await expect(page.getByTestId("limit-deposit-day-remaining")).toHaveText(usd(10_000));
  await expectAxeClean(page, "a change ready to confirm");
  await waitForHydration(page, "form.limit-confirm");
  await page.getByTestId("limit-deposit-day-confirm").click();
  await expectToast(page, tr(LNG, "messages:limit_confirmed"));
  await expect(page.getByTestId("limit-deposit-day-remaining")).toHaveText(usd(25_000));

  // 4. a self-exclusion of 6 months
  const breakForm = page.locator("form").filter({ has: page.locator('input[name="intent"][value="break"]') });
  await breakForm.locator('input[name="duration"][value="6m"]').check();
  await breakForm.locator('input[name="confirm"]').check();
  await breakForm.locator('button[type="submit"]').click();
  await expectToast(page, tr(LNG, "messages:break_started"));

  // 5. 183 days on its minimum has passed, and it holds until the member asks to return
  await movePlatformClock(183 * DAY);
  // the platform's session ended months ago: the next page asks to sign in again
  await page.goto("/user");
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, ORIGIN, member.account, member.password);
  await expect(page).toHaveURL(`${ORIGIN}/user`);
  await page.goto("/user/deposit");
  await expect(page.getByTestId("break-panel")).toContainText(tr(LNG, "money:break_panel.title.exclusion_open"));
  await page.goto("/user/limits");
  const active = page.getByTestId("active-break");
  await expect(active).toContainText(tr(LNG, "account:limits.return_hint"));
  await expectAxeClean(page, "a self-exclusion past its minimum");
  await waitForHydration(page, "form.limit-form");
  await active.getByRole("button", { name: tr(LNG, "account:limits.return_submit") }).click();
  await expectToast(page, tr(LNG, "messages:return_asked"));
  await expect(active.getByRole("button")).toHaveCount(0);
  await page.goto("/user/deposit");
  await expect(page.getByTestId("break-panel")).toBeVisible();

  // 6. 24 hours after asking, the member is back: the deposit form is there again
  await movePlatformClock(DAY + 60_000);
  await page.goto("/user/deposit");
  await expect(page.getByTestId("break-panel")).toHaveCount(0);
  await expect(page.locator('main form [name="amount"]')).toBeVisible();
  await context.close();
});
