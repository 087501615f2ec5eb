import type { SiteLanguage } from "../shape";

/** Demo Trade in English (US), its default language. */
export const EN_US: SiteLanguage = {
  title: "Demo Trade",
  description: "One-minute price rounds on crypto pairs. A demonstration site.",
  keywords: "binary options, crypto, demo",
  copyRight: "© Demo Trade. All rights reserved.",
  gameName: "1-minute rounds",
  games: { binary: "1-minute rounds" },
  depositOptions: {
    "demo-instant": {
      name: "Instant demo credit",
      instructions: "Demo money is credited at once. It has no value outside this site.",
    },
    "bank-transfer": {
      name: "Bank transfer",
      bank: "Demo Commercial Bank",
      branch: "Taipei Main Branch (bank code 012, branch 0015)",
      // the account itself is in bankAccount: the site shows it with the deposit's reference
      instructions: [
        "After you confirm the amount, the page shows the account to pay and a reference for this deposit.",
        "Transfer exactly that amount and write the reference in the transfer note, so we can match your transfer; keep the receipt. The deposit is credited once the transfer has arrived and been checked, normally within 30 minutes on banking days (09:00–17:00 UTC+8).",
      ].join("\n"),
    },
  },
  terms: [
    "Demo Trade is a demonstration site. It holds no gaming licence and takes no real money.",
    "- Balances are play money: they cannot be bought, sold or paid out.",
    "- The bank details on the deposit page are examples; do not send money to them.",
    "- The operator may reset any demo account at any time.",
  ].join("\n"),
  licence: [
    "Demo Trade is operated by Demo Trade Ltd., Taipei, Taiwan, as a demonstration of this platform.",
    "Demo Trade holds no gaming or financial licence from any authority. It takes no real money, and its balances have no value outside this site.",
  ].join("\n"),
  campaigns: {
    firstDeposit: {
      title: "First deposit bonus: 10% up to US$100.00",
      summary: "Join, then make your first deposit: 10% of it comes as bonus funds, up to US$100.00.",
      content: [
        "1. Join this campaign on this page before your first deposit. Only your first credited deposit ever counts.",
        "2. When that deposit is credited, 10% of it is added to your bonus balance, up to US$100.00.",
        "3. The bonus is locked until your bets reach 5 times its amount. Only the stake you could lose counts: for each round, your bets count as their total stake minus the least they would pay back whatever the round's result, so bets that cover each other (Rise with Counter indicator after a rising round) count only what they put at risk. This page shows how much is left.",
        "4. Once the 5× is reached, the bonus moves to your main account. Locked bonus cannot be withdrawn or moved to the game wallet.",
      ].join("\n"),
    },
    rebate: {
      title: "Daily loss rebate: 5% up to US$200.00",
      summary: "Every day you end with a net loss, 5% of it comes back to your main account, up to US$200.00.",
      content: [
        "Runs from 1 January 2026 to 31 December 2035 (UTC). Every member takes part; there is nothing to join.",
        "1. Each UTC day, your net loss is the stakes of your rounds that won or lost minus what they paid back. Refunded rounds count for neither. A round counts on the day it ends.",
        "2. If the day ends with a net loss, 5% of it is credited to your main account, up to US$200.00 a day. A day with no net loss pays nothing.",
        "3. The rebate is credited automatically a few seconds after 00:00 UTC, once per day, with no wagering requirement.",
      ].join("\n"),
    },
  },
};
