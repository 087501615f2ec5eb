import type { SiteLanguage } from "../shape";

/** Brand Two Markets in English (US). */
export const EN_US: SiteLanguage = {
  description: "Crypto price rounds, one every minute.",
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
  campaigns: {
    firstDeposit: {
      title: "First deposit bonus: 10% up to NT$1,000",
      summary: "Join, then make your first deposit: 10% of it comes as bonus funds, up to NT$1,000.",
      content: [
        "1. Join this campaign on this page before your first deposit. Only your first credited deposit ever counts.",
        "2. When that deposit is credited, 10% of it is added to your bonus balance, up to NT$1,000.",
        "3. The bonus is locked until your bets reach 5 times its amount. Only the stake you could lose counts: for each round, your bets count as their total stake minus the least they would pay back whatever the round's result, so bets that cover each other (Rise with Counter indicator after a rising round) count only what they put at risk. This page shows how much is left.",
        "4. Once the 5× is reached, the bonus moves to your main account. Locked bonus cannot be withdrawn or moved to the game wallet.",
      ].join("\n"),
    },
    rebate: {
      title: "100-round rebate: 5% up to NT$2,000",
      summary:
        "Join, and every 100 rounds you play, 5% of their net loss comes back to your main account, up to NT$2,000.",
      content: [
        "Runs from 1 January 2026 to 31 December 2035 (UTC). Join on this page to take part; rounds before you join do not count.",
        "1. Rounds that win or lose count, in the order they end; refunded rounds do not count.",
        "2. After every 100 counted rounds, their net loss (stakes minus what they paid back) is worked out; 5% of it is credited to your main account, up to NT$2,000 per 100 rounds. 100 rounds with no net loss pay nothing.",
        "3. The rebate is credited automatically a few seconds after the 100th round is settled, with no wagering requirement. This page shows the rounds counted so far.",
      ].join("\n"),
    },
  },
};
