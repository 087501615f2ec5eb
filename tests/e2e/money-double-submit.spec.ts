import { expect, test, type Page } from "@playwright/test";
import { DEMO, formWith, newMember, signUp, texts, waitForHydration } from "./support";

/**
 * A deposit form carries an idempotency key made when the page was rendered: however often the same
 * form is sent, the platform credits it once (app/README.md, "Money forms and idempotency keys").
 */

const en = texts("en-US");

const recentDeposits = (page: Page) => page.locator('section[aria-labelledby="recent-deposits"] li');

async function mainBalance(page: Page) {
  await page.goto(`${DEMO}/user`);
  return page.getByTestId("main-balance");
}

test("a double-clicked deposit (JavaScript), two instant clicks and the same form posted twice in parallel are each credited once", async ({
  page,
}) => {
  await signUp(page, DEMO, newMember());

  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/user/deposit") posts.push(r.postData() ?? "");
  });

  await test.step("double-click on Deposit: US$500.00 credited once", async () => {
    await page.goto(`${DEMO}/user/deposit`);
    await waitForHydration(page);
    const form = formWith(page, "optionId");
    await form.locator('input[name="optionId"][value="demo-instant"]').check();
    await form.locator('[name="amount"]').fill("500");
    await form.locator('button[type="submit"]').dblclick();
    await expect(page.getByTestId("toast")).toHaveText(en.msg("deposit_credited"));
    // the loading layer over the page may catch the second click; either way one deposit
    expect(posts.length).toBeGreaterThanOrEqual(1);
    await expect(recentDeposits(page)).toHaveCount(1);
    await expect(await mainBalance(page)).toHaveText("US$500.00");
  });

  await test.step("two clicks in the same instant (before the page can react): US$50.00 credited once", async () => {
    posts.length = 0;
    await page.goto(`${DEMO}/user/deposit`);
    await waitForHydration(page);
    const form = formWith(page, "optionId");
    await form.locator('input[name="optionId"][value="demo-instant"]').check();
    await form.locator('[name="amount"]').fill("50");
    await form.locator('button[type="submit"]').evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expect(page.getByTestId("toast")).toHaveText(en.msg("deposit_credited"));
    // the router may fold the second submission into the first; whatever is sent carries the form's one key
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(posts.length).toBeLessThanOrEqual(2);
    const keys = new Set(posts.map((body) => new URLSearchParams(body).get("idempotencyKey")));
    expect(keys.size).toBe(1);
    await expect(recentDeposits(page)).toHaveCount(2);
    await expect(await mainBalance(page)).toHaveText("US$550.00");
  });

  await test.step("the same form sent twice in parallel (same key): both answered, US$100.00 credited once", async () => {
    await page.goto(`${DEMO}/user/deposit`);
    const form = formWith(page, "optionId");
    const fields = {
      csrf: await form.locator('input[name="csrf"]').inputValue(),
      idempotencyKey: await form.locator('input[name="idempotencyKey"]').inputValue(),
      optionId: "demo-instant",
      amount: "100",
    };
    const post = () =>
      page.request.post(`${DEMO}/user/deposit`, { form: fields, headers: { Origin: DEMO }, maxRedirects: 0 });
    const answers = await Promise.all([post(), post()]);
    for (const answer of answers) {
      expect(answer.status(), "each post is answered as a success (redirect to the deposit page)").toBe(302);
      expect(answer.headers()["location"]).toBe("/user/deposit");
    }
    // and once more afterwards, e.g. the back button and submit again
    expect((await post()).status()).toBe(302);

    await page.goto(`${DEMO}/user/deposit`);
    await expect(recentDeposits(page)).toHaveCount(3);
    await expect(recentDeposits(page).first()).toContainText("US$100.00");
    await expect(await mainBalance(page)).toHaveText("US$650.00");
  });
});
