import { ALL_SITES } from "../../contract";
import { auditEvent } from "../audit";
import { carryToNewLinks } from "../linked-sites";
import { badRequest, fail, ok } from "../result";
import { siteStub } from "../stubs";
import type { Env } from "../env";
import type { Handler, OperatorContext } from "./types";

/**
 * Linked sites (decision 033; server/platform/README.md, "Linked sites"): an admin joins sites
 * into one group, so that a time-out or self-exclusion a member takes on one holds on every other
 * for the members with the same verified mobile number. Each site keeps the list of the others;
 * the calls rewrite every list of the group, so a retry after a failure part way completes it.
 * The router logs each call in the named site's audit log; the other sites of the group get an
 * entry of their own.
 */

const runs = (operator: OperatorContext, site: string) =>
  operator.sites.includes(ALL_SITES) || operator.sites.includes(site);

const links = (env: Env, site: string) => siteStub(env, site).siteLinks();

async function noteOn(env: Env, sites: readonly string[], operator: OperatorContext, details: Record<string, string>) {
  for (const site of sites)
    await siteStub(env, site).appendAudit(
      auditEvent("operator_action", "operator", {}, details, undefined, { id: operator.id, name: operator.name }),
    );
}

export const operatorSiteLinks: Handler<"operatorSiteLinks"> = async ({ env, params }) => {
  if (!(await siteStub(env, params.siteId).getConfig())) return badRequest("invalid_site");
  return ok({ siteId: params.siteId, linked: await links(env, params.siteId) });
};

export const operatorLinkSites: Handler<"operatorLinkSites"> = async ({ env, params, body, operator }) => {
  const named = [params.siteId, ...body.sites];
  // linking a site is acting on it: the admin must run every site named
  if (!named.every((site) => runs(operator, site))) return fail(403, "invalid_permission");
  for (const site of named) if (!(await siteStub(env, site).getConfig())) return badRequest("invalid_site");
  // the groups of every named site join into one
  const before = new Map<string, string[]>();
  const group = new Set<string>();
  for (const site of named) {
    group.add(site);
    for (const other of await links(env, site)) group.add(other);
  }
  for (const site of group) before.set(site, await links(env, site));
  const sites = [...group].sort();
  for (const site of sites) await siteStub(env, site).setSiteLinks(site, sites);
  // breaks the members of each site took before now hold on the sites newly linked to it
  await carryToNewLinks(env, sites, before, Date.now());
  const others = sites.filter((s) => s !== params.siteId);
  await noteOn(env, others, operator, {
    call: "operatorLinkSites",
    outcome: "ok",
    site: params.siteId,
    sites: sites.join(","),
    reason: body.reason,
  });
  return ok({ siteId: params.siteId, linked: others });
};

export const operatorUnlinkSite: Handler<"operatorUnlinkSite"> = async ({ env, params, body, operator }) => {
  if (!(await siteStub(env, params.siteId).getConfig())) return badRequest("invalid_site");
  const others = await links(env, params.siteId);
  for (const site of others) {
    const rest = (await links(env, site)).filter((s) => s !== params.siteId);
    await siteStub(env, site).setSiteLinks(site, rest);
  }
  await siteStub(env, params.siteId).setSiteLinks(params.siteId, []);
  await noteOn(env, others, operator, {
    call: "operatorUnlinkSite",
    outcome: "ok",
    site: params.siteId,
    reason: body.reason,
  });
  return ok({ siteId: params.siteId, linked: [] });
};
