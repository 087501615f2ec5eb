import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO, formHolding, newMember, signIn, signUp, signUpForm, tr, waitForHydration } from "./support";

/**
 * What every page shares (app/README.md, "Messages and toasts", "Forms"): toasts that fit a
 * 360×640 phone, close with a 44 px button, leave by themselves when they report a success and
 * stay when they report an error; and a summary of a form's problems, at its top, linking to
 * each field, focused after a failed submit.
 */

const PHONE = { width: 360, height: 640 };
const t = (key: string, values?: Record<string, string | number>) => tr("en-US", key, values);

test.use({ viewport: PHONE });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "on screen").not.toBeNull();
  return b!;
}

/** The toast is one bar across the top of the phone, its text on at most two lines, its close button 44 px. */
async function expectPhoneToast(page: Page, text: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveText(text);
  const bar = await box(toast);
  expect(bar.y, "at the top").toBeLessThanOrEqual(16);
  expect(bar.width, "across the phone (8 px margins)").toBeGreaterThanOrEqual(PHONE.width - 2 * 8 - 1);
  // the text's lines and its own padding, both in the brand's type scale (rem)
  const { lineHeight, padding } = await toast.locator(".toast-text").evaluate((p) => {
    const style = getComputedStyle(p);
    return {
      lineHeight: parseFloat(style.lineHeight),
      padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
    };
  });
  const textBox = await box(toast.locator(".toast-text"));
  expect(textBox.height, "at most two lines of text").toBeLessThanOrEqual(2 * lineHeight + padding + 1);
  const closeButton = toast.getByRole("button", { name: t("toast.close") });
  const close = await box(closeButton);
  expect(close.height).toBeGreaterThanOrEqual(44);
  expect(close.width).toBeGreaterThanOrEqual(44);
  // 44 px at every frame of its slide in too, not only where a busy machine happened to measure it
  // (a slide between pixels once measured 43.999): the slide starts over, is held at a few
  // points, then finished
  await toast.evaluate((el: HTMLElement) => {
    el.style.animation = "none";
    void el.offsetWidth;
    el.style.animation = "";
  });
  for (const ms of [17, 63.5, 101, 149.25]) {
    await toast.evaluate((el, at) => {
      for (const a of el.getAnimations()) {
        if ((a as CSSAnimation).animationName !== "toast-enter") continue;
        a.pause();
        a.currentTime = at;
      }
    }, ms);
    const frame = await box(closeButton);
    expect(frame.height, `at ${ms} ms`).toBeGreaterThanOrEqual(44);
    expect(frame.width, `at ${ms} ms`).toBeGreaterThanOrEqual(44);
  }
  await toast.evaluate((el) => {
    for (const a of el.getAnimations()) if ((a as CSSAnimation).animationName === "toast-enter") a.finish();
  });
}

/**
 * Runs the toast's CSS animations to their end at once (what waiting out a success's 4 s would
 * end in) and answers the delay of its leave animation, or null when it has none.
 */
async function runAnimationsOut(toast: Locator): Promise<number | null> {
  return toast.evaluate((el) => {
    let leaveDelay: number | null = null;
    for (const a of el.getAnimations()) {
      if ((a as CSSAnimation).animationName === "toast-leave") leaveDelay = Number(a.effect!.getTiming().delay);
      a.finish();
    }
    return leaveDelay;
  });
}

