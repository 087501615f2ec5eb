import type { z } from "zod";
import type { updateInfoBody } from "../../contract";
import type { InfoChanges } from "../member/member-object";
import { badRequest, ok } from "../result";
import { siteStub } from "../stubs";
import type { Handler } from "./types";
import { nationalMobile } from "#rules/mobile";

export const playerInfo: Handler<"playerInfo"> = async ({ member }) => member.stub.info(member.proof);

export const listenKey: Handler<"listenKey"> = async ({ member }) => member.stub.listenKey(member.proof);

export const wallets: Handler<"wallets"> = async ({ env, member }) => {
  const config = await siteStub(env, member.siteId).getConfig();
  if (!config) return badRequest("invalid_site");
  return member.stub.wallets(member.proof, config.games);
};

/** Only the fields whose value differs from the current one. */
function changedFields(current: InfoChanges, wanted: z.output<typeof updateInfoBody>): InfoChanges {
  const changes: InfoChanges = {};
  for (const key of ["realName", "areaCode", "mobile", "email"] as const) {
    const value = wanted[key];
    if (value !== undefined && value !== current[key]) changes[key] = value;
  }
  return changes;
}

/**
 * A new mobile number is claimed in the site's directory first (where uniqueness lives), then
 * written to the member; if the member write fails, the claim is given back.
 */
export const updatePlayerInfo: Handler<"updatePlayerInfo"> = async ({ env, body, member, clientAddress }) => {
  const current = await member.stub.info(member.proof);
  if (!current.ok) return current;
  if (body.areaCode === undefined && body.mobile === undefined) {
    const changes = changedFields(current.data, body);
    if (Object.keys(changes).length === 0) return badRequest("no_user_data_update");
    return member.stub.updateInfo(member.proof, changes);
  }
  const site = siteStub(env, member.siteId);
  const config = await site.getConfig();
  if (!config) return badRequest("invalid_site");
  // a code the member already has stays theirs even once the site no longer offers it
  if (body.areaCode !== undefined && body.areaCode !== current.data.areaCode) {
    if (!config.localsOptions.includes(body.areaCode)) return badRequest("invalid_area_code");
  }
  // the number follows the rule of the area code it will have, given now or kept, and is compared
  // and stored in its canonical national form (server/rules/mobile.ts)
  const areaCode = body.areaCode ?? current.data.areaCode;
  const typed = body.mobile ?? current.data.mobile;
  if (areaCode === "") return badRequest("update_area_code_first");
  if (typed === "") return badRequest("update_mobile_first");
  const mobile = nationalMobile(areaCode, typed);
  if (mobile === null) return badRequest("invalid_parameters");
  const changes = changedFields(current.data, { ...body, areaCode, mobile });
  if (Object.keys(changes).length === 0) return badRequest("no_user_data_update");
  if (changes.areaCode === undefined && changes.mobile === undefined) {
    return member.stub.updateInfo(member.proof, changes);
  }
  // counted per network as a check of the number (CLIENT_LIMITS), as a sign-up's answer is
  const claimed = await site.changeMobile(member.memberId, areaCode, mobile, clientAddress);
  if (!claimed.ok) return claimed;
  const updated = await member.stub.updateInfo(member.proof, changes);
  if (!updated.ok) await site.changeMobile(member.memberId, current.data.areaCode, current.data.mobile);
  return updated.ok ? ok(updated.data) : updated;
};
