import type { SeedTexts } from "../shape";

/** What both demo sites publish in English (US) (shape.ts says what each text must state). */
export const EN_US: SeedTexts = {
  welcome: {
    title: "Welcome to {brand}",
    summary: "Open an account and try the one-minute rounds.",
    content: "Every round lasts 60 seconds. Pick high or low, odd or even, rise or fall, and follow the price live.",
  },
  maintenance: {
    title: "Scheduled maintenance",
    summary: "None is planned. Any maintenance is announced here in advance.",
    content:
      "No maintenance is planned. If any is, it is announced here at least 24 hours ahead, with its times in UTC. Deposits that need checking and withdrawals are reviewed by our staff; a request stays pending until then, with its amount held.",
  },
  onePairNews: (first) => ({
    title: `${first}: a round every minute`,
    summary: `${first} is this site's market.`,
    content: `${first} opens a new round every minute, with all eight bet options. Prices come from the site's price feed, one a second.`,
  }),
  newPairNews: (first, newest) => ({
    title: `New pair: ${newest}`,
    summary: `${newest} joins ${first} for one-minute rounds.`,
    content: `${newest} now has one-minute rounds with the same eight bet options as ${first}. Prices come from the site's price feed, one a second.`,
  }),
  verifyMobile: {
    title: "Verify your mobile number",
    summary: "Make sure the number we text password-reset codes to is yours.",
    content:
      "Open Member center › SMS verification, send a code to your mobile and enter it within 10 minutes. You can request up to five codes a day. A forgotten password is reset with a code texted to this number.",
  },
  phishing: {
    title: "Beware of fake customer service",
    summary: "We never ask for your password or verification code.",
    content:
      "Staff will never ask for your password, transaction password or SMS code. Contact us only through the chat link or the messages in your member center.",
  },
  rules: {
    title: "How a round works",
    content:
      "A round lasts 60 seconds. You bet on the next round while the current one runs, and betting closes 10 seconds before that round starts, so neither its open nor its close price exists when your bet is taken; it is settled as soon as the round ends. If the operator pauses or resumes the pair after betting has closed, or the price feed stops, the round is void and every bet on it is refunded. High wins when the last digit of the close price is 5–9, low when it is 0–4; odd and even follow the same digit; rise and fall compare the close with the open price; draw wins when they are equal; counter indicator wins when the round moves against the direction of the round before it.",
  },
  betOptions: (x) => ({
    title: "Bet options and payouts",
    content: `A winning bet pays its stake times the odds shown on the betting panel, stake included: at odds of ${x.odds}, a ${x.stake} bet pays ${x.total} in all, ${x.won} more than the stake. A losing bet pays nothing. Options of one kind cannot be combined in one round: high with low, odd with even, rise with fall. When a round closes at its open price, rise, fall and counter indicator bets are refunded (the stake comes back) and draw wins.`,
  }),
  depositHelp: {
    title: "Making a deposit",
    content: "Choose a deposit option, enter the amount and follow the instructions shown.",
  },
  withdrawHelp: {
    title: "Withdrawing your balance",
    content:
      "Bind a bank account in Member center › Bank account first; once it is approved, enter the amount and your transaction password. The fee is shown before you confirm, and amount plus fee are held until the payment is made.",
  },
  passwordHelp: {
    title: "Forgot your password?",
    content:
      "On the sign-in page choose “Forgot password”, enter your account and the mobile number you registered, and use the 6-digit code we text you within 10 minutes to set a new password. Every device is then signed out.",
  },
  contractHelp: (f) => {
    const en =
      f.leverages.length > 1 ? `${f.leverages.slice(0, -1).join(", ")} or ${f.leverages.at(-1)}` : f.leverages[0]!;
    const x = f.example;
    return {
      title: "Contract trading",
      content: `Contract trading lets you hold a long position (you gain when the price rises) or a short one (you gain when it falls) on the site's pairs, at the leverage you choose: ${en}. Each position has its own margin (isolated margin), from ${f.minMargin} to ${f.maxMargin}, taken from your game wallet; its size, the notional, is margin × leverage.\n\nA fee of ${f.fee} of the notional is charged when you open, on top of the margin, and again when the position closes. Before you confirm you see the entry price, the notional, the opening and closing fees and the liquidation price. The position opens at the market's price at that moment; if that price is more than ${f.slippage} away from the one you saw, nothing is opened and you can try again.\n\nYou can set a take-profit and a stop-loss price when you open or later, and close at the market price at any time. When a price tick reaches your take-profit, your stop-loss or the liquidation price (where the position's equity, margin plus profit or loss, falls to ${f.stopOut} of the margin: the stop-out), the position closes at that tick's price.\n\nEach position closes exactly once, by whichever comes first. You receive the margin plus the profit or loss, less the closing fee, and never less than zero: you can never lose more than your margin and the opening fee.\n\nExample: a margin of ${x.margin} at ${x.leverage}× makes a position of ${x.notional}, with a fee of ${x.fee} at opening and again at closing. You can hold up to ${f.maxOpen} positions at once.`,
    };
  },
  practiceHelp: (amount) => ({
    title: "Practice account",
    content: `Every member has a practice account of ${amount} in play money. Switch to practice mode to play the same rounds and contracts at the same prices without risking real money; you can reset it to ${amount} at any time. Play money can never be deposited, transferred, withdrawn or turned into real money, it does not count toward any campaign, and your records show practice and real activity separately.`,
  }),
};
