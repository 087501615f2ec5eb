import { DEFAULT_CONTRACT_SETTINGS, type CallBody, type CampaignRule, type ContractSettings, type SiteConfigPatch } from "../contract";
import type { LocaleId } from "#rules/locales";
import { notional, positionFee } from "#rules/position-math";

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
  /** addresses to load into a crypto option's pool (operatorAddDepositAddresses), by option id */
  depositAddresses?: Record<string, string[]>;
  /** the account xpub a crypto option's addresses are derived from (operatorSetDepositXpub), by option id */
  depositXpubs?: Record<string, string>;
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

// Nothing in the product pauses on a schedule: the announcement says how maintenance is announced
// and what staff review, not a weekly pause that never happens.
const maintenance: PerLanguage<Text> = {
  en_US: {
    title: "Scheduled maintenance",
    summary: "None is planned. Any maintenance is announced here in advance.",
    content:
      "No maintenance is planned. If any is, it is announced here at least 24 hours ahead, with its times in UTC. Deposits that need checking and withdrawals are reviewed by our staff; a request stays pending until then, with its amount held.",
  },
  zh_TW: {
    title: "例行維護公告",
    summary: "目前沒有維護計畫，如有維護將事先在此公告。",
    content: "目前沒有維護計畫。如需維護，將至少提前 24 小時在此公告，時間以 UTC 標示。需要核對的存款與提款由工作人員審核，審核前申請維持待處理，金額保留。",
  },
  zh_CN: {
    title: "例行维护公告",
    summary: "目前没有维护计划，如有维护将事先在此公告。",
    content: "目前没有维护计划。如需维护，将至少提前 24 小时在此公告，时间以 UTC 标示。需要核对的存款与提款由工作人员审核，审核前申请保持待处理，金额冻结。",
  },
  ja_JP: {
    title: "定期メンテナンスのお知らせ",
    summary: "現在予定はありません。実施する場合は事前にここでお知らせします。",
    content: "現在メンテナンスの予定はありません。実施する場合は 24 時間以上前に、UTC の時刻でここにお知らせします。確認が必要な入金と出金はスタッフが審査し、それまで申請は保留中となり金額は保留されます。",
  },
};

/**
 * The markets news, written from the site's own pairs (`pairs` in its config) so that it names only
 * pairs the site offers: the newest pair joining the first one, or, with one pair, that pair alone.
 */
function marketsNews(pairs: readonly string[]): PerLanguage<Text> {
  const names = pairs.map((p) => p.replace("-", "/"));
  const first = names[0]!;
  const newest = names.at(-1)!;
  if (names.length === 1) {
    return {
      en_US: {
        title: `${first}: a round every minute`,
        summary: `${first} is this site's market.`,
        content: `${first} opens a new round every minute, with all eight bet options. Prices come from the site's price feed, one a second.`,
      },
      zh_TW: {
        title: `${first}：每分鐘一個回合`,
        summary: `本站的交易對為 ${first}。`,
        content: `${first} 每分鐘開啟一個新回合，提供全部八種投注選項。價格來自本站的行情，每秒更新一次。`,
      },
      zh_CN: {
        title: `${first}：每分钟一个回合`,
        summary: `本站的交易对为 ${first}。`,
        content: `${first} 每分钟开启一个新回合，提供全部八种投注选项。价格来自本站的行情，每秒更新一次。`,
      },
      ja_JP: {
        title: `${first}：毎分 1 ラウンド`,
        summary: `このサイトの市場は ${first} です。`,
        content: `${first} は毎分新しいラウンドが始まり、8 種類すべてのベットを選べます。価格はサイトの相場配信から毎秒取得します。`,
      },
    };
  }
  return {
    en_US: {
      title: `New pair: ${newest}`,
      summary: `${newest} joins ${first} for one-minute rounds.`,
      content: `${newest} now has one-minute rounds with the same eight bet options as ${first}. Prices come from the site's price feed, one a second.`,
    },
    zh_TW: {
      title: `新增交易對：${newest}`,
      summary: `${newest} 加入 ${first}，開放一分鐘回合。`,
      content: `${newest} 現已開放一分鐘回合，八種投注選項與 ${first} 相同。價格來自本站的行情，每秒更新一次。`,
    },
    zh_CN: {
      title: `新增交易对：${newest}`,
      summary: `${newest} 加入 ${first}，开放一分钟回合。`,
      content: `${newest} 现已开放一分钟回合，八种投注选项与 ${first} 相同。价格来自本站的行情，每秒更新一次。`,
    },
    ja_JP: {
      title: `新ペア：${newest}`,
      summary: `${newest} が ${first} に続き 1 分間ラウンドに加わりました。`,
      content: `${newest} で 1 分間ラウンドを開始しました。8 種類のベットは ${first} と同じで、価格はサイトの相場配信から毎秒取得します。`,
    },
  };
}

const verifyMobile: PerLanguage<Text> = {
  en_US: {
    title: "Verify your mobile number",
    summary: "Make sure the number we text password-reset codes to is yours.",
    content:
      "Open Member center › SMS verification, send a code to your mobile and enter it within 10 minutes. You can request up to five codes a day. A forgotten password is reset with a code texted to this number.",
  },
  zh_TW: {
    title: "驗證您的手機號碼",
    summary: "確認接收重設密碼驗證碼的號碼是您本人的。",
    content: "前往 會員中心 › 簡訊驗證，發送驗證碼到手機並於 10 分鐘內輸入。每天最多可索取五次驗證碼。忘記密碼時，將以簡訊傳送驗證碼到此號碼來重設。",
  },
  zh_CN: {
    title: "验证您的手机号码",
    summary: "确认接收重置密码验证码的号码是您本人的。",
    content: "前往 会员中心 › 短信验证，发送验证码到手机并于 10 分钟内输入。每天最多可获取五次验证码。忘记密码时，将通过短信发送验证码到此号码来重置。",
  },
  ja_JP: {
    title: "携帯電話番号の認証",
    summary: "パスワード再設定コードが届く番号がご本人のものか確認します。",
    content: "会員センター › SMS認証で携帯電話にコードを送信し、10 分以内に入力してください。コードは 1 日 5 回まで取得できます。パスワードを忘れた場合は、この番号に SMS で届くコードで再設定します。",
  },
};

const phishing: PerLanguage<Text> = {
  en_US: {
    title: "Beware of fake customer service",
    summary: "We never ask for your password or verification code.",
    content: "Staff will never ask for your password, transaction password or SMS code. Contact us only through the chat link or the messages in your member center.",
  },
  zh_TW: {
    title: "慎防假冒客服",
    summary: "我們絕不會索取您的密碼或驗證碼。",
    content: "工作人員絕不會向您索取登入密碼、交易密碼或簡訊驗證碼。請僅透過客服連結或會員中心的站內信與我們聯繫。",
  },
  zh_CN: {
    title: "谨防假冒客服",
    summary: "我们绝不会索取您的密码或验证码。",
    content: "工作人员绝不会向您索取登录密码、交易密码或短信验证码。请仅通过客服链接或会员中心的站内信与我们联系。",
  },
  ja_JP: {
    title: "偽サポートにご注意ください",
    summary: "パスワードや認証コードをお尋ねすることはありません。",
    content: "スタッフがログインパスワード、取引パスワード、SMS コードを尋ねることはありません。お問い合わせはチャットリンクまたは会員センターのメッセージからのみ行ってください。",
  },
};

// campaigns ---------------------------------------------------------------------------------------
// Each seeded campaign's texts say exactly what its rule (CAMPAIGN_RULES below, enforced by the
// platform: server/platform/README.md, "Campaigns") does: percent, cap in the site's currency, which
// deposits, wagering, whether a member must join, the rebate's basis and period and when it is paid.
// The keys stay "first-deposit" and "monthly-challenge" on both sites.

const CAMPAIGN_START = "2025-01-01T00:00:00.000Z";
const REBATE_START = "2026-01-01T00:00:00.000Z";
const REBATE_END = "2036-01-01T00:00:00.000Z";

