import type { LocaleId } from "#rules/locales";
import type { SeedTexts } from "../shape";
import { EN_US } from "./en-US";
import { JA_JP } from "./ja-JP";
import { ZH_CN } from "./zh-CN";
import { ZH_TW } from "./zh-TW";

/** What both demo sites publish, one file per language: a new language is a new file and a line here. */
export const SEED_TEXTS: Record<LocaleId, SeedTexts> = { en_US: EN_US, zh_TW: ZH_TW, zh_CN: ZH_CN, ja_JP: JA_JP };
