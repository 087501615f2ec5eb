/**
 * Mobile numbers per area code (docs/decisions/028-mobile-numbers-per-area-code.md): what a member
 * types in national format for each area code a site may offer, and the one form it is stored in.
 *
 * Each rule follows the country's national numbering plan as published by its regulator and
 * registered with the ITU (ITU-T E.164 national numbering plans): NCC (Taiwan), MIC (Japan), MIIT
 * (mainland China), OFCA (Hong Kong), CTT/DSRT (Macao), IMDA (Singapore), MCMC (Malaysia) and the
 * NANP administrator (+1, the United States and Canada). +886 keeps the product's own rule, 09
 * and eight more digits, with the trunk 0 required.
 *
 * The stored form: the area code, and the national number as digits only, written the way the
 * country dials it at home (with the trunk 0 where the country's mobiles have one: Taiwan, Japan,
 * Malaysia; without it elsewhere). The international (E.164) form is `e164Number`: the area code,
 * then the national number without that trunk 0. Both forms are one-to-one with the number.
 */

/** A rule's id: the country or numbering plan it follows. Message and hint keys are named by it. */
export const MOBILE_REGIONS = ["tw", "jp", "cn", "hk", "mo", "sg", "my", "nanp"] as const;
export type MobileRegion = (typeof MOBILE_REGIONS)[number];

export type MobileRule = {
  region: MobileRegion;
  areaCode: string;
  /**
   * The national (trunk) prefix a member may type before the number: "0" in Taiwan, Japan and
   * Malaysia, "1" in the NANP, none elsewhere.
   */
  trunk: string;
  /** Whether the trunk prefix must be typed (+886: the spec's "starts with 09"). */
  trunkRequired: boolean;
  /** Whether the stored national form keeps the trunk prefix (as the country writes its mobiles). */
  trunkStored: boolean;
  /** The national significant number of a mobile: the digits after the trunk prefix. */
  significant: RegExp;
};

export const MOBILE_RULES: readonly MobileRule[] = [
  // Taiwan (NCC): 09 + 8 digits, e.g. 0912 345 678; the product's rule, trunk 0 required
  { region: "tw", areaCode: "+886", trunk: "0", trunkRequired: true, trunkStored: true, significant: /^9\d{8}$/ },
  // Japan (MIC): 070, 080 and 090 + 8 digits, e.g. 090-1234-5678; the 0 may be left out
  { region: "jp", areaCode: "+81", trunk: "0", trunkRequired: false, trunkStored: true, significant: /^[789]0\d{8}$/ },
  // Mainland China (MIIT): 11 digits starting 13 to 19, e.g. 138 0013 8000; no trunk prefix
  { region: "cn", areaCode: "+86", trunk: "", trunkRequired: false, trunkStored: false, significant: /^1[3-9]\d{9}$/ },
  // Hong Kong (OFCA): 8 digits, mobiles start 4, 5, 6, 7 or 9, e.g. 5123 4567; no trunk prefix
  { region: "hk", areaCode: "+852", trunk: "", trunkRequired: false, trunkStored: false, significant: /^[4-79]\d{7}$/ },
  // Macao (CTT): 8 digits starting 6, e.g. 6612 3456; no trunk prefix
  { region: "mo", areaCode: "+853", trunk: "", trunkRequired: false, trunkStored: false, significant: /^6\d{7}$/ },
  // Singapore (IMDA): 8 digits starting 8 or 9, e.g. 8123 4567; no trunk prefix
  { region: "sg", areaCode: "+65", trunk: "", trunkRequired: false, trunkStored: false, significant: /^[89]\d{7}$/ },
  // Malaysia (MCMC): 010, 012-014, 016-019 + 7 digits, 011 + 8 digits, e.g. 012-345 6789
  {
    region: "my",
    areaCode: "+60",
    trunk: "0",
    trunkRequired: false,
    trunkStored: true,
    significant: /^1(?:1\d{8}|[02-46-9]\d{7})$/,
  },
  // United States and Canada (NANP): area code and number, 10 digits, e.g. (415) 555-0123; a
  // leading 1 may be typed, it is not kept
  {
    region: "nanp",
    areaCode: "+1",
    trunk: "1",
    trunkRequired: false,
    trunkStored: false,
    significant: /^[2-9]\d{2}[2-9]\d{6}$/,
  },
];

