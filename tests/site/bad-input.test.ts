import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PAIRS } from "../../server/platform/market/pairs";
import { FAULT_ENTRY, auditMember, memberIdOf, memberObject, siteObject } from "../helpers/faults";
import type { TestMember } from "../helpers/platform";
import { createStack, freshMember, registerFields, Visitor, type Stack } from "../helpers/site";
import { bindBank, eventually, fund, memberCall, uploadAll } from "../platform/money-helpers";

/**
 * Bad text in the site's forms (invariant 6, server/platform/README.md, "Invariants"): 10,000
 * characters, control characters, a right-to-left override and a script tag in the main text
 * fields. Each is refused with the field's own translated message and status 400, and nothing
 * changes on the platform; or it is text a member may write, kept as given, and every page that
 * shows it shows it escaped. Text from operators (news, campaigns, help, refusal reasons, the
 * site's branding, a pair's name) is shown escaped too.
 */

const SCRIPT = "<script>alert(1)</script>";
const ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;";
const RTL = "abc\u202Edef";
const LONG = "x".repeat(10_000);
const CONTROLS: Record<string, string> = {
  "a NUL": "name\u0000more",
  "an escape sequence": "name\u001b[31mmore",
  "a C1 control": "name\u0085more",
};

const M = {
  control: "The text contains characters that cannot be sent.",
  accountTooLong: "The account can be at most 32 characters.",
  accountInvalid: "The account may only use letters, digits and . _ @ -",
  nameTooLong: "The name can be at most 60 characters.",
  passwordTooLong: "The password can be at most 128 characters.",
  referralInvalid: "A referral code has only letters and digits.",
  emailInvalid: "Please enter a valid email address.",
  titleTooLong: "The title can be at most 120 characters.",
  contentTooLong: "The text can be at most 5000 characters.",
  bankTooLong: "The bank name can be at most 80 characters.",
  branchTooLong: "The branch can be at most 80 characters.",
  accountNameTooLong: "The account name can be at most 80 characters.",
  addressTooLong: "The address can be at most 200 characters.",
  accountNumberInvalid: "The account number must be 6 to 34 digits or dashes.",
} as const;

let stack: Stack;
beforeAll(async () => {
  stack = await createStack({ platformEntry: FAULT_ENTRY });
});
afterAll(() => stack?.dispose());

/** The page shows the script tag as text: never as markup, in the HTML or in the data Remix embeds. */
function expectEscaped(html: string, where: string, raw = SCRIPT) {
  const escaped = raw.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  expect(html, `${where}: raw markup`).not.toContain(raw.slice(0, 16));
  expect(html, `${where}: the text, escaped`).toContain(escaped);
}

const keyOf = (html: string) => /name="idempotencyKey" value="([^"]+)"/.exec(html)?.[1];

async function signedIn(m: TestMember, origin = "http://localhost"): Promise<Visitor> {
  const visitor = new Visitor(stack, origin);
  // the tests read English messages on every site
  visitor.cookies.set("locale", "en_US");
  expect((await visitor.signIn(m.account, m.password)).status).toBe(302);
  return visitor;
}

/** Everything the member's object holds, once its outbox is delivered (the alarm runs on its own). */
async function memberState(m: TestMember): Promise<string> {
  const memberId = memberIdOf(m.token);
  await eventually(async () => (await auditMember(stack.platform, memberId)).outbox === 0);
  return (await memberObject(stack.platform, memberId)).__dump();
}

/** The page of the member's newest message thread. */
async function newestThread(m: TestMember): Promise<string> {
  const { envelope } = await memberCall(stack.platform, m, "messages", { key: null });
  return `/user/message/${envelope.data!.items[0]!.id}`;
}

interface FieldCase {
  field: string;
  label: string;
  value: string;
  message: string;
}

/** Long, control, RTL and script values of a field, with the message each must be refused with ("kept": accepted). */
function casesOf(
  field: string,
  messages: { long: string; control: string; rtl: string | "kept"; script: string | "kept" },
): FieldCase[] {
  const cases: FieldCase[] = [{ field, label: "10,000 characters", value: LONG, message: messages.long }];
  for (const [label, value] of Object.entries(CONTROLS)) cases.push({ field, label, value, message: messages.control });
  if (messages.rtl !== "kept")
    cases.push({ field, label: "a right-to-left override", value: RTL, message: messages.rtl });
  if (messages.script !== "kept") cases.push({ field, label: "a script tag", value: SCRIPT, message: messages.script });
  return cases;
}

