/**
 * The mobile rule of every area code a site may offer (server/rules/mobile.ts): what a member may
 * type, what is refused, and the forms it is stored and sent in. Each table's numbers were written
 * from the country's numbering plan, not computed by the rule.
 */
import { describe, expect, it } from "vitest";
import {
  e164Number,
  isMobileNumber,
  MOBILE_AREA_CODES,
  MOBILE_RULES,
  mobileCandidates,
  nationalMobile,
} from "#rules/mobile";
import { mobileField } from "../../app/utils/auth-schemas.server";
import { resources as catalogs } from "../../server/site/i18n";
import { siteConfigPatch, signupBody, updateInfoBody } from "../../server/contract";

type Row = { code: string; valid: [typed: string, stored: string, e164: string][]; invalid: string[] };

const TABLE: Row[] = [
  {
    // the product's own rule: 09 and eight more digits, nothing else (the spec's cases)
    code: "+886",
    valid: [
      ["0912345678", "0912345678", "+886912345678"],
      ["0987654321", "0987654321", "+886987654321"],
      ["0912-345-678", "0912345678", "+886912345678"],
      ["0912 345 678", "0912345678", "+886912345678"],
    ],
    invalid: ["0812345678", "091234567", "09123456789", "912345678", "0212345678", "09l2345678", ""],
  },
  {
    code: "+81",
    valid: [
      ["090-1234-5678", "09012345678", "+819012345678"],
      ["08012345678", "08012345678", "+818012345678"],
      ["070 1234 5678", "07012345678", "+817012345678"],
      // the trunk 0 may be left out, as on an international form
      ["9012345678", "09012345678", "+819012345678"],
      // a full-width number from a Japanese keyboard
      ["０９０－１２３４－５６７８", "09012345678", "+819012345678"],
    ],
    invalid: ["0312345678", "0612345678", "090-1234-567", "090123456789", "0912345678", "05012345678"],
  },
  {
    code: "+86",
    valid: [
      ["138 0013 8000", "13800138000", "+8613800138000"],
      ["13800138000", "13800138000", "+8613800138000"],
      ["186-1234-5678", "18612345678", "+8618612345678"],
      ["199 1234 5678", "19912345678", "+8619912345678"],
    ],
    invalid: ["12812345678", "1380013800", "138001380001", "013800138000", "0912345678", "02012345678"],
  },
  {
    code: "+852",
    valid: [
      ["5123 4567", "51234567", "+85251234567"],
      ["61234567", "61234567", "+85261234567"],
      ["9123-4567", "91234567", "+85291234567"],
    ],
    invalid: ["21234567", "31234567", "5123456", "512345678", "051234567"],
  },
  {
    code: "+853",
    valid: [
      ["6612 3456", "66123456", "+85366123456"],
      ["62123456", "62123456", "+85362123456"],
      ["6888-8888", "68888888", "+85368888888"],
    ],
    invalid: ["28123456", "8123456", "661234567", "06612345"],
  },
  {
    code: "+65",
    valid: [
      ["8123 4567", "81234567", "+6581234567"],
      ["91234567", "91234567", "+6591234567"],
      ["9876-5432", "98765432", "+6598765432"],
    ],
    invalid: ["61234567", "31234567", "8123456", "812345678"],
  },
  {
    code: "+60",
    valid: [
      ["012-345 6789", "0123456789", "+60123456789"],
      ["011-2345 6789", "01123456789", "+601123456789"],
      ["0198765432", "0198765432", "+60198765432"],
      ["12-345 6789", "0123456789", "+60123456789"],
    ],
    invalid: ["0312345678", "012345678", "01234567890", "0152345678", "0212345678"],
  },
  {
    code: "+1",
    valid: [
      ["(415) 555-0123", "4155550123", "+14155550123"],
      ["416.555.0199", "4165550199", "+14165550199"],
      ["1 212 555 0100", "2125550100", "+12125550100"],
      ["2125550100", "2125550100", "+12125550100"],
    ],
    invalid: ["0155550123", "4150550123", "415555012", "41555501234", "1155550123"],
  },
];

describe("mobile numbers per area code", () => {
  it("covers every area code with a rule, and only those", () => {
    expect(TABLE.map((r) => r.code).sort()).toEqual([...MOBILE_AREA_CODES].sort());
    for (const row of TABLE) {
      expect(row.valid.length).toBeGreaterThanOrEqual(3);
      expect(row.invalid.length).toBeGreaterThanOrEqual(3);
    }
  });

  for (const row of TABLE) {
    it(`${row.code}: accepts and stores its mobile numbers`, () => {
      for (const [typed, stored, e164] of row.valid) {
        expect(nationalMobile(row.code, typed), typed).toBe(stored);
        expect(e164Number(row.code, stored), typed).toBe(e164);
        // the stored form is accepted again as it is, and stores the same
        expect(nationalMobile(row.code, stored), stored).toBe(stored);
      }
    });
    it(`${row.code}: refuses what is not one`, () => {
      for (const typed of row.invalid) expect(isMobileNumber(row.code, typed), typed).toBe(false);
    });
  }

  it("refuses a number under an area code without a rule", () => {
    expect(nationalMobile("+44", "07700900123")).toBeNull();
    expect(nationalMobile("", "0912345678")).toBeNull();
  });

  it("sends a number stored before its area code had a rule as it always was", () => {
    // an old +81 member whose number was stored under the +886 rule
    expect(e164Number("+81", "0912345678")).toBe("+81912345678");
    expect(e164Number("+44", "07700900123")).toBe("+447700900123");
  });
});

