import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_SITE } from "../../server/cli/seed/sites";
import { richBlocks } from "../../app/utils/rich-text";
import {
  DEMO,
  expectToast,
  formHolding,
  newMember,
  operatorApi,
  operatorThread,
  signUp,
  tr,
  waitForHydration,
  watchToasts,
  type OperatorMessage,
} from "./support";

/**
 * The member center's support pages on the demo site (English): messages to customer service
 * answered through the operator API, and the site's content as the operator seeded it
 * (server/cli/seed/): news, campaigns, rules, the download page and the contact page.
 */
const t = (key: string, values?: Record<string, string | number>) => tr("en-US", key, values);

/** The seeded content in the demo site's English. */
const english = <T extends { lang: string }>(items: T[]) => items.filter((i) => i.lang === "en_US");
const PRESS = english(DEMO_SITE.press);
const CAMPAIGNS = english(DEMO_SITE.campaigns);
const RULES = english(DEMO_SITE.instructions).filter((i) => i.type === "rules");
const brand = (title: string) => title.replace("{brand}", DEMO_SITE.config.title ?? "");

async function ready(page: Page, js: boolean) {
  if (js) await waitForHydration(page);
}

function messageItem(page: Page, title: string) {
  return page.getByTestId("message-item").filter({ has: page.locator(".message-link", { hasText: title }) });
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test.beforeEach(async ({ page }) => {
      if (js) await watchToasts(page);
    });

    test("a member writes to customer service, sees the operator's reply as unread, opens and reads it, and replies again", async ({
      page,
    }) => {
      const member = await signUp(page, DEMO, newMember());
      const title = `Where is my deposit ${randomUUID().slice(0, 8)}`;
      const content = "I made a bank transfer this morning.\nIt has not arrived yet.";
      const answer = `We are checking it now (${randomUUID().slice(0, 8)}).`;
      const followUp = "Thank you, it has arrived.";

      await test.step("send a message", async () => {
        await page.goto(`${DEMO}/user/message`);
        await expect(page.locator("h1")).toHaveText(t("support:message.title"));
        await expect(page.getByText(t("support:message.empty"))).toBeVisible();
        await ready(page, js);
        const form = formHolding(page, "title");
        await form.locator('[name="title"]').fill(title);
        await form.locator('[name="content"]').fill(content);
        await form.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:message_sent"));
        await expect(page).toHaveURL(`${DEMO}/user/message`);
        const item = messageItem(page, title);
        await expect(item).toHaveCount(1);
        await expect(item).toContainText(t("support:message.replies", { count: 0 }));
        await expect(item.getByTestId("unread-badge")).toHaveCount(0);
        // a sent form starts empty again
        await expect(formHolding(page, "title").locator('[name="title"]')).toHaveValue("");
      });

      let thread: OperatorMessage;
      await test.step("the operator finds it awaiting a reply and answers", async () => {
        thread = await operatorThread("demo", member.account, (m) => m.title === title && m.awaitingReply);
        const replied = await operatorApi(
          "POST",
          `/operator/sites/demo/messages/${thread.memberId}/${thread.id}/reply`,
          {
            content: answer,
          },
        );
        expect(replied, "the operator's reply should succeed").toMatchObject({ statusCode: 200 });
      });

      await test.step("the member sees an unread reply, opens it and reads it", async () => {
        await page.goto(`${DEMO}/user/message`);
        const item = messageItem(page, title);
        await expect(item.getByTestId("unread-badge")).toHaveText(t("support:message.unread"));
        await expect(item).toContainText(t("support:message.replies", { count: 1 }));
        await item.locator(".message-link").click();
        await expect(page).toHaveURL(`${DEMO}/user/message/${encodeURIComponent(thread.id)}`);
        await expect(page.locator("h1")).toHaveText(title);
        const entries = page.locator(".thread-entry");
        await expect(entries).toHaveCount(2);
        await expect(entries.nth(0)).toHaveAttribute("data-from", "member");
        await expect(entries.nth(0).locator(".thread-meta strong")).toHaveText(t("support:thread.from_member"));
        await expect(entries.nth(0).locator(".stored-text")).toHaveText(content);
        await expect(entries.nth(1)).toHaveAttribute("data-from", "operator");
        await expect(entries.nth(1).locator(".thread-meta strong")).toHaveText(t("support:thread.from_operator"));
        await expect(entries.nth(1).locator(".stored-text")).toHaveText(answer);

        // read now: back on the list the badge is gone
        await page
          .locator(`main a[href="/user/message"]`)
          .filter({ hasText: t("support:thread.back") })
          .click();
        await expect(page).toHaveURL(`${DEMO}/user/message`);
        await expect(messageItem(page, title)).toHaveCount(1);
        await expect(messageItem(page, title).getByTestId("unread-badge")).toHaveCount(0);
      });

      await test.step("the member replies in the thread", async () => {
        await messageItem(page, title).locator(".message-link").click();
        await expect(page).toHaveURL(`${DEMO}/user/message/${encodeURIComponent(thread.id)}`);
        await ready(page, js);
        const form = formHolding(page, "content");
        await form.locator('[name="content"]').fill(followUp);
        await form.locator('button[type="submit"]').click();
        await expectToast(page, t("messages:reply_sent"));
        const entries = page.locator(".thread-entry");
        await expect(entries).toHaveCount(3);
        await expect(entries.nth(2)).toHaveAttribute("data-from", "member");
        await expect(entries.nth(2).locator(".stored-text")).toHaveText(followUp);
        await expect(formHolding(page, "content").locator('[name="content"]')).toHaveValue("");
        // an id that is none of this member's messages is a 404 page, and the member stays signed in
        const missing = await page.goto(`${DEMO}/user/message/no-such-message`);
        expect(missing?.status()).toBe(404);
        await expect(page.getByTestId("thread-error")).toHaveText(t("messages:message_not_found"));
        await expect(page).toHaveURL(`${DEMO}/user/message/no-such-message`);
        // the newest word is the member's again: it waits for the operator
        await operatorThread(
          "demo",
          member.account,
          (m) => m.id === thread.id && m.awaitingReply && m.replyCount === 2,
        );
      });
    });

    test("a member reads a news item in full, sees the campaigns, the rules, the download page, and the chat link on /contact", async ({
      page,
    }) => {
      await signUp(page, DEMO, newMember());

      await test.step("/user/news: announcements and news; one opens its full text", async () => {
        await page.goto(`${DEMO}/user/news`);
        await expect(page.locator("h1")).toHaveText(t("support:news.title"));
        await expect(page.locator("#press-announcement")).toHaveText(t("support:news.announcements"));
        await expect(page.locator("#press-news")).toHaveText(t("support:news.news"));
        for (const item of PRESS) {
          await expect(page.getByTestId(`press-${item.kind}`).filter({ hasText: brand(item.title) })).toContainText(
            item.summary ?? "",
          );
        }
        const item = PRESS.find((p) => p.kind === "news")!;
        await page.locator(".press-link", { hasText: brand(item.title) }).click();
        await expect(page).toHaveURL(`${DEMO}/user/news/${encodeURIComponent(item.path)}`);
        await expect(page.locator("article h1")).toHaveText(brand(item.title));
        await expect(page.getByTestId("press-content")).toHaveText(item.content);
        await expect(page.locator("article .badge")).toHaveText(t("support:news.kind_news"));
        await page
          .locator('main a[href="/user/news"]')
          .filter({ hasText: t("support:news.back") })
          .click();
        await expect(page).toHaveURL(`${DEMO}/user/news`);
        // a path nobody published: a 404 page, the member still signed in
        const missing = await page.goto(`${DEMO}/user/news/no-such-item`);
        expect(missing?.status()).toBe(404);
        await expect(page.locator("main .error-list")).toHaveText(t("support:news.not_found"));
      });

      await test.step("/user/activity: every campaign with its period and rules", async () => {
        await page.goto(`${DEMO}/user/activity`);
        await expect(page.locator("h1")).toHaveText(t("support:activity.title"));
        await expect(page.getByTestId("campaign")).toHaveCount(CAMPAIGNS.length);
        for (const c of CAMPAIGNS) {
          const card = page.getByTestId("campaign").filter({ has: page.locator("h2", { hasText: c.title }) });
          // the dates in one catalog string: "Runs from … , no end date" or "Runs … – …"
          const [label] = t(c.endsAt === null ? "support:activity.runs_open" : "support:activity.runs").split(
            "{{from}}",
          );
          await expect(card.locator(".campaign-period")).toContainText(label!);
          // the rules come last, after what the rule pays and the member's progress (app/README.md, "Campaigns")
          await expect(card.locator("h3").last()).toHaveText(t("support:activity.rules"));
          // the rules as the operator wrote them, as paragraphs and list items (app/utils/rich-text.ts)
          const blocks = richBlocks(c.content).flatMap((b) => (b.kind === "p" ? [b.text] : b.items));
          await expect(card.locator(".rich-text > p, .rich-text li")).toHaveText(blocks);
        }
      });

      await test.step("/user/help?type=rules: the rules, reached through the help page's Rules tab", async () => {
        await page.goto(`${DEMO}/user/help`);
        await page.locator(".support-tabs a", { hasText: t("support:help.type_rules") }).click();
        await expect(page).toHaveURL(`${DEMO}/user/help?type=rules`);
        await expect(page.locator(".support-tabs a[aria-current=page]")).toHaveText(t("support:help.type_rules"));
        // the operator's rules, then each option's return to player (app/components/support/returns-table.tsx)
        await expect(page.locator("main section.card h2")).toHaveText([
          ...RULES.map((r) => r.title),
          t("support:returns.title"),
        ]);
        for (const r of RULES) {
          await expect(page.locator("main section.card").filter({ hasText: r.title }).locator(".rich-text")).toHaveText(
            r.content,
          );
        }
      });

      await test.step("/user/download: the apps and the home-screen steps", async () => {
        await page.goto(`${DEMO}/user/download`);
        await expect(page.locator("h1")).toHaveText(t("support:download.title"));
        await expect(page.locator("p.lead")).toHaveText(
          t("support:download.intro", { site: DEMO_SITE.config.title ?? "" }),
        );
        for (const link of DEMO_SITE.config.appLinks ?? []) {
          const a = page.getByTestId(`app-link-${link.platform}`);
          await expect(a).toHaveAttribute("href", link.url);
          await expect(a).toContainText(t(`support:download.app_${link.platform}`));
        }
        await expect(page.locator("#download-android")).toHaveText(t("support:download.android_title"));
        await expect(page.locator("#download-ios")).toHaveText(t("support:download.ios_title"));
        await expect(page.locator("ol.steps li").first()).toHaveText(
          t("support:download.android_step1", { site: DEMO_SITE.config.title ?? "" }),
        );
      });

      await test.step("/contact: the chat link opens in a new tab; a member is pointed to the messages", async () => {
        await page.goto(`${DEMO}/contact`);
        await expect(page.locator("h1")).toHaveText(t("support:contact.title"));
        const chat = page.getByTestId("chat-link");
        await expect(chat).toHaveAttribute("href", DEMO_SITE.chatLink);
        await expect(chat).toHaveAttribute("target", "_blank");
        await expect(chat).toContainText(t("support:contact.chat_open"));
        await page
          .locator('main a[href="/user/message"]')
          .filter({ hasText: t("support:contact.messages_link") })
          .click();
        await expect(page).toHaveURL(`${DEMO}/user/message`);
      });
    });
  });
}

test("a visitor's /contact shows the chat link carrying the referrer code kept from ?ref=, and no member links", async ({
  page,
}) => {
  await page.goto(`${DEMO}/?ref=Agent42`);
  await page.goto(`${DEMO}/contact`);
  const chat = page.getByTestId("chat-link");
  const expected = new URL(DEMO_SITE.chatLink);
  expected.searchParams.set("referrer", "Agent42");
  await expect(chat).toHaveAttribute("href", expected.toString());
  await expect(page.locator('main a[href="/user/message"]')).toHaveCount(0);
});
