import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bindBank, eventually, fund } from "../platform/money-helpers";
import { freshMember, Visitor, type Stack } from "../helpers/site";
import { sharedStack } from "../helpers/shared";
import type { TestMember } from "../helpers/platform";

/**
 * Mobile numbers per area code on the site's forms (server/rules/mobile.ts): a Japanese and a
 * mainland member give their numbers as they write them at home, the number is stored in its
 * canonical form and an SMS code reaches it; +886 still refuses what the spec refuses. The demo
 * site offers +886, +86, +81 and +1 (server/cli/seed/demo/site.ts).
 */

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
});
afterAll(() => stack?.dispose());

/** A signed-up member of the demo site, in the given language. */
async function member(locale?: "ja_JP" | "zh_CN"): Promise<{ visitor: Visitor; m: ReturnType<typeof freshMember> }> {
  const m = freshMember();
  const visitor = new Visitor(stack);
  expect((await visitor.post("/register", { account: m.account, password: m.password, agreeTerms: "on" })).status).toBe(
    302,
  );
  if (locale) await visitor.post("/language", { locale, redirectTo: "/user" });
  return { visitor, m };
}

/** Fresh digits per member (the numbers are unique per site). */
const digits = (m: ReturnType<typeof freshMember>) => m.mobile.slice(2);

async function sendSmsCode(visitor: Visitor, to: string) {
  const page = await (await visitor.get("/user/smsVerify")).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
  const sent = await visitor.post("/user/smsVerify", { intent: "send", idempotencyKey: key });
  expect(sent.status).toBe(200);
  const entry = await eventually(async () => {
    const { envelope } = await stack.platform.operator("operatorSmsLog", {
      params: { siteId: "demo" },
      query: { mobile: to },
    });
    return envelope.data?.find((e) => e.purpose === "verify_mobile");
  });
  expect(entry?.to).toBe(to);
}

describe("a Japanese member", () => {
  it("updates the number as 090-1234-5678, sees the Japanese rule, and gets an SMS code", async () => {
    const { visitor, m } = await member("ja_JP");
    const d = digits(m);
    const typed = `090-${d.slice(0, 4)}-${d.slice(4)}`;
    // a Taiwanese number under +81 is told the Japanese format
    const refused = await visitor.post("/user/info", { realName: "山田 花子", areaCode: "+81", mobile: m.mobile });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("日本の携帯電話番号を、070・080・090で始まる11桁で入力してください。");
    // the hint follows the area code posted, without JavaScript
    expect(refusedHtml).toContain("070・080・090で始まる11桁です（例：090-1234-5678）。");

    const saved = await visitor.post("/user/info", { realName: "山田 花子", areaCode: "+81", mobile: typed });
    expect(saved.status).toBe(302);
    const info = (
      await stack.platform.call("playerInfo", {
        token: (await visitor.session("demo"))!.token as string,
        siteId: "demo",
      })
    ).envelope.data!;
    expect(info).toMatchObject({ areaCode: "+81", mobile: `090${d}` });
    // typed again in another way, it is the same number: nothing changed
    const same = await visitor.post("/user/info", { realName: "山田 花子", areaCode: "+81", mobile: `90${d}` });
    expect(same.status).toBe(400);

    const sms = await (await visitor.get("/user/smsVerify")).text();
    expect(sms).toContain(`090${d[0]}****${d.slice(-3)}`);
    await sendSmsCode(visitor, `+8190${d}`);
  });

  it("gives the number on the first withdrawal's form", async () => {
    const { visitor, m } = await member("ja_JP");
    const token = (await visitor.session("demo"))!.token as string;
    await bindBank(stack.platform, { siteId: "demo", token } as TestMember);
    await fund(stack.platform, { siteId: "demo", token } as TestMember, 50_000);
    const d = digits(m);
    const saved = await visitor.post("/user/withdraw", {
      intent: "details",
      realName: "山田 花子",
      areaCode: "+81",
      mobile: `080 ${d.slice(0, 4)} ${d.slice(4)}`,
      transactionPassword: "trade-pass-7",
      confirmTransactionPassword: "trade-pass-7",
      idempotencyKey: randomUUID(),
    });
    expect(saved.status).toBe(302);
    const info = (await stack.platform.call("playerInfo", { token, siteId: "demo" })).envelope.data!;
    expect(info).toMatchObject({ areaCode: "+81", mobile: `080${d}` });
  });
});

describe("a mainland member", () => {
  it("updates the number as 138 0013 8000 and gets an SMS code at +86", async () => {
    const { visitor, m } = await member("zh_CN");
    const d = digits(m);
    const refused = await visitor.post("/user/info", { realName: "王小明", areaCode: "+86", mobile: `0${d}` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("请输入中国大陆手机号码：以13至19开头，共11位。");

    const typed = `138 ${d.slice(0, 4)} ${d.slice(4)}`;
    const saved = await visitor.post("/user/info", { realName: "王小明", areaCode: "+86", mobile: typed });
    expect(saved.status).toBe(302);
    const token = (await visitor.session("demo"))!.token as string;
    expect((await stack.platform.call("playerInfo", { token, siteId: "demo" })).envelope.data).toMatchObject({
      areaCode: "+86",
      mobile: `138${d}`,
    });
    await sendSmsCode(visitor, `+86138${d}`);
  });
});

describe("+886", () => {
  it("still refuses what the spec refuses, with the spec's message, and takes 09 and 8 digits", async () => {
    const { visitor, m } = await member();
    const form = { realName: "Site Tester", areaCode: "+886" };
    for (const mobile of ["0812345678", "091234567", "912345678", "09123456789", "09012345678"]) {
      const refused = await visitor.post("/user/info", { ...form, mobile });
      expect(refused.status, mobile).toBe(400);
      expect(await refused.text(), mobile).toContain("The mobile number must start with 09 and have 10 digits.");
    }
    // the form's hint for +886, rendered by the server for the first area code offered
    expect((await visitor.follow("/user/info")).html).toContain("10 digits starting with 09.");
    expect((await visitor.post("/user/info", { ...form, mobile: m.mobile })).status).toBe(302);
    await sendSmsCode(visitor, `+8869${m.mobile.slice(2)}`);
  });

  it("refuses an area code the site does not offer", async () => {
    const { visitor } = await member();
    const refused = await visitor.post("/user/info", { realName: "Site Tester", areaCode: "+852", mobile: "51234567" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please choose an area code from the list.");
  });
});