/** The demo site (USD): a first-deposit bonus and a daily loss rebate for everyone. */
const demoFirstDeposit: PerLanguage<Text> = {
  en_US: {
    title: "First deposit bonus: 10% up to US$100.00",
    summary: "Join, then make your first deposit: 10% of it comes as bonus funds, up to US$100.00.",
    content: [
      "1. Join this campaign on this page before your first deposit. Only your first credited deposit ever counts.",
      "2. When that deposit is credited, 10% of it is added to your bonus balance, up to US$100.00.",
      "3. The bonus is locked until your bets reach 5 times its amount. Only the stake you could lose counts: for each round, your bets count as their total stake minus the least they would pay back whatever the round's result, so bets that cover each other (Rise with Counter indicator after a rising round) count only what they put at risk. This page shows how much is left.",
      "4. Once the 5× is reached, the bonus moves to your main account. Locked bonus cannot be withdrawn or moved to the game wallet.",
    ].join("\n"),
  },
  zh_TW: {
    title: "首存獎勵：10%，最高 100.00 美元",
    summary: "參加活動後完成首次存款，即獲存款額 10% 的獎勵金，最高 100.00 美元。",
    content: [
      "1. 請於首次存款前在本頁參加活動。僅計算您第一筆入帳的存款。",
      "2. 該筆存款入帳時，存款額的 10% 存入您的獎勵金餘額，最高 100.00 美元。",
      "3. 獎勵金在您的投注額達到獎勵金 5 倍前為鎖定狀態。只有可能輸掉的投注額才計入：每個回合，您的投注以總投注額減去無論結果如何都至少能拿回的金額計算，因此互相對沖的投注（上一局上漲後同時下注漲與反指標）只計入實際承擔的風險。本頁顯示尚需的投注額。",
      "4. 達到 5 倍後，獎勵金轉入主帳戶。鎖定中的獎勵金不可提款，也不可轉入遊戲錢包。",
    ].join("\n"),
  },
  zh_CN: {
    title: "首存奖励：10%，最高 100.00 美元",
    summary: "参加活动后完成首次存款，即获存款额 10% 的奖励金，最高 100.00 美元。",
    content: [
      "1. 请于首次存款前在本页参加活动。仅计算您第一笔入账的存款。",
      "2. 该笔存款入账时，存款额的 10% 存入您的奖励金余额，最高 100.00 美元。",
      "3. 奖励金在您的投注额达到奖励金 5 倍前为锁定状态。只有可能输掉的投注额才计入：每个回合，您的投注按总投注额减去无论结果如何都至少能拿回的金额计算，因此相互对冲的投注（上一局上涨后同时下注涨和反指标）只计入实际承担的风险。本页显示尚需的投注额。",
      "4. 达到 5 倍后，奖励金转入主账户。锁定中的奖励金不可提款，也不可转入游戏钱包。",
    ].join("\n"),
  },
  ja_JP: {
    title: "初回入金ボーナス：10%（最大 100.00 米ドル）",
    summary: "参加してから初回入金すると、入金額の 10%（最大 100.00 米ドル）をボーナスとして付与します。",
    content: [
      "1. 初回入金の前にこのページでキャンペーンに参加してください。対象は最初に反映された入金 1 回のみです。",
      "2. その入金が反映されると、入金額の 10%（最大 100.00 米ドル）がボーナス残高に加算されます。",
      "3. ボーナスは、ベットがその 5 倍の金額に達するまでロックされます。数えるのは失う可能性のあるベット額だけで、各ラウンドのベットは合計ベット額から、どの結果になっても最低限戻ってくる額を差し引いた額で数えます。互いに打ち消し合うベット（直前のラウンドが上昇したときの上昇と逆指標）は、実際にリスクを負った分だけを数えます。残りの必要額はこのページに表示されます。",
      "4. 5 倍に達するとボーナスはメイン口座に移ります。ロック中のボーナスは出金もゲームウォレットへの振替もできません。",
    ].join("\n"),
  },
};

const demoRebate: PerLanguage<Text> = {
  en_US: {
    title: "Daily loss rebate: 5% up to US$200.00",
    summary: "Every day you end with a net loss, 5% of it comes back to your main account, up to US$200.00.",
    content: [
      "Runs from 1 January 2026 to 31 December 2035 (UTC). Every member takes part; there is nothing to join.",
      "1. Each UTC day, your net loss is the stakes of your rounds that won or lost minus what they paid back. Refunded rounds count for neither. A round counts on the day it ends.",
      "2. If the day ends with a net loss, 5% of it is credited to your main account, up to US$200.00 a day. A day with no net loss pays nothing.",
      "3. The rebate is credited automatically a few seconds after 00:00 UTC, once per day, with no wagering requirement.",
    ].join("\n"),
  },
  zh_TW: {
    title: "每日虧損返還：5%，最高 200.00 美元",
    summary: "每天結算為淨虧損時，返還其 5% 至主帳戶，最高 200.00 美元。",
    content: [
      "活動期間：2026 年 1 月 1 日至 2035 年 12 月 31 日（UTC）。所有會員自動參加，無需報名。",
      "1. 每個 UTC 日的淨虧損 = 輸或贏回合的投注額 − 這些回合的派彩。退款的回合不計。回合依其結束的日期計算。",
      "2. 當日為淨虧損時，其 5% 存入主帳戶，每日最高 200.00 美元。沒有淨虧損的日子不返還。",
      "3. 返還於 UTC 00:00 後數秒內自動發放，每日一次，無流水要求。",
    ].join("\n"),
  },
  zh_CN: {
    title: "每日亏损返还：5%，最高 200.00 美元",
    summary: "每天结算为净亏损时，返还其 5% 至主账户，最高 200.00 美元。",
    content: [
      "活动期间：2026 年 1 月 1 日至 2035 年 12 月 31 日（UTC）。所有会员自动参加，无需报名。",
      "1. 每个 UTC 日的净亏损 = 输或赢回合的投注额 − 这些回合的派彩。退款的回合不计。回合按其结束的日期计算。",
      "2. 当日为净亏损时，其 5% 存入主账户，每日最高 200.00 美元。没有净亏损的日子不返还。",
      "3. 返还于 UTC 00:00 后数秒内自动发放，每日一次，无流水要求。",
    ].join("\n"),
  },
  ja_JP: {
    title: "デイリー損失リベート：5%（最大 200.00 米ドル）",
    summary: "1 日の収支が純損失のとき、その 5%（最大 200.00 米ドル）をメイン口座に還元します。",
    content: [
      "期間：2026 年 1 月 1 日〜2035 年 12 月 31 日（UTC）。全会員が対象で、参加手続きは不要です。",
      "1. UTC の 1 日ごとの純損失 = 勝ちまたは負けのラウンドのベット額 − それらの払戻額。返金されたラウンドは含みません。ラウンドは終了した日に数えます。",
      "2. 純損失で終わった日は、その 5% を 1 日最大 200.00 米ドルまでメイン口座に付与します。純損失のない日は付与されません。",
      "3. リベートは UTC 00:00 の数秒後に 1 日 1 回自動で付与され、賭け条件はありません。",
    ].join("\n"),
  },
};

