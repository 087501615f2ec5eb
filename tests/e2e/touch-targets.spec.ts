import { expect, test, type Page } from "@playwright/test";
import { MEMBER_PAGES } from "../helpers/member-pages";
import { BRAND2, DEMO, newMember, signUp, waitForReact } from "./support";

/**
 * Touch targets on a 360×640 phone: every visible button, link (except one inside running text,
 * WCAG 2.5.8's inline exception), text box, select and choice (a checkbox or radio counts by its
 * label, the part a thumb hits) is at least 44 px tall (app/README.md, "Accessibility").
 */

const PHONE = { width: 360, height: 640 };
const MIN = 44;

test.use({ viewport: PHONE });

/** The page's targets under 44 px tall, each as "tag "text" height". */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const small: string[] = [];
    const describe = (el: Element, h: number) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}" ${h.toFixed(0)}px`;
    const shown = (el: Element) => {
      if (!(el instanceof HTMLElement) || !el.checkVisibility({ visibilityProperty: true })) return false;
      const r = el.getBoundingClientRect();
      // off-screen until focused (the skip link), or visually hidden (1 px)
      return r.right > 0 && r.width > 1 && r.height > 1;
    };
    /** A link among other words of its paragraph (WCAG 2.5.8: inline targets are exempt). */
    const inRunningText = (a: HTMLElement) => {
      if (getComputedStyle(a).display !== "inline") return false;
      const block = a.parentElement;
      return block !== null && (block.textContent ?? "").trim() !== (a.textContent ?? "").trim();
    };
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea"),
    )) {
      if (!shown(el) || el.closest("[aria-hidden=true]")) continue;
      if (el.tagName === "A" && inRunningText(el)) continue;
      let height = el.getBoundingClientRect().height;
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        // the hit area of a choice is its box and its label
        const labels = Array.from(el.labels ?? []).filter(shown);
        height = Math.max(height, ...labels.map((l) => l.getBoundingClientRect().height));
      }
      if (height < min - 0.5) small.push(describe(el, height));
    }
    return small;
  }, MIN);
}

async function check(page: Page, url: string) {
  await page.goto(url);
  await waitForReact(page);
  expect.soft(await smallTargets(page), `${url}: targets under ${MIN} px tall`).toEqual([]);
}

test("signed out: every public page of both sites has only targets at least 44 px tall", async ({ page }) => {
  for (const origin of [DEMO, BRAND2]) {
    for (const path of [
      "/",
      "/login",
      "/register",
      "/forgot-password",
      "/forgot-password?step=reset&account=someone",
      "/terms",
      "/contact",
      "/fairness",
      "/no-such-page",
    ]) {
      await check(page, `${origin}${path}`);
    }
  }
  // the error states: the summary's links and the fields' messages
  await page.goto(`${DEMO}/register`);
  // the sign-up form's button (the footer's language form has one too)
  await page.locator('main form button[type="submit"]').click();
  await expect(page.getByTestId("form-summary")).toBeVisible();
  expect.soft(await smallTargets(page), "/register after a failed submit").toEqual([]);
});

test("signed in: every member page has only targets at least 44 px tall, the toast's close button too", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // a member just signed up, details not given: /user shows the first-time card and
  // /user/withdraw the details form, whose targets are checked too
  await signUp(page, DEMO, newMember(), { details: false });
  // the sign-up toast is on screen now
  await expect(page.getByTestId("toast")).toBeVisible();
  expect.soft(await smallTargets(page), "/user with its toast").toEqual([]);
  for (const path of [
    ...MEMBER_PAGES,
    "/user/news/demo-welcome",
    "/game",
    "/game?tab=history",
    "/game?tab=chart",
    "/contact",
  ]) {
    await check(page, `${DEMO}${path}`);
  }
});
