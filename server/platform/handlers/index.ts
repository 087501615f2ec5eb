import { operatorAudit } from "./audit";
import { accessTokenVerify, signin, signout, signup } from "./authorize";
import * as center from "./center";
import * as dataOps from "./data-ops";
import * as practice from "./practice";
import * as game from "./game";
import * as money from "./money";
import * as operator from "./operator";
import * as operatorMoney from "./operator-money";
import * as operators from "./operators";
import { listenKey, playerInfo, updatePlayerInfo, wallets } from "./player";
import { campaign, chatbox, gameReturns, instruction, press, siteIcon, siteInfo } from "./site";
import type { Handlers } from "./types";
import * as campaigns from "./campaigns";
import * as positions from "./positions";
import * as protection from "./protection";
import * as siteLinks from "./site-links";
import { operatorFindMember, operatorMember } from "./support";
import { operatorSiteDay } from "./oversight";

/** One handler per call of the contract; the type makes a missing one a compile error. */
export const handlers: Handlers = {
  accessTokenVerify,
  signup,
  signin,
  signout,
  playerInfo,
  updatePlayerInfo,
  listenKey,
  wallets,
  siteInfo,
  siteIcon,
  press,
  campaign,
  instruction,
  chatbox,
  gameReturns,
  ...operator,
  ...operatorMoney,
  ...operators,
  operatorAudit,
  operatorMember,
  operatorFindMember,
  operatorSiteDay,
  ...dataOps,
  deposit: money.deposit,
  deposits: money.deposits,
  transfer: money.transfer,
  transfers: money.transfers,
  transactions: money.transactions,
  withdraw: money.withdraw,
  withdrawals: money.withdrawals,
  records: money.records,
  accountRecords: money.accountRecords,
  bank: money.bank,
  bankApply: money.bankApply,
  upload: money.upload,
  uploads: money.uploads,
  uploadFile: money.uploadFile,
  ...center,
  pairs: game.pairs,
  market: game.market,
  quotes: game.quotes,
  candles: game.candles,
  placeOrder: game.placeOrder,
  orders: game.orders,
  ticketQuery: game.ticketQuery,
  operatorPairs: game.operatorPairs,
  operatorPutPair: game.operatorPutPair,
  operatorPutPairSource: game.operatorPutPairSource,
  operatorPairAudit: game.operatorPairAudit,
  memberCampaigns: campaigns.memberCampaigns,
  joinCampaign: campaigns.joinCampaign,
  operatorEndCampaign: campaigns.operatorEndCampaign,
  ...positions,
  ...protection,
  ...siteLinks,
  fairnessDays: game.fairnessDays,
  periodProof: game.periodProof,
  practice: practice.practice,
  resetPractice: practice.resetPractice,
};
