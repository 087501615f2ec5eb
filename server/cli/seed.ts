import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DEFAULT_THEME, type Envelope } from "../contract";
import type { OperatorClient } from "./operator-client";
import { renderIcons } from "./operator/icons";
import { SEED_SITES, type SeedSite } from "./seed-data";

const PUBLIC_DIR = fileURLToPath(new URL("../../public", import.meta.url));

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
  for (const [optionId, addresses] of Object.entries(site.depositAddresses ?? {})) {
    // an address already in the pool is skipped: seeding again leaves the pool as it was
    check(`deposit addresses ${optionId}`, await operator("operatorAddDepositAddresses", { params: { ...params, optionId }, body: { addresses } }));
  }
  for (const [optionId, xpub] of Object.entries(site.depositXpubs ?? {})) {
    // the same xpub again changes nothing: members keep their addresses and indexes
    check(`deposit xpub ${optionId}`, await operator("operatorSetDepositXpub", { params: { ...params, optionId }, body: { xpub } }));
  }
  await seedIcons(operator, site);
}

/**
 * The site's home-screen icons, rendered from its mark (public/brand/<site>/favicon.svg) and accent
 * as the operator's `icons` command does. Without the rasterizer the seed goes on: the platform then
 * serves a plain square of the accent for each size (server/platform/README.md, "Icons").
 */
async function seedIcons(operator: OperatorClient, site: SeedSite): Promise<void> {
  const favicon = site.config.favicon;
  if (!favicon?.startsWith("/")) return;
  const mark = await readFile(`${PUBLIC_DIR}${favicon}`, "utf8");
  let icons: Awaited<ReturnType<typeof renderIcons>>;
  try {
    icons = await renderIcons(mark, site.config.theme ?? DEFAULT_THEME);
  } catch (error) {
    console.warn(`seed: icons of ${site.siteId} not rendered (${(error as Error).message}); the platform serves plain accent squares`);
    return;
  }
  for (const [size, png] of icons) {
    const file = new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" });
    check(`icon ${size} ${site.siteId}`, await operator("operatorPutIcon", { params: { siteId: site.siteId, size }, body: {}, file }));
  }
}

export async function seedDemoSites(operator: OperatorClient, sites: readonly SeedSite[] = SEED_SITES): Promise<void> {
  for (const site of sites) await seedSite(operator, site);
}
