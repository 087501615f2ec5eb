import type { CallBody, LocaleId, SiteConfigPatch } from "../contract";

/**
 * The two demo sites of development and tests, created through the operator API by
 * `npm run operator -- seed`. They differ in everything a tenant can brand, so that a page
 * showing one site's content on the other's hostname is easy to see.
 */

export type PressBody = CallBody<"operatorPublishPress">;
export type CampaignBody = CallBody<"operatorPublishCampaign">;
export type InstructionBody = CallBody<"operatorPublishInstruction">;

export interface SeedSite {
  siteId: string;
  config: SiteConfigPatch;
  chatLink: string;
  press: PressBody[];
  campaigns: CampaignBody[];
  instructions: InstructionBody[];
}

type PerLanguage<T> = Record<LocaleId, T>;
const LANGS: LocaleId[] = ["en_US", "zh_TW", "zh_CN", "ja_JP"];

function eachLanguage<T, R>(texts: PerLanguage<T>, build: (text: T) => R): (R & { lang: LocaleId })[] {
  return LANGS.map((lang) => ({ ...build(texts[lang]), lang }));
}

type Text = { title: string; summary: string; content: string };

const welcome: PerLanguage<Text> = {
  en_US: {
    title: "Welcome to {brand}",
    summary: "Open an account and try the one-minute rounds.",
    content: "Every round lasts 60 seconds. Pick high or low, odd or even, rise or fall, and follow the price live.",
  },
  zh_TW: {
    title: "歡迎來到 {brand}",
    summary: "立即開戶，體驗一分鐘回合。",
    content: "每個回合 60 秒。選擇大或小、單或雙、漲或跌，即時追蹤價格。",
  },
  zh_CN: {
    title: "欢迎来到 {brand}",
    summary: "立即开户，体验一分钟回合。",
    content: "每个回合 60 秒。选择大或小、单或双、涨或跌，实时跟踪价格。",
  },
  ja_JP: {
    title: "{brand} へようこそ",
    summary: "口座を開設して 1 分間のラウンドをお試しください。",
    content: "各ラウンドは 60 秒です。ハイ・ロー、奇数・偶数、上昇・下落を選び、価格をリアルタイムで追えます。",
  },
};

const maintenance: PerLanguage<Text> = {
  en_US: {
    title: "Scheduled maintenance",
    summary: "Deposits pause for 30 minutes on Sunday at 02:00 UTC.",
    content: "Deposits and withdrawals pause on Sunday from 02:00 to 02:30 UTC. Betting is not affected.",
  },
  zh_TW: {
    title: "例行維護公告",
    summary: "週日 02:00 UTC 暫停存款 30 分鐘。",
    content: "週日 02:00 至 02:30 UTC 暫停存款與提款，投注不受影響。",
  },
  zh_CN: {
    title: "例行维护公告",
    summary: "周日 02:00 UTC 暂停存款 30 分钟。",
    content: "周日 02:00 至 02:30 UTC 暂停存款与提款，投注不受影响。",
  },
  ja_JP: {
    title: "定期メンテナンスのお知らせ",
    summary: "日曜 02:00 UTC から 30 分間、入金を停止します。",
    content: "日曜 02:00〜02:30 UTC は入金と出金を停止します。ベットには影響ありません。",
  },
};

const firstDeposit: PerLanguage<Text> = {
  en_US: {
    title: "First deposit bonus",
    summary: "10% extra on your first deposit.",
    content: "Make your first deposit this month and receive 10% extra in your main account, up to 100.00.",
  },
  zh_TW: {
    title: "首存獎勵",
    summary: "首次存款加贈 10%。",
    content: "本月完成首次存款，即可獲得 10% 加贈至主帳戶，最高 100.00。",
  },
  zh_CN: {
    title: "首存奖励",
    summary: "首次存款加赠 10%。",
    content: "本月完成首次存款，即可获得 10% 加赠至主账户，最高 100.00。",
  },
  ja_JP: {
    title: "初回入金ボーナス",
    summary: "初回入金に 10% を上乗せ。",
    content: "今月中に初回入金を行うと、メイン口座に 10%（最大 100.00）を上乗せします。",
  },
};

type InstructionText = { title: string; content: string };

const rules: PerLanguage<InstructionText> = {
  en_US: {
    title: "How a round works",
    content:
      "A round lasts 60 seconds and betting closes 10 seconds before its end. High wins when the last digit of the close price is 5–9, low when it is 0–4; odd and even follow the same digit; rise and fall compare the close with the open price.",
  },
  zh_TW: {
    title: "回合規則",
    content: "每回合 60 秒，結束前 10 秒停止下注。收盤價末位 5–9 為大、0–4 為小；單雙依同一位數；漲跌比較收盤價與開盤價。",
  },
  zh_CN: {
    title: "回合规则",
    content: "每回合 60 秒，结束前 10 秒停止下注。收盘价末位 5–9 为大、0–4 为小；单双依同一位数；涨跌比较收盘价与开盘价。",
  },
  ja_JP: {
    title: "ラウンドの仕組み",
    content:
      "1 ラウンドは 60 秒で、終了 10 秒前にベットを締め切ります。終値の末尾が 5〜9 ならハイ、0〜4 ならローの勝ち。奇数・偶数も同じ桁で、上昇・下落は終値と始値を比べます。",
  },
};