/** The second demo site (TWD): a first-deposit bonus and a 100-round rebate for members who join. */
const b2FirstDeposit: PerLanguage<Text> = {
  en_US: {
    title: "First deposit bonus: 10% up to NT$1,000",
    summary: "Join, then make your first deposit: 10% of it comes as bonus funds, up to NT$1,000.",
    content: [
      "1. Join this campaign on this page before your first deposit. Only your first credited deposit ever counts.",
      "2. When that deposit is credited, 10% of it is added to your bonus balance, up to NT$1,000.",
      "3. The bonus is locked until your bets reach 5 times its amount. Only the stake you could lose counts: for each round, your bets count as their total stake minus the least they would pay back whatever the round's result, so bets that cover each other (Rise with Counter indicator after a rising round) count only what they put at risk. This page shows how much is left.",
      "4. Once the 5× is reached, the bonus moves to your main account. Locked bonus cannot be withdrawn or moved to the game wallet.",
    ].join("\n"),
  },
  zh_TW: {
    title: "首存獎勵：10%，最高新台幣 1,000 元",
    summary: "參加活動後完成首次存款，即獲存款額 10% 的獎勵金，最高新台幣 1,000 元。",
    content: [
      "1. 請於首次存款前在本頁參加活動。僅計算您第一筆入帳的存款。",
      "2. 該筆存款入帳時，存款額的 10% 存入您的獎勵金餘額，最高新台幣 1,000 元。",
      "3. 獎勵金在您的投注額達到獎勵金 5 倍前為鎖定狀態。只有可能輸掉的投注額才計入：每個回合，您的投注以總投注額減去無論結果如何都至少能拿回的金額計算，因此互相對沖的投注（上一局上漲後同時下注漲與反指標）只計入實際承擔的風險。本頁顯示尚需的投注額。",
      "4. 達到 5 倍後，獎勵金轉入主帳戶。鎖定中的獎勵金不可提款，也不可轉入遊戲錢包。",
    ].join("\n"),
  },
  zh_CN: {
    title: "首存奖励：10%，最高新台币 1,000 元",
    summary: "参加活动后完成首次存款，即获存款额 10% 的奖励金，最高新台币 1,000 元。",
    content: [
      "1. 请于首次存款前在本页参加活动。仅计算您第一笔入账的存款。",
      "2. 该笔存款入账时，存款额的 10% 存入您的奖励金余额，最高新台币 1,000 元。",
      "3. 奖励金在您的投注额达到奖励金 5 倍前为锁定状态。只有可能输掉的投注额才计入：每个回合，您的投注按总投注额减去无论结果如何都至少能拿回的金额计算，因此相互对冲的投注（上一局上涨后同时下注涨和反指标）只计入实际承担的风险。本页显示尚需的投注额。",
      "4. 达到 5 倍后，奖励金转入主账户。锁定中的奖励金不可提款，也不可转入游戏钱包。",
    ].join("\n"),
  },
  ja_JP: {
    title: "初回入金ボーナス：10%（最大 1,000 台湾ドル）",
    summary: "参加してから初回入金すると、入金額の 10%（最大 1,000 台湾ドル）をボーナスとして付与します。",
    content: [
      "1. 初回入金の前にこのページでキャンペーンに参加してください。対象は最初に反映された入金 1 回のみです。",
      "2. その入金が反映されると、入金額の 10%（最大 1,000 台湾ドル）がボーナス残高に加算されます。",
      "3. ボーナスは、ベットがその 5 倍の金額に達するまでロックされます。数えるのは失う可能性のあるベット額だけで、各ラウンドのベットは合計ベット額から、どの結果になっても最低限戻ってくる額を差し引いた額で数えます。互いに打ち消し合うベット（直前のラウンドが上昇したときの上昇と逆指標）は、実際にリスクを負った分だけを数えます。残りの必要額はこのページに表示されます。",
      "4. 5 倍に達するとボーナスはメイン口座に移ります。ロック中のボーナスは出金もゲームウォレットへの振替もできません。",
    ].join("\n"),
  },
};

const b2Rebate: PerLanguage<Text> = {
  en_US: {
    title: "100-round rebate: 5% up to NT$2,000",
    summary: "Join, and every 100 rounds you play, 5% of their net loss comes back to your main account, up to NT$2,000.",
    content: [
      "Runs from 1 January 2026 to 31 December 2035 (UTC). Join on this page to take part; rounds before you join do not count.",
      "1. Rounds that win or lose count, in the order they end; refunded rounds do not count.",
      "2. After every 100 counted rounds, their net loss (stakes minus what they paid back) is worked out; 5% of it is credited to your main account, up to NT$2,000 per 100 rounds. 100 rounds with no net loss pay nothing.",
      "3. The rebate is credited automatically a few seconds after the 100th round is settled, with no wagering requirement. This page shows the rounds counted so far.",
    ].join("\n"),
  },
  zh_TW: {
    title: "百回合返還：5%，最高新台幣 2,000 元",
    summary: "參加後每完成 100 個回合，返還其淨虧損的 5% 至主帳戶，最高新台幣 2,000 元。",
    content: [
      "活動期間：2026 年 1 月 1 日至 2035 年 12 月 31 日（UTC）。請在本頁參加；參加前的回合不計。",
      "1. 輸或贏的回合依結束順序計入；退款的回合不計。",
      "2. 每累計 100 個回合，計算其淨虧損（投注額 − 派彩），其 5% 存入主帳戶，每 100 回合最高新台幣 2,000 元。沒有淨虧損則不返還。",
      "3. 第 100 個回合結算後數秒內自動發放，無流水要求。本頁顯示目前已計入的回合數。",
    ].join("\n"),
  },
  zh_CN: {
    title: "百回合返还：5%，最高新台币 2,000 元",
    summary: "参加后每完成 100 个回合，返还其净亏损的 5% 至主账户，最高新台币 2,000 元。",
    content: [
      "活动期间：2026 年 1 月 1 日至 2035 年 12 月 31 日（UTC）。请在本页参加；参加前的回合不计。",
      "1. 输或赢的回合按结束顺序计入；退款的回合不计。",
      "2. 每累计 100 个回合，计算其净亏损（投注额 − 派彩），其 5% 存入主账户，每 100 回合最高新台币 2,000 元。没有净亏损则不返还。",
      "3. 第 100 个回合结算后数秒内自动发放，无流水要求。本页显示目前已计入的回合数。",
    ].join("\n"),
  },
  ja_JP: {
    title: "100 ラウンド・リベート：5%（最大 2,000 台湾ドル）",
    summary: "参加後、100 ラウンドごとに純損失の 5%（最大 2,000 台湾ドル）をメイン口座に還元します。",
    content: [
      "期間：2026 年 1 月 1 日〜2035 年 12 月 31 日（UTC）。このページで参加してください。参加前のラウンドは数えません。",
      "1. 勝ちまたは負けのラウンドを終了順に数えます。返金されたラウンドは数えません。",
      "2. 100 ラウンドごとに純損失（ベット額 − 払戻額）を計算し、その 5% を 100 ラウンドあたり最大 2,000 台湾ドルまでメイン口座に付与します。純損失がなければ付与されません。",
      "3. リベートは 100 ラウンド目の確定から数秒後に自動で付与され、賭け条件はありません。これまでに数えたラウンド数はこのページに表示されます。",
    ].join("\n"),
  },
};

/** What each site's campaigns pay (site info `campaignRules`), tied to the texts above by key. */
const CAMPAIGNS = {
  demo: {
    texts: { firstDeposit: demoFirstDeposit, rebate: demoRebate },
    rules: [
      { kind: "deposit_bonus", key: "first-deposit", optIn: true, startsAt: CAMPAIGN_START, endsAt: null, endedAt: null, cap: 10_000, percentBp: 1000, deposits: "first", wagering: 5 },
      { kind: "rebate", key: "monthly-challenge", optIn: false, startsAt: REBATE_START, endsAt: REBATE_END, endedAt: null, cap: 20_000, percentBp: 500, period: "day", rounds: 0 },
    ],
  },
  b2: {
    texts: { firstDeposit: b2FirstDeposit, rebate: b2Rebate },
    rules: [
      { kind: "deposit_bonus", key: "first-deposit", optIn: true, startsAt: CAMPAIGN_START, endsAt: null, endedAt: null, cap: 100_000, percentBp: 1000, deposits: "first", wagering: 5 },
      { kind: "rebate", key: "monthly-challenge", optIn: true, startsAt: REBATE_START, endsAt: REBATE_END, endedAt: null, cap: 200_000, percentBp: 500, period: "rounds", rounds: 100 },
    ],
  },
} satisfies Record<string, { texts: Record<"firstDeposit" | "rebate", PerLanguage<Text>>; rules: CampaignRule[] }>;

type InstructionText = { title: string; content: string };