/** The area codes that have a rule: the only ones a site may offer. */
export const MOBILE_AREA_CODES: readonly string[] = MOBILE_RULES.map((r) => r.areaCode);

export function mobileRule(areaCode: string): MobileRule | undefined {
  return MOBILE_RULES.find((r) => r.areaCode === areaCode.trim());
}

/**
 * What may stand between digits as a member types them: spaces, dashes, dots and brackets
 * ("090-1234-5678", "138 0013 8000", "(415) 555-0123"), and the katakana long-vowel mark a
 * Japanese keyboard often gives for a dash. Full-width digits, spaces and dashes from a Chinese or
 * Japanese keyboard are read as their ASCII forms first (NFKC).
 */
const SEPARATORS = /[ .()\-‐‑–—ー]/g;

/** What a typed number may hold at all (the contract's check of its shape, before its area code's rule). */
export const MOBILE_TYPED = /^[0-9０-９ \u3000.．()（）\-－‐‑–—ー]{1,32}$/;

/** The digits a member typed, or null when anything else is in it. */
function digitsOf(typed: string): string | null {
  if (!MOBILE_TYPED.test(typed.trim())) return null;
  const digits = typed.normalize("NFKC").replace(SEPARATORS, "");
  return /^\d{1,20}$/.test(digits) ? digits : null;
}

/**
 * The stored national form of a number typed for an area code, or null when it is no mobile
 * number of that area code (or the area code has no rule).
 */
export function nationalMobile(areaCode: string, typed: string): string | null {
  const rule = mobileRule(areaCode);
  const digits = digitsOf(typed);
  if (!rule || digits === null) return null;
  let significant = digits;
  if (rule.trunk !== "" && digits.startsWith(rule.trunk) && !rule.significant.test(digits)) {
    significant = digits.slice(rule.trunk.length);
  } else if (rule.trunkRequired) {
    return null;
  }
  if (!rule.significant.test(significant)) return null;
  return rule.trunkStored ? `${rule.trunk}${significant}` : significant;
}

/** Whether a typed number is a mobile number of the area code. */
export function isMobileNumber(areaCode: string, typed: string): boolean {
  return nationalMobile(areaCode, typed) !== null;
}

/**
 * The international (E.164) form of a stored number: "+886912345678". A number stored before its
 * area code had a rule is only stripped of a leading 0, as it always was.
 */
export function e164Number(areaCode: string, national: string): string {
  const rule = mobileRule(areaCode);
  const significant =
    rule?.trunkStored && national.startsWith(rule.trunk) ? national.slice(rule.trunk.length) : national;
  return `${areaCode}${rule ? significant : national.replace(/^0/, "")}`;
}

/**
 * The stored (area code, national number) pairs a number typed by support may be: with a leading
 * "+", the one area code it starts with; without, every area code of `areaCodes` whose rule
 * takes it (a national number can be a mobile of more than one country: 6123 4567 in Hong Kong
 * and Macao). Empty when it is no mobile number of any of them.
 */
export function mobileCandidates(typed: string, areaCodes: readonly string[]): { areaCode: string; mobile: string }[] {
  const trimmed = typed.trim();
  if (trimmed.startsWith("+")) {
    const digits = digitsOf(trimmed.slice(1));
    if (digits === null) return [];
    return MOBILE_RULES.filter((r) => areaCodes.includes(r.areaCode) && digits.startsWith(r.areaCode.slice(1)))
      .map((r) => {
        const significant = digits.slice(r.areaCode.length - 1);
        if (!r.significant.test(significant)) return null;
        return { areaCode: r.areaCode, mobile: r.trunkStored ? `${r.trunk}${significant}` : significant };
      })
      .filter((c): c is { areaCode: string; mobile: string } => c !== null);
  }
  return areaCodes.flatMap((areaCode) => {
    const national = nationalMobile(areaCode, trimmed);
    return national === null ? [] : [{ areaCode, mobile: national }];
  });
}
