import type { SiteLanguage } from "../shape";

/** Brand Two Markets in Traditional Chinese (Taiwan), its default language. */
export const ZH_TW: SiteLanguage = {
  // the brand's name, the same in every language: the other languages' files leave it out
  title: "Brand Two Markets",
  description: "每分鐘一期的加密貨幣競猜。",
  keywords: "二元期權, 加密貨幣",
  copyRight: "© Brand Two Markets 版權所有",
  gameName: "極速一分鐘",
  games: { binary: "極速一分鐘" },
  depositOptions: {
    "usdt-trc20": {
      name: "USDT（TRC20）",
      instructions:
        "以 1 USDT = NT$32.00 計價。確認金額後，頁面會顯示您專屬的 TRON（TRC20）地址、QR 碼與應存入的 USDT 精確數量；請只透過 TRON 網路存入 USDT，並存入完全相同的數量。到帳並經核對後入帳。",
    },
  },
  terms: [
    "Brand Two Markets 為示範網站，未持有博弈執照，亦不收取真實款項。",
    "1. 帳戶餘額僅為示範用途，不可兌換為現金。",
    "2. 閒置30分鐘後將自動登出。",
    "3. 未滿18歲者不得使用本站。",
  ].join("\n"),
  licence: [
    "Brand Two Markets 由 Brand Two Markets Ltd.（台灣台北）營運，為本平台的示範網站。",
    "Brand Two Markets 未持有任何主管機關核發的博弈或金融執照，不收取真實款項，帳戶餘額在本站以外沒有價值。",
  ].join("\n"),
  campaigns: {
    firstDeposit: {
      title: "首存獎金：10%，最高 NT$1,000",
      summary: "參加活動後完成首次存款，即獲存款金額10%的獎金，最高 NT$1,000。",
      content: [
        "1. 請於首次存款前在本頁參加活動。僅計算您第一筆入帳的存款。",
        "2. 該筆存款入帳時，存款金額的10%計入您的獎金餘額，最高 NT$1,000。",
        "3. 獎金在您的投注額達到獎金5倍前為鎖定狀態。只有可能輸掉的投注額才計入：每一期，您的投注以總投注額減去無論結果如何都至少能拿回的金額計算，因此互相對沖的投注（上一期上漲後同時下注漲與反指標）只計入實際承擔的風險。本頁顯示尚需的投注額。",
        "4. 達到5倍後，獎金轉入主帳戶。鎖定中的獎金不可提款，也不可轉入遊戲錢包。",
      ].join("\n"),
    },
    rebate: {
      title: "百注返水：5%，最高 NT$2,000",
      summary: "參加後每結算100筆注單，返水其淨虧損的5%至主帳戶，最高 NT$2,000。",
      content: [
        "活動期間：2026年1月1日至2035年12月31日（UTC）。請在本頁參加；參加前的注單不計。",
        "1. 有輸贏的注單依結算順序計入；退還本金的注單不計。",
        "2. 每累計100筆注單，計算其淨虧損（投注額 − 派彩），其5%存入主帳戶，每100筆最高 NT$2,000。沒有淨虧損則不返水。",
        "3. 第100筆注單結算後數秒內自動發放，無流水要求。本頁顯示目前已計入的注單數。",
      ].join("\n"),
    },
  },
};