const rules: PerLanguage<InstructionText> = {
  en_US: {
    title: "How a round works",
    content:
      "A round lasts 60 seconds. You bet on the next round while the current one runs, and betting closes 10 seconds before that round starts, so neither its open nor its close price exists when your bet is taken; it is settled as soon as the round ends. If the operator pauses or resumes the pair after betting has closed, or the price feed stops, the round is void and every bet on it is refunded. High wins when the last digit of the close price is 5–9, low when it is 0–4; odd and even follow the same digit; rise and fall compare the close with the open price; draw wins when they are equal; counter indicator wins when the round moves against the direction of the round before it.",
  },
  zh_TW: {
    title: "回合規則",
    content: "每回合 60 秒。您在本回合進行時投注下一回合，下一回合開始前 10 秒停止下注，因此下注時該回合的開盤價與收盤價都還不存在；該回合一結束即結算。若停止下注後營運方暫停或恢復該交易對，或報價中斷，該回合作廢，全部注單退還本金。收盤價尾數 5–9 為大、0–4 為小；單雙依同一位數；漲跌比較收盤價與開盤價，兩者相同時平獲勝；本局走勢與上一局方向相反時反指標獲勝。",
  },
  zh_CN: {
    title: "回合规则",
    content: "每回合 60 秒。您在本回合进行时投注下一回合，下一回合开始前 10 秒停止下注，因此下注时该回合的开盘价与收盘价都还不存在；该回合一结束即结算。若停止下注后运营方暂停或恢复该交易对，或报价中断，该回合作废，全部注单退还本金。收盘价尾数 5–9 为大、0–4 为小；单双依同一位数；涨跌比较收盘价与开盘价，两者相同时平获胜；本局走势与上一局方向相反时反指标获胜。",
  },
  ja_JP: {
    title: "ラウンドの仕組み",
    content:
      "1 ラウンドは 60 秒です。ベットは進行中のラウンドの間に次のラウンドへ行い、そのラウンドが始まる 10 秒前に締め切るため、ベットの時点では始値も終値もまだ存在しません。ラウンドが終わるとすぐに精算します。締め切り後に運営者がペアを一時停止・再開した場合や価格配信が止まった場合、そのラウンドは無効となり、すべてのベットを返金します。終値の末尾が 5〜9 ならハイ、0〜4 ならローの勝ち。奇数・偶数も同じ桁で、上昇・下落は終値と始値を比べ、同じなら引き分けの勝ち。直前のラウンドと逆方向に動けば逆指標の勝ちです。",
  },
};

const depositHelp: PerLanguage<InstructionText> = {
  en_US: { title: "Making a deposit", content: "Choose a deposit option, enter the amount and follow the instructions shown." },
  zh_TW: { title: "如何存款", content: "選擇存款方式，輸入金額，並依照畫面指示完成。" },
  zh_CN: { title: "如何存款", content: "选择存款方式，输入金额，并按照页面提示完成。" },
  ja_JP: { title: "入金方法", content: "入金方法を選び、金額を入力して、表示される手順に従ってください。" },
};

/** A worked example of one site's payout: `stake` at that site's odds (the platform pays floor(stake × odds) in all). */
export type PayoutExample = { odds: string; stake: string; total: string; won: string };