const depositHelp: PerLanguage<InstructionText> = {
  en_US: { title: "Making a deposit", content: "Choose a deposit option, enter the amount and follow the instructions shown." },
  zh_TW: { title: "如何存款", content: "選擇存款方式，輸入金額，並依照畫面指示完成。" },
  zh_CN: { title: "如何存款", content: "选择存款方式，输入金额，并按照页面提示完成。" },
  ja_JP: { title: "入金方法", content: "入金方法を選び、金額を入力して、表示される手順に従ってください。" },
};

const brand = (text: Text, name: string): Text => ({
  title: text.title.replace("{brand}", name),
  summary: text.summary,
  content: text.content,
});

function content(name: string, prefix: string): Pick<SeedSite, "press" | "campaigns" | "instructions"> {
  return {
    press: [
      ...eachLanguage(welcome, (t) => ({ kind: "news" as const, path: `${prefix}-welcome`, ...brand(t, name) })),
      ...eachLanguage(maintenance, (t) => ({ kind: "announcement" as const, path: `${prefix}-maintenance`, ...t })),
    ],
    campaigns: eachLanguage(firstDeposit, (t) => ({ ...t, startsAt: "2025-01-01T00:00:00.000Z", endsAt: null })),
    instructions: [
      ...eachLanguage(rules, (t) => ({ type: "rules", ...t })),
      ...eachLanguage(depositHelp, (t) => ({ type: "deposit", ...t })),
    ],
  };
}

export const DEMO_SITE: SeedSite = {
  siteId: "demo",
  config: {
    title: "Demo Trade",
    description: "One-minute price rounds on crypto pairs. A demonstration site.",
    keywords: "binary options, crypto, demo",
    copyRight: "© Demo Trade",
    logo: "/brand/demo/logo.svg",
    logo2: "/brand/demo/logo2.svg",
    favicon: "/brand/demo/favicon.svg",
    defaultLanguage: "en_US",
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    localsOptions: ["+886", "+86", "+81", "+1"],
    currency: "USD",
    gameName: "Binary",
    games: [{ code: "binary", name: "Binary" }],
    depositOptions: [
      {
        id: "demo-instant",
        kind: "demo",
        name: "Instant demo credit",
        instructions: "Demo money is credited at once. It has no value outside this site.",
      },
      {
        id: "bank-transfer",
        kind: "bank",
        name: "Bank transfer",
        instructions:
          "Transfer the amount to: Demo Commercial Bank, Taipei Main Branch (bank code 012, branch 0015), " +
          "account name Demo Trade Ltd., account number 0015-123-456789. Write your member account in the " +
          "transfer note and keep the receipt. The deposit is credited once the transfer has arrived and been " +
          "checked, normally within 30 minutes on banking days (09:00–17:00 UTC+8).",
      },
    ],
    socialOptions: [{ name: "Telegram", url: "https://t.me/demotrade" }],
    bankAutoReview: true,
    transactionPasswordRequired: true,
    redirects: [{ from: "/promo", to: "/user/activity", permanent: false }],
  },
  chatLink: "https://chat.example.com/demo",
  ...content("Demo Trade", "demo"),
};

export const DEMO2_SITE: SeedSite = {
  siteId: "demo2",
  config: {
    title: "Brand Two Markets",
    description: "二元期權與加密貨幣價格回合。",
    keywords: "二元期權, 加密貨幣",
    copyRight: "© Brand Two Markets",
    logo: "/brand/demo2/logo.svg",
    logo2: "/brand/demo2/logo2.svg",
    favicon: "/brand/demo2/favicon.svg",
    defaultLanguage: "zh_TW",
    langOptions: ["zh_TW", "zh_CN", "en_US", "ja_JP"],
    localsOptions: ["+886", "+86"],
    currency: "TWD",
    gameName: "Brand Two Binary",
    games: [{ code: "binary", name: "Brand Two Binary" }],
    betAmounts: [1000, 5000, 10000, 50000],
    minBetAmount: 1000,
    maxBetAmount: 5_000_000,
    depositOptions: [
      {
        id: "usdt-trc20",
        kind: "crypto",
        name: "USDT (TRC20)",
        instructions: "Send USDT on TRON to the address shown after you confirm the amount.",
      },
    ],
    socialOptions: [{ name: "LINE", url: "https://line.me/R/ti/p/brandtwo" }],
    bankAutoReview: false,
    transactionPasswordRequired: true,
    // A regulated market: the site ends a member's session after 30 idle minutes.
    sessionIdleMinutes: 30,
    redirects: [{ from: "/help", to: "https://help.example.com/brand-two", permanent: false }],
  },
  chatLink: "https://chat.example.com/brand-two",
  ...content("Brand Two Markets", "b2"),
};

export const SEED_SITES: readonly SeedSite[] = [DEMO_SITE, DEMO2_SITE];
