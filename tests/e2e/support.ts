import { randomInt, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import { SITE_PORT } from "./ports";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The demo site (English) and the second tenant (Traditional Chinese by default). */
export const DEMO = `http://localhost:${SITE_PORT}`;
export const BRAND2 = `http://brand2.localhost:${SITE_PORT}`;

export const SITES = {
  demo: { origin: DEMO, title: "Demo Trade", lang: "en-US", areaCode: "+886" },
  demo2: { origin: BRAND2, title: "Brand Two Markets", lang: "zh-TW", areaCode: "+886" },
} as const;

type Json = { [key: string]: string | Json };

/** A locale's translations, read from the files the app bundles, so tests follow the texts. */
export function texts(lng: "en-US" | "zh-TW" | "zh-CN" | "ja-JP") {
  const read = (ns: string) => JSON.parse(readFileSync(`${root}/locales/${lng}/${ns}.json`, "utf8")) as Json;
  const common = read("common");
  const messages = read("messages");
  const terms = read("terms");
  const pick = (tree: Json, key: string): string => {
    let node: string | Json = tree;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || !(part in node)) throw new Error(`${lng}: no translation for ${key}`);
      node = node[part]!;
    }
    if (typeof node !== "string") throw new Error(`${lng}: ${key} is not a string`);
    return node;
  };
  return {
    t: (key: string) => pick(common, key),
    msg: (key: string) => pick(messages, key),
    terms: (key: string) => pick(terms, key),
  };
}

export interface Member {
  account: string;
  password: string;
  transactionPassword: string;
  realName: string;
  areaCode: string;
  mobile: string;
}

/** A member nobody has used yet: unique account and (per site) unique mobile number. */
export function newMember(areaCode = "+886"): Member {
  const suffix = randomUUID().replace(/-/g, "").slice(0, 10);
  return {
    account: `e2e_${suffix}`,
    password: `Pw-${randomUUID().slice(0, 8)}`,
    transactionPassword: `Tx-${randomUUID().slice(0, 8)}`,
    realName: `Tess Tester ${suffix.slice(0, 4)}`,
    areaCode,
    mobile: `09${String(randomInt(0, 100_000_000)).padStart(8, "0")}`,
  };
}

export interface SignUpValues {
  account?: string;
  password?: string;
  confirmPassword?: string;
  transactionPassword?: string;
  confirmTransactionPassword?: string;
  realName?: string;
  areaCode?: string;
  mobile?: string;
  referralCode?: string;
  agreeTerms?: boolean;
  legalAge?: boolean;
}

export function signUpValues(m: Member): SignUpValues {
  return {
    account: m.account,
    password: m.password,
    confirmPassword: m.password,
    transactionPassword: m.transactionPassword,
    confirmTransactionPassword: m.transactionPassword,
    realName: m.realName,
    areaCode: m.areaCode,
    mobile: m.mobile,
    referralCode: "",
    agreeTerms: true,
    legalAge: true,
  };
}

const TEXT_FIELDS = [
  "account",
  "password",
  "confirmPassword",
  "transactionPassword",
  "confirmTransactionPassword",
  "realName",
  "mobile",
  "referralCode",
] as const;

/** Fills every field of the sign-up form on the current page (an omitted text field is left empty). */
export async function fillSignUp(page: Page, v: SignUpValues): Promise<void> {
  const form = signUpForm(page);
  for (const name of TEXT_FIELDS) await form.locator(`[name="${name}"]`).fill(v[name] ?? "");
  if (v.areaCode) await form.locator('select[name="areaCode"]').selectOption(v.areaCode);
  await form.locator('[name="agreeTerms"]').setChecked(Boolean(v.agreeTerms));
  await form.locator('[name="legalAge"]').setChecked(Boolean(v.legalAge));
}

export function signUpForm(page: Page): Locator {
  return page.locator("form").filter({ has: page.locator('[name="confirmTransactionPassword"]') });
}

/** The message shown under one field of a form. */
export function fieldError(page: Page, name: string): Locator {
  return page.locator(".field").filter({ has: page.locator(`[name="${name}"]`) }).locator(".error-list");
}

/** The form-level message (platform errors such as an existing account). */
export function formError(page: Page): Locator {
  return page.locator("form > .error-list");
}

export async function signIn(page: Page, origin: string, account: string, password: string): Promise<void> {
  await page.goto(`${origin}/login`);
  const form = page.locator("form").filter({ has: page.locator('[name="password"]') });
  await form.locator('[name="account"]').fill(account);
  await form.locator('[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Creates a member on a site through its sign-up form, in a throwaway browser context without
 * JavaScript (Node itself cannot resolve *.localhost): for tests about something else.
 */
export async function registerMember(browser: Browser, origin: string, member: Member = newMember()): Promise<Member> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/register`);
    await fillSignUp(page, signUpValues(member));
    await signUpForm(page).locator('button[type="submit"]').click();
    await expect(page, `sign-up of ${member.account} should end on /user`).toHaveURL(`${origin}/user`);
    return member;
  } finally {
    await context.close();
  }
}

/** The header's sign-out button (only there when signed in). */
export function signOutButton(page: Page): Locator {
  return page.locator('header form[action="/logout"] button[type="submit"]');
}

/** Waits until React has hydrated the page's forms (their event handlers are attached). */
export async function waitForHydration(page: Page, selector = "main form, .empty-layout form"): Promise<void> {
  await page.waitForFunction((sel) => {
    const form = document.querySelector(sel);
    return form !== null && Object.keys(form).some((k) => k.startsWith("__reactProps"));
  }, selector);
}