const accountField = {
  long: M.accountTooLong,
  control: M.accountInvalid,
  rtl: M.accountInvalid,
  script: M.accountInvalid,
};
const secretField = { long: M.passwordTooLong, control: M.control, rtl: "kept", script: "kept" } as const;

async function expectRefused(visitor: Visitor, path: string, form: Record<string, string>, c: FieldCase) {
  const response = await visitor.post(path, { ...form, [c.field]: c.value });
  const where = `${path}: ${c.field} with ${c.label}`;
  expect(response.status, where).toBe(400);
  expect(await response.text(), where).toContain(c.message);
}

describe("bad text in the site's forms", { timeout: 120_000 }, () => {
  it("refuses it on the sign-up and sign-in forms with the field's message, creating no account and no session", async () => {
    const m = await stack.platform.signupMember("demo");
    const directory = await siteObject(stack.platform, "demo");
    const members = (await directory.__memberIds()).length;
    const before = await memberState(m);

    const visitor = new Visitor(stack);
    const register = registerFields(freshMember());
    for (const c of [
      ...casesOf("account", accountField),
      ...casesOf("password", secretField),
      ...casesOf("referralCode", {
        long: M.referralInvalid,
        control: M.referralInvalid,
        rtl: M.referralInvalid,
        script: M.referralInvalid,
      }),
    ]) {
      await expectRefused(visitor, "/register", register, c);
    }
    for (const c of [...casesOf("account", accountField), ...casesOf("password", secretField)]) {
      await expectRefused(visitor, "/login", { account: m.account, password: m.password }, c);
    }
    expect((await directory.__memberIds()).length, "accounts in the directory").toBe(members);
    expect(await memberState(m), "the member's sessions and everything else").toBe(before);
  });

  it("refuses it in the real name the first withdrawal asks for (sign-up no longer does), saving nothing", async () => {
    // a member from the short sign-up (account, password, one box): the withdrawal page asks the rest
    const visitor = new Visitor(stack);
    const fresh = freshMember();
    const signedUp = await visitor.post("/register", {
      account: fresh.account,
      password: fresh.password,
      agreeTerms: "on",
    });
    expect(signedUp.status).toBe(302);
    const page = (await visitor.follow("/user/withdraw")).html;
    expect(page, "the details form").toContain('name="realName"');
    const details = {
      intent: "details",
      realName: fresh.realName,
      areaCode: fresh.areaCode,
      mobile: fresh.mobile,
      transactionPassword: "trade-pass-7",
      confirmTransactionPassword: "trade-pass-7",
      idempotencyKey: /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!,
    };
    for (const c of casesOf("realName", { long: M.nameTooLong, control: M.control, rtl: "kept", script: "kept" }))
      await expectRefused(visitor, "/user/withdraw", details, c);
    // nothing was saved: the page still asks for every detail
    expect((await visitor.follow("/user/withdraw")).html).toContain('name="realName"');
  });

  it("refuses it on the member's information, message, reply and bank forms, changing nothing", async () => {
    const m = await stack.platform.signupMember("demo");
    const visitor = await signedIn(m);
    const thread = await visitor.post("/user/message", {
      title: "First",
      content: "Hello",
      idempotencyKey: keyOf(await (await visitor.get("/user/message")).text())!,
    });
    expect(thread.status).toBe(302);
    const threadPath = await newestThread(m);
    const files = await uploadAll(stack.platform, m);
    const before = await memberState(m);

    const info = { realName: m.realName, email: "", areaCode: m.areaCode, mobile: m.mobile };
    for (const c of [
      ...casesOf("realName", { long: M.nameTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("email", {
        long: M.emailInvalid,
        control: M.emailInvalid,
        rtl: M.emailInvalid,
        script: M.emailInvalid,
      }),
    ]) {
      await expectRefused(visitor, "/user/info", info, c);
    }

    const messageKey = keyOf(await (await visitor.get("/user/message")).text())!;
    const message = { title: "A question", content: "About my deposit.", idempotencyKey: messageKey };
    for (const c of [
      ...casesOf("title", { long: M.titleTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("content", { long: M.contentTooLong, control: M.control, rtl: "kept", script: "kept" }),
    ]) {
      await expectRefused(visitor, "/user/message", message, c);
    }
    const reply = { content: "One more thing.", idempotencyKey: keyOf(await (await visitor.get(threadPath)).text())! };
    for (const c of casesOf("content", { long: M.contentTooLong, control: M.control, rtl: "kept", script: "kept" })) {
      await expectRefused(visitor, threadPath, reply, c);
    }

    const bank = {
      bank: "First Demo Bank",
      branch: "Main Street",
      accountName: "Site Tester",
      accountNumber: "0012-3456-789",
      currency: "USD",
      address: "1 Main Street, Taipei",
      ...files,
      idempotencyKey: keyOf(await (await visitor.get("/user/bank")).text())!,
    };
    for (const c of [
      ...casesOf("bank", { long: M.bankTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("branch", { long: M.branchTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("accountName", { long: M.accountNameTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("address", { long: M.addressTooLong, control: M.control, rtl: "kept", script: "kept" }),
      ...casesOf("accountNumber", {
        long: M.accountNumberInvalid,
        control: M.accountNumberInvalid,
        rtl: M.accountNumberInvalid,
        script: M.accountNumberInvalid,
      }),
    ]) {
      await expectRefused(visitor, "/user/bank", bank, c);
    }
    expect(await memberState(m), "the member's tables after every refusal").toBe(before);
  });
});

describe("text that is kept as given", { timeout: 120_000 }, () => {
  it("shows a member's name, messages, replies and bank details with a script tag escaped, and a right-to-left mark as written", async () => {
    // sign-up with such a name
    const visitor = new Visitor(stack);
    visitor.cookies.set("locale", "en_US");
    const fields = registerFields({ ...freshMember(), realName: SCRIPT });
    expect((await visitor.post("/register", fields)).status).toBe(302);
    expectEscaped((await visitor.follow("/user")).html, "/user after sign-up");
    expectEscaped((await visitor.follow("/user/info")).html, "/user/info after sign-up");

    // the information form
    const m = await stack.platform.signupMember("demo");
    const member = await signedIn(m);
    expect(
      (await member.post("/user/info", { realName: RTL, email: "", areaCode: m.areaCode, mobile: m.mobile })).status,
    ).toBe(302);
    expect((await member.follow("/user")).html).toContain(RTL);
    expect(
      (await member.post("/user/info", { realName: SCRIPT, email: "", areaCode: m.areaCode, mobile: m.mobile })).status,
    ).toBe(302);
    for (const page of ["/user", "/user/info"]) expectEscaped((await member.follow(page)).html, page);

    // a message and a reply
    const sent = await member.post("/user/message", {
      title: SCRIPT,
      content: `${SCRIPT} ${RTL}`,
      idempotencyKey: keyOf(await (await member.get("/user/message")).text())!,
    });
    expect(sent.status).toBe(302);
    const thread = await newestThread(m);
    const replied = await member.post(thread, {
      content: `reply ${SCRIPT}`,
      idempotencyKey: keyOf(await (await member.get(thread)).text())!,
    });
    expect(replied.status).toBe(302);
    expectEscaped((await member.follow("/user/message")).html, "/user/message");
    const threadHtml = (await member.follow(thread)).html;
    expectEscaped(threadHtml, thread);
    expect(threadHtml).toContain(`reply ${ESCAPED}`);
    expect(threadHtml).toContain(RTL);

    // bank details
    const files = await uploadAll(stack.platform, m);
    const applied = await member.post("/user/bank", {
      bank: SCRIPT,
      branch: RTL,
      accountName: `${SCRIPT} name`,
      accountNumber: "0012-3456-789",
      currency: "USD",
      address: `${SCRIPT} road`,
      ...files,
      idempotencyKey: keyOf(await (await member.get("/user/bank")).text())!,
    });
    expect(applied.status).toBe(302);
    const bankHtml = (await member.follow("/user/bank")).html;
    expectEscaped(bankHtml, "/user/bank");
    expect(bankHtml).toContain(RTL);
    expect(bankHtml).toContain(`${ESCAPED} road`);
  });

  it("shows operators' text escaped: news, campaigns, help, refusal reasons, branding, deposit options and a pair's name", async () => {
    const params = { siteId: "demo" };
    const publish = [
      stack.platform.operator("operatorPublishPress", {
        params,
        body: { lang: "en_US", kind: "news", path: "script-news", title: SCRIPT, summary: SCRIPT, content: SCRIPT },
      }),
      stack.platform.operator("operatorPublishCampaign", {
        params,
        body: {
          lang: "en_US",
          title: SCRIPT,
          summary: SCRIPT,
          content: SCRIPT,
          startsAt: "2020-01-01T00:00:00.000Z",
          endsAt: null,
        },
      }),
      stack.platform.operator("operatorPublishInstruction", {
        params,
        body: { lang: "en_US", type: "help", title: SCRIPT, content: SCRIPT },
      }),
    ];
    for (const { envelope } of await Promise.all(publish)) expect(envelope.statusCode, envelope.message).toBe(200);

    // a refused deposit and a rejected withdrawal, with the reason shown to the member
    const m = await stack.platform.signupMember("demo");
    await bindBank(stack.platform, m);
    await fund(stack.platform, m, 100_000);
    const deposit = await memberCall(stack.platform, m, "deposit", {
      body: { optionId: "bank-transfer", amount: 5_000 },
    });
    const withdrawal = await memberCall(stack.platform, m, "withdraw", {
      body: { amount: 2_000, transactionPassword: m.transactionPassword },
    });
    for (const [name, id] of [
      ["operatorRefuseDeposit", deposit.envelope.data!.id],
      ["operatorRejectWithdrawal", withdrawal.envelope.data!.id],
    ] as const) {
      await eventually(
        async () =>
          (await stack.platform.operator(name, { params: { ...params, id }, body: { reason: SCRIPT } })).envelope
            .statusCode === 200,
      );
    }
    const member = await signedIn(m);
    for (const page of [
      "/user/news",
      "/user/news/script-news",
      "/user/activity",
      "/user/help?type=help",
      "/user/deposit",
      "/user/withdraw",
      "/user/record?tab=transactions",
      "/user/record?tab=withdrawals",
    ]) {
      expectEscaped((await member.follow(page)).html, page);
    }

    // a rejected bank application (demo2 reviews them by hand)
    const m2 = await stack.platform.signupMember("demo2");
    const files = await uploadAll(stack.platform, m2);
    const applied = await memberCall(stack.platform, m2, "bankApply", {
      body: {
        bank: "Bank",
        branch: "Branch",
        accountName: "Name",
        accountNumber: "0012-3456-789",
        currency: "TWD",
        address: "Road",
        ...files,
      },
    });
    expect(applied.envelope.statusCode).toBe(200);
    await eventually(
      async () =>
        (
          await stack.platform.operator("operatorRejectBank", {
            params: { siteId: "demo2", memberId: memberIdOf(m2.token) },
            body: { reason: SCRIPT },
          })
        ).envelope.statusCode === 200,
    );
    const member2 = await signedIn(m2, "http://brand2.localhost");
    expectEscaped((await member2.follow("/user/bank")).html, "demo2 /user/bank");

    // the site's branding and deposit options (site info is read on every request in these tests)
    const branded = await stack.platform.operator("operatorPutSite", {
      params: { siteId: "demo2" },
      body: {
        title: SCRIPT,
        description: SCRIPT,
        copyRight: SCRIPT,
        gameName: SCRIPT,
        socialOptions: [{ name: SCRIPT, url: "https://line.me/R/ti/p/brandtwo" }],
        licence: SCRIPT,
        depositOptions: [
          {
            id: "usdt-trc20",
            kind: "crypto",
            name: SCRIPT,
            instructions: SCRIPT,
            crypto: { asset: "USDT", network: SCRIPT, decimals: 6, unitPrice: 3200, assign: "member", address: "" },
          },
        ],
      },
    });
    expect(branded.envelope.statusCode, branded.envelope.message).toBe(200);
    for (const page of ["/", "/login", "/user", "/user/deposit", "/game", "/terms"]) {
      expectEscaped((await member2.follow(page)).html, `demo2 ${page}`);
    }

    // a pair's name (at most 20 characters)
    const renamed = await stack.platform.operator("operatorPutPair", {
      params: { pair: "BTC-USDT" },
      body: { ...DEFAULT_PAIRS["BTC-USDT"]!, name: "<script>alert(1)" },
    });
    expect(renamed.envelope.statusCode, renamed.envelope.message).toBe(200);
    expectEscaped((await member.follow("/game?pair=BTC-USDT")).html, "/game", "<script>alert(1)");
  });
});
