import { chosenBrowser } from "./browser";

/**
 * The Chromium the end-to-end tests and the benchmark launch: the one `npm run browser` found or
 * got (tests/browser.ts). The machine may have no network, so everything Chromium would fetch or
 * sync by itself is switched off.
 */
export const CHROMIUM_PATH = chosenBrowser();
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
