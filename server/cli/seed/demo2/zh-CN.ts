import type { SiteLanguage } from "../shape";

/** Brand Two Markets in Simplified Chinese (mainland China). */
export const ZH_CN: SiteLanguage = {
  description: "每分钟一期的加密货币竞猜。",
  keywords: "二元期权, 加密货币",
  copyRight: "© Brand Two Markets 版权所有",
  gameName: "极速一分钟",
  games: { binary: "极速一分钟" },
  depositOptions: {
    "usdt-trc20": {
      name: "USDT（TRC20）",
      instructions:
        "按 1 USDT = NT$32.00 计价。确认金额后，页面会显示您专属的 TRON（TRC20）地址、二维码与应充值的 USDT 精确数量；请只通过 TRON 网络充值 USDT，并按完全相同的数量充值。到账并经核对后入账。",
    },
  },
  terms: [
    "Brand Two Markets 为演示网站，未持有博彩牌照，也不收取真实款项。",
    "1. 账户余额仅作演示之用，不可兑换为现金。",
    "2. 闲置30分钟后将自动退出登录。",
    "3. 未满18岁者不得使用本站。",
  ].join("\n"),
  licence: [
    "Brand Two Markets 由 Brand Two Markets Ltd.（台湾台北）运营，为本平台的演示网站。",
    "Brand Two Markets 未持有任何主管机关颁发的博彩或金融牌照，不收取真实款项，账户余额在本站以外没有价值。",
  ].join("\n"),
  campaigns: {
    firstDeposit: {
      title: "首充奖金：10%，最高 NT$1,000",
      summary: "参加活动后完成首次充值，即获充值金额10%的奖金，最高 NT$1,000。",
      content: [
        "1. 请在首次充值前在本页参加活动。仅计算您第一笔到账的充值。",
        "2. 该笔充值到账时，充值金额的10%计入您的奖金余额，最高 NT$1,000。",
        "3. 奖金需完成5倍流水（投注额达到奖金的5倍）后才会解锁。只有可能输掉的投注额才计入流水：每一期，您的投注按总投注额减去无论结果如何都至少能拿回的金额计算，因此相互对冲的投注（上一期上涨后同时下注涨和反指标）只计入实际承担的风险。本页显示尚需完成的流水。",
        "4. 完成5倍流水后，奖金转入主账户。锁定中的奖金不可提现，也不可转入游戏钱包。",
      ].join("\n"),
    },
    rebate: {
      title: "百注返水：5%，最高 NT$2,000",
      summary: "参加后每结算100笔注单，返水其净亏损的5%至主账户，最高 NT$2,000。",
      content: [
        "活动期间：2026年1月1日至2035年12月31日（UTC）。请在本页参加；参加前的注单不计。",
        "1. 有输赢的注单按结算顺序计入；退还本金的注单不计。",
        "2. 每累计100笔注单，计算其净亏损（投注额 − 派彩），其5%存入主账户，每100笔最高 NT$2,000。没有净亏损则不返水。",
        "3. 第100笔注单结算后数秒内自动发放，无流水要求。本页显示目前已计入的注单数。",
      ].join("\n"),
    },
  },
};