test.describe("toasts on a phone", () => {
  test("with JavaScript: a success shows as a bar at the top and leaves by itself; an error stays until its close button is pressed", async ({
    page,
    browser,
  }) => {
    // the sign-up's own toast: no detour to the withdrawal's details form first
    const member = await signUp(page, DEMO, newMember(), { details: false });
    await expectPhoneToast(page, t("messages:register_success"));
    // it leaves by itself 4 s after it shows, removed from the page at its leave animation's end
    // (run to that end here, rather than waited for)
    expect(await runAnimationsOut(page.getByTestId("toast"))).toBe(4_000);
    await expect(page.getByTestId("toast")).toHaveCount(0);

    // the platform ends the session (the password changed elsewhere): an error toast on /login
    const other = await browser.newContext({ javaScriptEnabled: false });
    const elsewhere = await other.newPage();
    await signIn(elsewhere, DEMO, member.account, member.password);
    await elsewhere.goto(`${DEMO}/user/setting`);
    const form = formHolding(elsewhere, "oldPassword");
    await form.locator('[name="oldPassword"]').fill(member.password);
    await form.locator('[name="newPassword"]').fill(`${member.password}-2`);
    await form.locator('[name="confirmPassword"]').fill(`${member.password}-2`);
    await form.locator('button[type="submit"]').click();
    await expect(elsewhere).toHaveURL(`${DEMO}/login`);
    await other.close();

    await page.goto(`${DEMO}/user`);
    await expect(page).toHaveURL(`${DEMO}/login`);
    await waitForHydration(page);
    const toast = page.getByTestId("toast");
    await expectPhoneToast(page, t("messages:relogin"));
    await expect(toast).toHaveAttribute("role", "alert");
    // no leave animation: still there once every animation it has ran out, where a success is gone
    expect(await runAnimationsOut(toast)).toBeNull();
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: t("toast.close") }).click();
    await expect(toast).toHaveCount(0);
    await expect(page, "closing does not leave the page").toHaveURL(`${DEMO}/login`);
  });

  test("without JavaScript: a success leaves by itself too, and the close button takes the toast away", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const member = await signUp(page, DEMO, newMember(), { details: false });
    await expectPhoneToast(page, t("messages:register_success"));
    await expect(page.getByTestId("toast")).toHaveAttribute("role", "status");
    // hidden by the style sheet's animation 4 s on (run to its end here), no script involved
    expect(await runAnimationsOut(page.getByTestId("toast"))).toBe(4_000);
    await expect(page.getByTestId("toast")).toBeHidden();

    // the close button reloads the page, which has no toast any more (a flash is read once)
    await page.goto(`${DEMO}/user/info`);
    const infoForm = formHolding(page, "realName");
    await infoForm.locator('[name="realName"]').fill("Closed Toast");
    // the short sign-up asked no mobile, and this form needs one
    await infoForm.locator('[name="mobile"]').fill(member.mobile);
    await infoForm.locator('button[type="submit"]').click();
    await expect(page.getByTestId("toast")).toHaveClass(/toast-success/);
    await page
      .getByTestId("toast")
      .getByRole("button", { name: t("toast.close") })
      .click();
    // the same page (a GET form with no field ends its address with "?")
    await expect(page).toHaveURL(/\/user\/info\??$/);
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await context.close();
  });
});

test.describe("the error summary", () => {
  // the short sign-up's fields (app/README.md, "Sign-in and sign-up"); the referral code is optional
  const REGISTER_FIELDS = ["account", "password", "agreeTerms"];

  test("with JavaScript: an empty sign-up shows one summary of its three problems, takes focus, and each link focuses its field", async ({
    page,
  }) => {
    await page.goto(`${DEMO}/register`);
    await waitForHydration(page);
    await signUpForm(page).locator('button[type="submit"]').click();
    const summary = page.getByTestId("form-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("heading")).toHaveText(
      t("form_summary.title_other", { count: REGISTER_FIELDS.length }),
    );
    const links = summary.getByRole("link");
    await expect(links).toHaveCount(REGISTER_FIELDS.length);
    // the summary is the form's first thing, above its first field
    expect((await box(summary)).y).toBeLessThan((await box(page.locator('[name="account"]'))).y);
    // a link focuses its control, the box below the fields as well as a text field
    await links.filter({ hasText: t("validation.terms_and_age_required") }).click();
    await expect(page.locator('[name="agreeTerms"]')).toBeFocused();
    await links.filter({ hasText: t("fields.password") }).click();
    await expect(page.locator('[name="password"]')).toBeFocused();
  });

  test("without JavaScript: the summary is in the page, each link points at its field, and one error shows no summary", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${DEMO}/register`);
    await signUpForm(page).locator('button[type="submit"]').click();
    const summary = page.getByTestId("form-summary");
    await expect(summary).toBeVisible();
    const targets = await summary
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((a) =>
          document.querySelector((a as HTMLAnchorElement).hash.replace(/:/g, "\\:"))?.getAttribute("name"),
        ),
      );
    expect(targets).toEqual(REGISTER_FIELDS);
    // the summary is on the first screen of a phone
    expect((await box(summary)).y).toBeLessThan(PHONE.height);

    // the reset request with only the mobile number missing: the field's message is enough
    await page.goto(`${DEMO}/forgot-password`);
    const sendForm = formHolding(page, "mobile");
    await sendForm.locator('[name="account"]').fill("someone");
    await sendForm.locator('button[type="submit"]').click();
    await expect(sendForm.locator(".error-list")).toHaveText(t("validation.mobile_required"));
    await expect(page.getByTestId("form-summary")).toHaveCount(0);
    await context.close();
  });
});

test("the footer's Licence and operator link opens the terms at the site's licence section, which the governing-law clause points at", async ({
  page,
}) => {
  await page.goto(`${DEMO}/`);
  await waitForHydration(page, "footer form");
  await page
    .getByRole("navigation", { name: t("nav.footer_label") })
    .getByRole("link", { name: t("nav.licence"), exact: true })
    .click();
  await expect(page).toHaveURL(`${DEMO}/terms#licence`);
  const section = page.locator("section#licence");
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(tr("en-US", "terms:licence_heading"));
  await expect(section).toContainText("holds no gaming or financial licence");
  await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
  await expect(page.locator('section[aria-labelledby="terms-law"] a[href="#licence"]')).toHaveText(
    tr("en-US", "terms:licence_heading"),
  );
});
