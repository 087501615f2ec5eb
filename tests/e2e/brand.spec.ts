import { expect, test, type Page } from "@playwright/test";
import { DEMO2_SITE, DEMO_SITE } from "../../server/cli/seed/sites";
import { BRAND2, DEMO } from "./support";

/**
 * Logos used right (app/README.md, "Brand"): the header shows the wordmark alone or the mark beside
 * the name, whole and on one row at every width; the wordmark SVGs fit their own viewBox; logo2
 * (made for dark backgrounds) shows only when the page is dark.
 */

const SITES = [
  { origin: DEMO, seed: DEMO_SITE },
  { origin: BRAND2, seed: DEMO2_SITE },
] as const;

test("each wordmark SVG draws its name inside its own viewBox, so no width of the page can clip it", async ({
  page,
}) => {
  for (const { origin, seed } of SITES) {
    for (const src of [seed.config.logo!, seed.config.logo2!]) {
      await page.goto(`${origin}${src}`);
      const fit = await page.evaluate(() => {
        const svg = document.querySelector("svg")!;
        const box = svg.viewBox.baseVal;
        return [...svg.querySelectorAll("text")].map((t) => {
          const b = t.getBBox();
          return {
            text: t.textContent,
            right: b.x + b.width,
            bottom: b.y + b.height,
            width: box.width,
            height: box.height,
          };
        });
      });
      for (const t of fit) {
        expect(t.right, `${src} "${t.text}" ends inside the viewBox`).toBeLessThanOrEqual(t.width);
        expect(t.bottom, `${src} "${t.text}" ends above the viewBox's bottom`).toBeLessThanOrEqual(t.height);
      }
    }
  }
});

for (const width of [360, 1280]) {
  test(`at ${width} px the header shows each site's brand whole on one row: the wordmark alone, or the mark and the name on one line`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 640 : 800 });
    for (const { origin, seed } of SITES) {
      await page.goto(`${origin}/`);
      const header = (await page.locator("header.site-header").boundingBox())!;
      // one row: 44 px targets with room above and below them and the border (53 px; the game's own
      // header is 48); a second row would add another 44
      if (width === 360) expect(header.height, `${origin}: one row`).toBeLessThanOrEqual(56);
      const brand = (await page.locator("header .brand").boundingBox())!;
      const nav = (await page.locator("header .site-nav").boundingBox())!;
      expect(brand.x + brand.width, `${origin}: the brand ends before the links`).toBeLessThanOrEqual(nav.x + 1);
      if (seed.config.theme!.logo === "wordmark") {
        const logo = page.locator("header .brand img.logo-light");
        await expect(logo).toBeVisible();
        await expect(logo).toHaveAttribute("alt", seed.config.title!);
        await expect(page.locator("header .brand-name")).toHaveCount(0);
        const img = (await logo.boundingBox())!;
        expect(img.x + img.width, `${origin}: the wordmark inside the brand`).toBeLessThanOrEqual(
          brand.x + brand.width + 1,
        );
        expect(
          await logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
          "the wordmark loaded",
        ).toBe(true);
      } else {
        await expect(page.locator("header .brand-mark")).toBeVisible();
        const name = page.locator("header .brand-name");
        await expect(name).toHaveText(seed.config.title!);
        const lines = await name.evaluate(
          (el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight),
        );
        expect(lines, `${origin}: the name on one line`).toBeLessThan(1.5);
      }
    }
  });
}

/** Which of the header's and footer's logos shows: "logo" (for light surfaces) or "logo2" (for dark). */
async function shownLogos(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const where of ["header", "footer"]) {
    const light = await page.locator(`${where} img.logo-light`).isVisible();
    const dark = await page.locator(`${where} img.logo-dark`).isVisible();
    expect(light !== dark, `${where}: exactly one of the two logos`).toBe(true);
    shown.push(light ? "logo" : "logo2");
  }
  return shown;
}

test("logo2 shows only on a dark page: the member's dark scheme, or the device's dark setting under 'system'", async ({
  page,
}) => {
  const cases = [
    { device: "light", scheme: "light", expected: "logo" },
    { device: "dark", scheme: "light", expected: "logo" },
    { device: "light", scheme: "dark", expected: "logo2" },
    { device: "dark", scheme: "system", expected: "logo2" },
    { device: "light", scheme: "system", expected: "logo" },
  ] as const;
  await page.goto(`${DEMO}/login`);
  for (const { device, scheme, expected } of cases) {
    await page.emulateMedia({ colorScheme: device });
    await page.evaluate((s) => document.documentElement.setAttribute("data-scheme", s), scheme);
    expect(await shownLogos(page), `device ${device}, scheme ${scheme}`).toEqual([expected, expected]);
  }
});
