import type { Envelope } from "../contract";
import type { OperatorClient } from "./operator-client";
import { SEED_SITES, type SeedSite } from "./seed-data";

function check(what: string, envelope: Envelope): void {
  if (envelope.statusCode !== 200) throw new Error(`${what}: ${envelope.statusCode} ${envelope.message}`);
}

/** Creates or updates one site and its content; publishing is an upsert, so running it again changes nothing. */
export async function seedSite(operator: OperatorClient, site: SeedSite): Promise<void> {
  const params = { siteId: site.siteId };
  check(`site ${site.siteId}`, await operator("operatorPutSite", { params, body: site.config }));
  check(`chat link ${site.siteId}`, await operator("operatorSetChatLink", { params, body: { link: site.chatLink } }));
  for (const body of site.press) {
    check(`press ${body.path} ${body.lang}`, await operator("operatorPublishPress", { params, body }));
  }
  for (const body of site.campaigns) {
    check(`campaign ${body.title}`, await operator("operatorPublishCampaign", { params, body }));
  }
  for (const body of site.instructions) {
    check(`instruction ${body.type} ${body.lang}`, await operator("operatorPublishInstruction", { params, body }));
  }
}

export async function seedDemoSites(operator: OperatorClient, sites: readonly SeedSite[] = SEED_SITES): Promise<void> {
  for (const site of sites) await seedSite(operator, site);
}