describe("the site's mobile field", () => {
  const en = catalogs["en-US"].common;
  const message = (code: string, typed: string) => {
    const parsed = mobileField(code).safeParse(typed);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it("keeps the spec's +886 messages", () => {
    expect(message("+886", "")).toBe("validation.mobile_required");
    expect(message("+886", "0812345678")).toBe("validation.mobile_invalid");
    expect(en.validation.mobile_invalid).toBe("The mobile number must start with 09 and have 10 digits.");
  });

  it("says which format each area code expects, in every language", () => {
    expect(message("+81", "0312345678")).toBe("validation.mobile_invalid_jp");
    expect(message("+86", "0912345678")).toBe("validation.mobile_invalid_cn");
    expect(en.validation.mobile_invalid_jp).toBe(
      "Enter a Japanese mobile number: 11 digits starting with 070, 080 or 090.",
    );
    for (const rule of MOBILE_RULES) {
      const key = `mobile_hint_${rule.region}` as const;
      for (const lng of ["en-US", "zh-TW", "zh-CN", "ja-JP"] as const) {
        expect(catalogs[lng].common.fields[key], `${lng} ${key}`).toBeTruthy();
      }
    }
    expect(catalogs["ja-JP"].common.validation.mobile_invalid_jp).toContain("携帯電話番号");
    expect(catalogs["zh-TW"].common.validation.mobile_invalid_jp).toContain("手機號碼");
    expect(catalogs["zh-CN"].common.validation.mobile_invalid_cn).toContain("手机号码");
  });

  it("passes the number on in its stored form", () => {
    expect(mobileField("+81").parse("090-1234-5678")).toBe("09012345678");
    expect(mobileField("+86").parse("138 0013 8000")).toBe("13800138000");
  });
});

describe("the contract", () => {
  const body = { siteId: "demo", account: "member1", password: "secret-pass" };
  it("checks a mobile against the area code it comes with", () => {
    expect(signupBody.safeParse({ ...body, areaCode: "+81", mobile: "090-1234-5678" }).success).toBe(true);
    expect(signupBody.safeParse({ ...body, areaCode: "+81", mobile: "0912345678" }).success).toBe(false);
    expect(signupBody.safeParse({ ...body, areaCode: "+886", mobile: "0812345678" }).success).toBe(false);
    expect(updateInfoBody.safeParse({ areaCode: "+86", mobile: "138 0013 8000" }).success).toBe(true);
    expect(updateInfoBody.safeParse({ areaCode: "+86", mobile: "0912345678" }).success).toBe(false);
  });

  it("lets a site offer only area codes with a rule", () => {
    expect(siteConfigPatch.safeParse({ localsOptions: ["+886", "+852", "+1"] }).success).toBe(true);
    expect(siteConfigPatch.safeParse({ localsOptions: ["+886", "+44"] }).success).toBe(false);
  });
});

describe("support's lookup by mobile number", () => {
  it("reads a number with its area code as that area code's stored form, and a national one for each area code that takes it", () => {
    expect(mobileCandidates("+886 912-345-678", MOBILE_AREA_CODES)).toEqual([
      { areaCode: "+886", mobile: "0912345678" },
    ]);
    expect(mobileCandidates("+1 (415) 555-0123", MOBILE_AREA_CODES)).toEqual([
      { areaCode: "+1", mobile: "4155550123" },
    ]);
    expect(mobileCandidates("0912 345 678", MOBILE_AREA_CODES)).toEqual([{ areaCode: "+886", mobile: "0912345678" }]);
    // 6123 4567 is a mobile of Hong Kong and of Macao: both are asked, and the platform refuses two matches
    expect(mobileCandidates("6123 4567", MOBILE_AREA_CODES)).toEqual([
      { areaCode: "+852", mobile: "61234567" },
      { areaCode: "+853", mobile: "61234567" },
    ]);
  });

  it("finds nothing for what is no mobile number of the area codes asked", () => {
    expect(mobileCandidates("+886 1234", MOBILE_AREA_CODES)).toEqual([]);
    expect(mobileCandidates("+999 912345678", MOBILE_AREA_CODES)).toEqual([]);
    expect(mobileCandidates("0912345678", ["+81"])).toEqual([]);
    expect(mobileCandidates("call me", MOBILE_AREA_CODES)).toEqual([]);
  });
});