/** The example for a site: its second chip (or first) at its high/low odds, in its currency's signs. */
export function payoutExample(config: SiteConfigPatch): PayoutExample {
  const chips = config.betAmounts ?? [100, 500, 1000, 5000, 10000];
  const stake = chips[1] ?? chips[0]!;
  const basisPoints = Math.round((config.odds?.high ?? 1.95) * 10_000);
  const total = Math.floor((stake * basisPoints) / 10_000);
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  const money = (minor: number) => `${sign}${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  return { odds: String(config.odds?.high ?? 1.95), stake: money(stake), total: money(total), won: money(total - stake) };
}

function betOptions(x: PayoutExample): PerLanguage<InstructionText> {
  return {
    en_US: {
      title: "Bet options and payouts",
      content: `A winning bet pays its stake times the odds shown on the betting panel, stake included: at odds of ${x.odds}, a ${x.stake} bet pays ${x.total} in all, ${x.won} more than the stake. A losing bet pays nothing. Options of one kind cannot be combined in one round: high with low, odd with even, rise with fall. When a round closes at its open price, rise, fall and counter indicator bets are refunded (the stake comes back) and draw wins.`,
    },
    zh_TW: {
      title: "投注選項與賠率",
      content: `獲勝的投注支付本金乘以投注面板顯示的賠率，已含本金：賠率 ${x.odds} 時，投注 ${x.stake} 共支付 ${x.total}，比本金多 ${x.won}。未中的投注不支付。同一回合不可同時投注相對選項：大與小、單與雙、漲與跌。收盤價等於開盤價時，漲、跌與反指標的投注退還本金，平獲勝。`,
    },
    zh_CN: {
      title: "投注选项与赔率",
      content: `获胜的投注支付本金乘以投注面板显示的赔率，已含本金：赔率 ${x.odds} 时，投注 ${x.stake} 共支付 ${x.total}，比本金多 ${x.won}。未中的投注不支付。同一回合不可同时投注相对选项：大与小、单与双、涨与跌。收盘价等于开盘价时，涨、跌与反指标的投注退还本金，平获胜。`,
    },
    ja_JP: {
      title: "ベットの種類と配当",
      content: `的中したベットには、ベット額にベットパネルに表示されたオッズを掛けた額が、ベット額込みで支払われます。オッズ ${x.odds} で ${x.stake} をベットすると合計 ${x.total}（ベット額より ${x.won} 多い額）です。外れたベットへの支払いはありません。同じラウンドで相反する選択（ハイとロー、奇数と偶数、上昇と下落）は組み合わせられません。終値が始値と同じ場合、上昇・下落・逆指標のベットは返金され、引き分けが的中となります。`,
    },
  };
}

const withdrawHelp: PerLanguage<InstructionText> = {
  en_US: {
    title: "Withdrawing your balance",
    content:
      "Bind a bank account in Member center › Bank account first; once it is approved, enter the amount and your transaction password. The fee is shown before you confirm, and amount plus fee are held until the payment is made.",
  },
  zh_TW: {
    title: "如何提款",
    content: "請先在 會員中心 › 銀行帳戶 綁定銀行帳戶，審核通過後輸入金額與交易密碼。確認前會顯示手續費，金額與手續費將凍結至款項匯出為止。",
  },
  zh_CN: {
    title: "如何提款",
    content: "请先在 会员中心 › 银行账户 绑定银行账户，审核通过后输入金额与交易密码。确认前会显示手续费，金额与手续费将冻结至款项汇出为止。",
  },
  ja_JP: {
    title: "出金方法",
    content: "まず 会員センター › 銀行口座 で口座を登録し、承認後に金額と取引パスワードを入力してください。確定前に手数料が表示され、金額と手数料は送金完了まで保留されます。",
  },
};

const passwordHelp: PerLanguage<InstructionText> = {
  en_US: {
    title: "Forgot your password?",
    content:
      "On the sign-in page choose “Forgot password”, enter your account and the mobile number you registered, and use the 6-digit code we text you within 10 minutes to set a new password. Every device is then signed out.",
  },
  zh_TW: {
    title: "忘記密碼？",
    content: "在登入頁選擇「忘記密碼」，輸入帳號與註冊時的手機號碼，並於 10 分鐘內使用簡訊收到的 6 位數驗證碼設定新密碼。所有裝置將隨之登出。",
  },
  zh_CN: {
    title: "忘记密码？",
    content: "在登录页选择“忘记密码”，输入账号与注册时的手机号码，并于 10 分钟内使用短信收到的 6 位数验证码设置新密码。所有设备将随之退出登录。",
  },
  ja_JP: {
    title: "パスワードをお忘れですか？",
    content: "ログイン画面で「パスワードを忘れた」を選び、アカウントと登録した携帯電話番号を入力してください。SMS で届く 6 桁のコードを 10 分以内に使って新しいパスワードを設定します。その後すべての端末からログアウトされます。",
  },
};

/** The figures of a site's contract-trading help, in its currency's sign (as the bet example above). */
export interface ContractFigures {
  leverages: string[];
  fee: string;
  stopOut: string;
  slippage: string;
  minMargin: string;
  maxMargin: string;
  maxOpen: number;
  example: { margin: string; leverage: number; notional: string; fee: string };
}

/** 500 ppm → "0.05%", 1000 bp (digits 2) → "10%": exact decimals, trailing zeros dropped. */
const percent = (value: number, digits: number) => `${(value / 10 ** digits).toFixed(digits).replace(/\.?0+$/, "")}%`;

/**
 * A site's contract-trading figures from its own settings: the worked example is a margin of 100
 * minimum margins at 10× (or the site's second leverage), its notional and fee computed with the
 * platform's own arithmetic (server/contract/positions.ts), so the help can never promise another fee.
 */
export function contractFigures(config: SiteConfigPatch): ContractFigures {
  const s: ContractSettings = config.contractSettings ?? DEFAULT_CONTRACT_SETTINGS;
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  const money = (minor: number) => `${sign}${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const leverage = s.leverageOptions.includes(10) ? 10 : (s.leverageOptions[1] ?? s.leverageOptions[0]!);
  const terms = { margin: Math.min(s.minMargin * 100, s.maxMargin), leverage, feePpm: s.feePpm };
  return {
    leverages: s.leverageOptions.map((l) => `${l}×`),
    fee: percent(s.feePpm, 4),
    stopOut: percent(s.stopOutBp, 2),
    slippage: percent(s.slippageBp, 2),
    minMargin: money(s.minMargin),
    maxMargin: money(s.maxMargin),
    maxOpen: s.maxOpenPositions,
    example: { margin: money(terms.margin), leverage, notional: money(notional(terms)), fee: money(positionFee(terms)) },
  };
}

/**
 * "Contract trading" help: what the product does, exactly (server/contract/README.md, "Contract
 * trading"): isolated margin, the fee per side, the stop-out share, the liquidation price shown
 * before opening, TP/SL, close at market, one close per position, no loss beyond the margin and
 * the opening fee. Five short paragraphs (a blank line each: app/utils/rich-text.ts), not one
 * block, for a phone's width.
 */
function contractHelp(f: ContractFigures): PerLanguage<InstructionText> {
  const en = f.leverages.length > 1 ? `${f.leverages.slice(0, -1).join(", ")} or ${f.leverages.at(-1)}` : f.leverages[0]!;
  const cjk = f.leverages.join("、");
  const x = f.example;
  return {
    en_US: {
      title: "Contract trading",
      content: `Contract trading lets you hold a long position (you gain when the price rises) or a short one (you gain when it falls) on the site's pairs, at the leverage you choose: ${en}. Each position has its own margin (isolated margin), from ${f.minMargin} to ${f.maxMargin}, taken from your game wallet; its size, the notional, is margin × leverage.\n\nA fee of ${f.fee} of the notional is charged when you open, on top of the margin, and again when the position closes. Before you confirm you see the entry price, the notional, the opening and closing fees and the liquidation price. The position opens at the market's price at that moment; if that price is more than ${f.slippage} away from the one you saw, nothing is opened and you can try again.\n\nYou can set a take-profit and a stop-loss price when you open or later, and close at the market price at any time. When a price tick reaches your take-profit, your stop-loss or the liquidation price (where the position's equity, margin plus profit or loss, falls to ${f.stopOut} of the margin: the stop-out), the position closes at that tick's price.\n\nEach position closes exactly once, by whichever comes first. You receive the margin plus the profit or loss, less the closing fee, and never less than zero: you can never lose more than your margin and the opening fee.\n\nExample: a margin of ${x.margin} at ${x.leverage}× makes a position of ${x.notional}, with a fee of ${x.fee} at opening and again at closing. You can hold up to ${f.maxOpen} positions at once.`,
    },
    zh_TW: {
      title: "合約交易",
      content: `合約交易可讓您在本站的交易對上持有多單（價格上漲時獲利）或空單（價格下跌時獲利），槓桿可選 ${cjk}。每筆倉位使用各自獨立的保證金（逐倉），金額 ${f.minMargin} 至 ${f.maxMargin}，從遊戲錢包扣除；倉位規模（名目價值）為保證金 × 槓桿。\n\n開倉時另收名目價值 ${f.fee} 的手續費，平倉時再收一次。確認前會顯示開倉價格、名目價值、開倉與平倉手續費及強平價格。倉位以當下的市場價格開立；若該價格與您看到的價格相差超過 ${f.slippage}，將不會開倉，您可以重新下單。\n\n開倉時或之後皆可設定停利價與停損價，也可隨時以市價平倉。當報價觸及停利價、停損價或強平價（倉位權益，即保證金加上盈虧，降至保證金的 ${f.stopOut}，即強制平倉）時，倉位以該筆報價的價格平倉。\n\n每筆倉位只平倉一次，以先發生者為準。您收回保證金加上盈虧、再扣除平倉手續費，最少為零：損失絕不會超過保證金與開倉手續費。\n\n範例：保證金 ${x.margin}、槓桿 ${x.leverage}× 的倉位名目價值為 ${x.notional}，開倉與平倉各收手續費 ${x.fee}。同時最多可持有 ${f.maxOpen} 筆倉位。`,
    },
    zh_CN: {
      title: "合约交易",
      content: `合约交易可让您在本站的交易对上持有多单（价格上涨时获利）或空单（价格下跌时获利），杠杆可选 ${cjk}。每笔仓位使用各自独立的保证金（逐仓），金额 ${f.minMargin} 至 ${f.maxMargin}，从游戏钱包扣除；仓位规模（名义价值）为保证金 × 杠杆。\n\n开仓时另收名义价值 ${f.fee} 的手续费，平仓时再收一次。确认前会显示开仓价格、名义价值、开仓与平仓手续费及强平价格。仓位以当时的市场价格开立；若该价格与您看到的价格相差超过 ${f.slippage}，将不会开仓，您可以重新下单。\n\n开仓时或之后均可设置止盈价与止损价，也可随时以市价平仓。当报价触及止盈价、止损价或强平价（仓位权益，即保证金加上盈亏，降至保证金的 ${f.stopOut}，即强制平仓）时，仓位以该笔报价的价格平仓。\n\n每笔仓位只平仓一次，以先发生者为准。您收回保证金加上盈亏、再扣除平仓手续费，最少为零：损失绝不会超过保证金与开仓手续费。\n\n示例：保证金 ${x.margin}、杠杆 ${x.leverage}× 的仓位名义价值为 ${x.notional}，开仓与平仓各收手续费 ${x.fee}。同时最多可持有 ${f.maxOpen} 笔仓位。`,
    },
    ja_JP: {
      title: "コントラクト取引",
      content: `コントラクト取引では、このサイトの通貨ペアでロング（価格が上がると利益）またはショート（価格が下がると利益）のポジションを、選んだレバレッジ（${cjk}）で保有できます。ポジションごとに個別の証拠金（分離マージン）を持ち、${f.minMargin}〜${f.maxMargin} をゲームウォレットから差し引きます。ポジションの規模（想定元本）は証拠金 × レバレッジです。\n\n新規建て時に想定元本の ${f.fee} の手数料が証拠金とは別にかかり、決済時にも同じ手数料がかかります。確定前に、エントリー価格、想定元本、新規・決済手数料、ロスカット価格が表示されます。ポジションはその時点の市場価格で建てられます。その価格が表示された価格から ${f.slippage} を超えて離れていた場合は建てられないので、もう一度お試しください。\n\n利確価格と損切り価格は新規建て時にも後からも設定でき、いつでも成行で決済できます。価格のティックが利確価格、損切り価格、またはロスカット価格（ポジションの評価額＝証拠金＋損益が証拠金の ${f.stopOut} まで下がる価格）に達すると、そのティックの価格で決済されます。\n\nどのポジションも、先に起きたもので一度だけ決済されます。受け取る額は証拠金＋損益から決済手数料を引いた額で、ゼロを下回ることはありません。損失が証拠金と新規手数料を超えることはありません。\n\n例：証拠金 ${x.margin}、レバレッジ ${x.leverage}× のポジションは想定元本 ${x.notional} で、新規時と決済時にそれぞれ ${x.fee} の手数料がかかります。同時に保有できるポジションは ${f.maxOpen} 件までです。`,
    },
  };
}

/**
 * "Practice account" help: the site's own starting figure (practiceBalance), what play money can
 * and cannot do (server/platform/README.md, "Practice account").
 */
export function practiceHelp(config: SiteConfigPatch): PerLanguage<InstructionText> {
  const sign = { USD: "US$", TWD: "NT$" }[config.currency ?? "USD"] ?? `${config.currency} `;
  const amount = `${sign}${((config.practiceBalance ?? 1_000_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  return {
    en_US: {
      title: "Practice account",
      content: `Every member has a practice account of ${amount} in play money. Switch to practice mode to play the same rounds and contracts at the same prices without risking real money; you can reset it to ${amount} at any time. Play money can never be deposited, transferred, withdrawn or turned into real money, it does not count toward any campaign, and your records show practice and real activity separately.`,
    },
    zh_TW: {
      title: "模擬帳戶",
      content: `每位會員都有一個 ${amount} 虛擬資金的模擬帳戶。切換至模擬模式，即可以相同價格遊玩相同的回合與合約，不必動用真實資金；您可隨時將其重設為 ${amount}。虛擬資金無法存入、轉帳、提領或換成真實資金，不計入任何活動，紀錄中模擬與真實交易分開顯示。`,
    },
    zh_CN: {
      title: "模拟账户",
      content: `每位会员都有一个 ${amount} 虚拟资金的模拟账户。切换至模拟模式，即可以相同价格游玩相同的回合与合约，无需动用真实资金；您可随时将其重置为 ${amount}。虚拟资金无法存入、转账、提取或换成真实资金，不计入任何活动，记录中模拟与真实交易分开显示。`,
    },
    ja_JP: {
      title: "練習用アカウント",
      content: `すべての会員に ${amount} の仮想資金が入った練習用アカウントがあります。練習モードに切り替えると、同じラウンドとコントラクトを同じ価格で、実際のお金を使わずに試せます。残高はいつでも ${amount} にリセットできます。仮想資金は入金・振替・出金や実際のお金への交換はできず、キャンペーンの対象にもなりません。履歴では練習と実際の取引が分けて表示されます。`,
    },
  };
}

const brand = (text: Text, name: string): Text => ({
  title: text.title.replace("{brand}", name),
  summary: text.summary,
  content: text.content,
});

/** A site with its content, written from its config. */
function withContent(name: string, prefix: keyof typeof CAMPAIGNS, site: Omit<SeedSite, "press" | "campaigns" | "instructions">): SeedSite {
  return { ...site, ...content(name, prefix, site.config) };
}

/** The content of a site: texts that state facts (pairs, payouts) are written from its config. */
function content(name: string, prefix: keyof typeof CAMPAIGNS, config: SiteConfigPatch): Pick<SeedSite, "press" | "campaigns" | "instructions"> {
  return {
    press: [
      ...eachLanguage(welcome, (t) => ({ kind: "news" as const, path: `${prefix}-welcome`, ...brand(t, name) })),
      ...eachLanguage(marketsNews(config.pairs ?? []), (t) => ({ kind: "news" as const, path: `${prefix}-markets`, ...t })),
      ...eachLanguage(verifyMobile, (t) => ({ kind: "news" as const, path: `${prefix}-verify-mobile`, ...t })),
      ...eachLanguage(maintenance, (t) => ({ kind: "announcement" as const, path: `${prefix}-maintenance`, ...t })),
      ...eachLanguage(phishing, (t) => ({ kind: "announcement" as const, path: `${prefix}-phishing`, ...t })),
    ],
    // one key per campaign and instruction ties its four languages together (content fallback:
    // server/platform/README.md, "Content languages"); press items share their path
    campaigns: [
      ...eachLanguage(CAMPAIGNS[prefix].texts.firstDeposit, (t) => ({ key: "first-deposit", ...t, startsAt: CAMPAIGN_START, endsAt: null })),
      // A campaign with a period; the site lists it until it ends.
      ...eachLanguage(CAMPAIGNS[prefix].texts.rebate, (t) => ({ key: "monthly-challenge", ...t, startsAt: REBATE_START, endsAt: REBATE_END })),
    ],
    instructions: [
      ...eachLanguage(rules, (t) => ({ key: "round", type: "rules", ...t })),
      ...eachLanguage(betOptions(payoutExample(config)), (t) => ({ key: "bet-options", type: "rules", ...t })),
      ...eachLanguage(depositHelp, (t) => ({ key: "deposit", type: "deposit", ...t })),
      ...eachLanguage(withdrawHelp, (t) => ({ key: "withdraw", type: "help", ...t })),
      ...eachLanguage(passwordHelp, (t) => ({ key: "password", type: "help", ...t })),
      ...eachLanguage(contractHelp(contractFigures(config)), (t) => ({ key: "contract", type: "help", ...t })),
      ...eachLanguage(practiceHelp(config), (t) => ({ key: "practice", type: "help", ...t })),
    ],
  };
}

export const DEMO_SITE: SeedSite = withContent("Demo Trade", "demo", {
  siteId: "demo",
  config: {
    // the default language's texts (en_US); the other three are in `translations` below
    title: "Demo Trade",
    description: "One-minute price rounds on crypto pairs. A demonstration site.",
    keywords: "binary options, crypto, demo",
    copyRight: "© Demo Trade. All rights reserved.",
    logo: "/brand/demo/logo.svg",
    logo2: "/brand/demo/logo2.svg",
    favicon: "/brand/demo/favicon.svg",
    // teal on white, following the device's light or dark setting; the wordmark spells the name
    theme: {
      light: { accent: "#0f766e", background: "#f3f7f6", surface: "#ffffff" },
      dark: { accent: "#2dd4bf", background: "#0b1413", surface: "#12201e" },
      defaultScheme: "system",
      upDown: "locale",
      logo: "wordmark",
    },
    defaultLanguage: "en_US",
    langOptions: ["en_US", "zh_TW", "zh_CN", "ja_JP"],
    localsOptions: ["+886", "+86", "+81", "+1"],
    currency: "USD",
    campaignRules: CAMPAIGNS.demo.rules,
    gameName: "1-minute rounds",
    games: [{ code: "binary", name: "1-minute rounds" }],
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
        bankAccount: { bank: "Demo Commercial Bank", branch: "Taipei Main Branch (bank code 012, branch 0015)", accountName: "Demo Trade Ltd.", accountNumber: "0015-123-456789" },
        // the account itself is in bankAccount: the site shows it with the deposit's reference
        instructions: [
          "After you confirm the amount, the page shows the account to pay and a reference for this deposit.",
          "Transfer exactly that amount and write the reference in the transfer note, so we can match your transfer; keep the receipt. The deposit is credited once the transfer has arrived and been checked, normally within 30 minutes on banking days (09:00–17:00 UTC+8).",
        ].join("\n"),
      },
    ],
    terms: [
      "Demo Trade is a demonstration site. It holds no gaming licence and takes no real money.",
      "- Balances are play money: they cannot be bought, sold or paid out.",
      "- The bank details on the deposit page are examples; do not send money to them.",
      "- The operator may reset any demo account at any time.",
    ].join("\n"),
    // "Licence and operator" (footer, /terms#licence): who runs the site and that it holds no licence
    licence: [
      "Demo Trade is operated by Demo Trade Ltd., Taipei, Taiwan, as a demonstration of this platform.",
      "Demo Trade holds no gaming or financial licence from any authority. It takes no real money, and its balances have no value outside this site.",
    ].join("\n"),
    translations: {
      zh_TW: {
        title: "Demo Trade 示範交易",
        description: "加密貨幣交易對的一分鐘價格回合。這是示範網站。",
        keywords: "二元期權, 加密貨幣, 示範",
        copyRight: "© Demo Trade 示範交易 版權所有",
        gameName: "一分鐘回合",
        games: { binary: "一分鐘回合" },
        depositOptions: {
          "demo-instant": { name: "即時示範入金", instructions: "示範金額立即入帳，僅能在本站使用，沒有實際價值。" },
          "bank-transfer": {
            name: "銀行轉帳",
            bank: "Demo 商業銀行",
            branch: "台北總行（銀行代碼 012，分行 0015）",
            instructions: [
              "確認金額後，頁面會顯示收款帳戶及本筆存款的參考編號。",
              "請匯入相同金額，並在轉帳附言填寫參考編號，以便我們核對您的匯款；請保留收據。款項到帳並核對後入帳，銀行營業日（09:00–17:00 UTC+8）通常 30 分鐘內完成。",
            ].join("\n"),
          },
        },
        terms: [
          "Demo Trade 示範交易為示範網站，未持有博弈執照，亦不收取真實款項。",
          "- 帳戶餘額僅為示範用途，不可購買、出售或提領為現金。",
          "- 存款頁面上的銀行資料僅為範例，請勿匯款。",
          "- 營運方得隨時重設任何示範帳戶。",
        ].join("\n"),
        licence: [
          "Demo Trade 示範交易由 Demo Trade Ltd.（台灣台北）營運，為本平台的示範網站。",
          "Demo Trade 示範交易未持有任何主管機關核發的博弈或金融執照，不收取真實款項，帳戶餘額在本站以外沒有價值。",
        ].join("\n"),
      },
      zh_CN: {
        title: "Demo Trade 示范交易",
        description: "加密货币交易对的一分钟价格回合。这是演示网站。",
        keywords: "二元期权, 加密货币, 演示",
        copyRight: "© Demo Trade 示范交易 版权所有",
        gameName: "一分钟回合",
        games: { binary: "一分钟回合" },
        depositOptions: {
          "demo-instant": { name: "即时演示入金", instructions: "演示金额立即到账，仅能在本站使用，没有实际价值。" },
          "bank-transfer": {
            name: "银行转账",
            bank: "Demo 商业银行",
            branch: "台北总行（银行代码 012，分行 0015）",
            instructions: [
              "确认金额后，页面会显示收款账户及本笔存款的参考编号。",
              "请汇入相同金额，并在转账附言填写参考编号，以便我们核对您的汇款；请保留回单。款项到账并核对后入账，银行工作日（09:00–17:00 UTC+8）通常 30 分钟内完成。",
            ].join("\n"),
          },
        },
        terms: [
          "Demo Trade 示范交易为演示网站，未持有博彩牌照，也不收取真实款项。",
          "- 账户余额仅作演示之用，不可购买、出售或提取为现金。",
          "- 存款页面上的银行信息仅为示例，请勿汇款。",
          "- 运营方可随时重置任何演示账户。",
        ].join("\n"),
        licence: [
          "Demo Trade 示范交易由 Demo Trade Ltd.（台湾台北）运营，为本平台的演示网站。",
          "Demo Trade 示范交易未持有任何主管机关颁发的博彩或金融牌照，不收取真实款项，账户余额在本站以外没有价值。",
        ].join("\n"),
      },
      ja_JP: {
        title: "Demo Trade デモトレード",
        description: "暗号資産ペアの 1 分間の価格ラウンド。デモンストレーション用のサイトです。",
        keywords: "バイナリーオプション, 暗号資産, デモ",
        copyRight: "© Demo Trade デモトレード 無断転載を禁じます",
        gameName: "1分ラウンド",
        games: { binary: "1分ラウンド" },
        depositOptions: {
          "demo-instant": { name: "デモ即時入金", instructions: "デモ用の資金がすぐに入金されます。このサイトの外では価値がありません。" },
          "bank-transfer": {
            name: "銀行振込",
            bank: "Demo 商業銀行",
            branch: "台北本店（銀行コード 012、支店 0015）",
            instructions: [
              "金額を確定すると、振込先の口座とこの入金の参照番号が表示されます。",
              "同じ金額をお振込みのうえ、照合のため振込メモに参照番号を記入し、控えを保管してください。着金と確認の後に入金され、銀行営業日（09:00〜17:00 UTC+8）は通常 30 分以内です。",
            ].join("\n"),
          },
        },
        terms: [
          "Demo Trade デモトレードはデモンストレーション用のサイトです。賭博の免許を持たず、実際のお金は受け付けません。",
          "- 残高はデモ用で、購入・売却・出金はできません。",
          "- 入金ページの銀行情報は例です。振込まないでください。",
          "- 運営者はいつでもデモアカウントをリセットできます。",
        ].join("\n"),
        licence: [
          "Demo Trade デモトレードは、このプラットフォームのデモンストレーションとして Demo Trade Ltd.（台湾・台北）が運営しています。",
          "Demo Trade デモトレードは、いかなる当局の賭博または金融の免許も持っていません。実際のお金は受け付けず、残高はこのサイトの外では価値がありません。",
        ].join("\n"),
      },
    },
    socialOptions: [{ name: "Telegram", url: "https://t.me/demotrade" }],
    bankAutoReview: true,
    transactionPasswordRequired: true,
    redirects: [{ from: "/promo", to: "/user/activity", permanent: false }],
    pairs: ["BTC-USDT", "ETH-USDT"],
    // the reality check every hour of play for members who have not chosen (UKGC RTS 13's usual)
    realityCheckMinutes: 60,
    // play money of the practice account: US$10,000.00
    practiceBalance: 1_000_000,
    // contract trading in dollars: the leverages of a crypto venue, US$1.00 to US$10,000 a position
    contractSettings: {
      leverageOptions: [5, 10, 20, 50, 100],
      feePpm: 500,
      // 100× at 0.05 % a side: opening and closing fees take exactly 10 % of the margin
      maxFeeShareBp: 1000,
      stopOutBp: 1000,
      minMargin: 100,
      maxMargin: 1_000_000,
      maxOpenPositions: 20,
      maxNotionalPerMember: 50_000_000,
      maxNotionalPerPair: 1_000_000_000,
      slippageBp: 50,
      closeOnlyPairs: [],
    },
    odds: { high: 1.95, low: 1.95, odd: 1.95, even: 1.95, rise: 1.95, fall: 1.95, counter: 1.95, draw: 9 },
    appLinks: [
      { platform: "android", url: "https://play.google.com/store/apps/details?id=com.demotrade.app" },
      { platform: "ios", url: "https://apps.apple.com/app/demo-trade/id6450000001" },
    ],
  },
  chatLink: "https://chat.example.com/demo",
});

/**
 * Brand Two's USDT addresses come from this account xpub (of m/44'/195'/0'): member number i pays to
 * xpub/0/i. A DEMO VALUE WITH NO FUNDS: it was made once from 32 random bytes that were thrown
 * away at once and are kept nowhere, so nobody holds a key to any of its addresses and anything
 * sent there is lost. A real site sets its own wallet's xpub (`npm run operator -- deposit-xpub`).
 */
export const DEMO2_USDT_XPUB = "xpub6DBSngsmjVF1xa14RsUfNkxG4qWCFJjbme8u7QDH9Qq2GRLa3tuFn3UnFLZg5dSdkWVTSjcAJf7D6Q7MkRT9wGnKYpz5o6c7YuNsoBxk4x8";

export const DEMO2_SITE: SeedSite = withContent("Brand Two Markets", "b2", {
  siteId: "demo2",
  config: {
    // the default language's texts (zh_TW: Traditional Chinese); English and the others are in
    // `translations` below. The name is the brand's in every language.
    title: "Brand Two Markets",
    description: "二元期權與加密貨幣價格回合。",
    keywords: "二元期權, 加密貨幣",
    copyRight: "© Brand Two Markets 版權所有",
    logo: "/brand/demo2/logo.svg",
    logo2: "/brand/demo2/logo2.svg",
    favicon: "/brand/demo2/favicon.svg",
    // amber on a warm dark page by default; the round B2 mark beside the name
    theme: {
      light: { accent: "#b45309", background: "#fbf7f0", surface: "#fffdf8" },
      dark: { accent: "#f59e0b", background: "#17110b", surface: "#221a11" },
      defaultScheme: "dark",
      upDown: "locale",
      logo: "mark-name",
    },
    defaultLanguage: "zh_TW",
    langOptions: ["zh_TW", "zh_CN", "en_US", "ja_JP"],
    localsOptions: ["+886", "+86"],
    currency: "TWD",
    campaignRules: CAMPAIGNS.b2.rules,
    gameName: "極速一分鐘",
    games: [{ code: "binary", name: "極速一分鐘" }],
    betAmounts: [1000, 5000, 10000, 50000],
    minBetAmount: 1000,
    maxBetAmount: 5_000_000,
    depositOptions: [
      {
        id: "usdt-trc20",
        kind: "crypto",
        name: "USDT（TRC20）",
        // one address per member, derived from the operator's xpub (DEMO2_USDT_XPUB above), kept
        // for every later deposit; NT$32.00 per USDT, said in the instructions
        crypto: { asset: "USDT", network: "TRON (TRC20)", decimals: 6, unitPrice: 3200, assign: "member", address: "" },
        instructions: "以 1 USDT = NT$32.00 計價。確認金額後，頁面會顯示您專屬的 TRON（TRC20）地址、QR 碼與應轉入的 USDT 精確數量；請只透過 TRON 網路轉入 USDT，並轉入完全相同的數量。到帳並經核對後入帳。",
      },
    ],
    terms: [
      "Brand Two Markets 為示範網站，未持有博弈執照，亦不收取真實款項。",
      "1. 帳戶餘額僅為示範用途，不可兌換為現金。",
      "2. 閒置 30 分鐘後將自動登出。",
      "3. 未滿 18 歲者不得使用本站。",
    ].join("\n"),
    // "Licence and operator" (footer, /terms#licence): who runs the site and that it holds no licence
    licence: [
      "Brand Two Markets 由 Brand Two Markets Ltd.（台灣台北）營運，為本平台的示範網站。",
      "Brand Two Markets 未持有任何主管機關核發的博弈或金融執照，不收取真實款項，帳戶餘額在本站以外沒有價值。",
    ].join("\n"),
    translations: {
      en_US: {
        description: "Binary options and crypto price rounds.",
        keywords: "binary options, crypto",
        copyRight: "© Brand Two Markets. All rights reserved.",
        gameName: "Turbo minute",
        games: { binary: "Turbo minute" },
        depositOptions: {
          "usdt-trc20": {
            name: "USDT (TRC20)",
            instructions:
              "Priced at 1 USDT = NT$32.00. After you confirm the amount, the page shows your own TRON (TRC20) address, its QR code and the exact amount of USDT to send; send only USDT, only on the TRON network, and exactly that amount. It is credited once it has arrived and been checked.",
          },
        },
        terms: [
          "Brand Two Markets is a demonstration site. It holds no gaming licence and takes no real money.",
          "1. Balances are for demonstration only and cannot be exchanged for cash.",
          "2. You are signed out after 30 idle minutes.",
          "3. Nobody under 18 may use this site.",
        ].join("\n"),
        licence: [
          "Brand Two Markets is operated by Brand Two Markets Ltd., Taipei, Taiwan, as a demonstration of this platform.",
          "Brand Two Markets holds no gaming or financial licence from any authority. It takes no real money, and its balances have no value outside this site.",
        ].join("\n"),
      },
      zh_CN: {
        description: "二元期权与加密货币价格回合。",
        keywords: "二元期权, 加密货币",
        copyRight: "© Brand Two Markets 版权所有",
        gameName: "极速一分钟",
        games: { binary: "极速一分钟" },
        depositOptions: {
          "usdt-trc20": {
            name: "USDT（TRC20）",
            instructions: "按 1 USDT = NT$32.00 计价。确认金额后，页面会显示您专属的 TRON（TRC20）地址、二维码与应转入的 USDT 精确数量；请只通过 TRON 网络转入 USDT，并转入完全相同的数量。到账并经核对后入账。",
          },
        },
        terms: [
          "Brand Two Markets 为演示网站，未持有博彩牌照，也不收取真实款项。",
          "1. 账户余额仅作演示之用，不可兑换为现金。",
          "2. 闲置 30 分钟后将自动退出登录。",
          "3. 未满 18 岁者不得使用本站。",
        ].join("\n"),
        licence: [
          "Brand Two Markets 由 Brand Two Markets Ltd.（台湾台北）运营，为本平台的演示网站。",
          "Brand Two Markets 未持有任何主管机关颁发的博彩或金融牌照，不收取真实款项，账户余额在本站以外没有价值。",
        ].join("\n"),
      },
      ja_JP: {
        description: "バイナリーオプションと暗号資産の価格ラウンド。",
        keywords: "バイナリーオプション, 暗号資産",
        copyRight: "© Brand Two Markets 無断転載を禁じます",
        gameName: "ターボ1分",
        games: { binary: "ターボ1分" },
        depositOptions: {
          "usdt-trc20": {
            name: "USDT（TRC20）",
            instructions:
              "1 USDT = NT$32.00 で換算します。金額を確定すると、あなた専用の TRON（TRC20）アドレス、その QR コード、送金する USDT の正確な数量が表示されます。USDT のみを TRON ネットワークでのみ、表示どおりの数量で送金してください。着金と確認の後に入金されます。",
          },
        },
        terms: [
          "Brand Two Markets はデモンストレーション用のサイトです。賭博の免許を持たず、実際のお金は受け付けません。",
          "1. 残高はデモ用で、現金に交換できません。",
          "2. 30 分間操作がないとログアウトします。",
          "3. 18 歳未満の方はご利用いただけません。",
        ].join("\n"),
        licence: [
          "Brand Two Markets は、このプラットフォームのデモンストレーションとして Brand Two Markets Ltd.（台湾・台北）が運営しています。",
          "Brand Two Markets は、いかなる当局の賭博または金融の免許も持っていません。実際のお金は受け付けず、残高はこのサイトの外では価値がありません。",
        ].join("\n"),
      },
    },
    socialOptions: [{ name: "LINE", url: "https://line.me/R/ti/p/brandtwo" }],
    bankAutoReview: false,
    transactionPasswordRequired: true,
    // A regulated market: the site ends a member's session after 30 idle minutes, and a member who
    // has not chosen sees the reality check every 30 minutes of play.
    sessionIdleMinutes: 30,
    realityCheckMinutes: 30,
    redirects: [{ from: "/help", to: "https://help.example.com/brand-two", permanent: false }],
    // A second brand with one pair and its own (lower) odds.
    pairs: ["BTC-USDT"],
    // play money of the practice account: NT$100,000.00
    practiceBalance: 10_000_000,
    // A regulated market's contract trading: lower leverage, a higher fee and an earlier stop-out
    // (20 % of the margin left), NT$30 to NT$300,000 a position.
    contractSettings: {
      leverageOptions: [2, 5, 10, 20],
      feePpm: 800,
      // 20× at 0.08 % a side: the two fees take 3.2 % of the margin
      maxFeeShareBp: 1000,
      stopOutBp: 2000,
      minMargin: 3_000,
      maxMargin: 30_000_000,
      maxOpenPositions: 10,
      maxNotionalPerMember: 600_000_000,
      maxNotionalPerPair: 10_000_000_000,
      slippageBp: 30,
      closeOnlyPairs: [],
    },
    odds: { high: 1.9, low: 1.9, odd: 1.9, even: 1.9, rise: 1.9, fall: 1.9, counter: 1.9, draw: 8 },
  },
  chatLink: "https://chat.example.com/brand-two",
  depositXpubs: { "usdt-trc20": DEMO2_USDT_XPUB },
});

export const SEED_SITES: readonly SeedSite[] = [DEMO_SITE, DEMO2_SITE];
