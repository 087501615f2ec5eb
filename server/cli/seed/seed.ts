import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DEFAULT_THEME, type Envelope } from "../../contract";
import type { OperatorClient, Platform } from "../operator/client";
import { renderIcons } from "../operator/icons";
import { SEED_SITES, type SeedSite } from "./sites";

const PUBLIC_DIR = fileURLToPath(new URL("../../../public", import.meta.url));

function check(what: string, envelope: Envelope): void {
  if (envelope.statusCode !== 200) throw new Error(`${what}: ${envelope.statusCode} ${envelope.message}`);
}

/**
 * Creates or updates one site and its content (the operator CLI's `seed`, asked for by hand):
 * publishing is an upsert, so running it again changes nothing the seed did not write itself.
 */
export async function seedSite(operator: OperatorClient, site: SeedSite): Promise<void> {
  const params = { siteId: site.siteId };
  check(`site ${site.siteId}`, await operator("operatorPutSite", { params, body: site.config }));
  await seedContent(operator, site);
  await seedAddressPools(operator, site);
  await seedIcons(operator, site);
  check(`chat link ${site.siteId}`, await operator("operatorSetChatLink", { params, body: { link: site.chatLink } }));
}

async function seedContent(operator: OperatorClient, site: SeedSite): Promise<void> {
  const params = { siteId: site.siteId };
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

/**
 * Loads each crypto option's pool, unless it already holds addresses (loaded by an earlier seed or
 * an operator), and sets each option's xpub (the same xpub again changes nothing).
 */
async function seedAddressPools(operator: OperatorClient, site: SeedSite): Promise<void> {
  for (const [optionId, addresses] of Object.entries(site.depositAddresses ?? {})) {
    const params = { siteId: site.siteId, optionId };
    const pool = await operator("operatorDepositAddresses", { params });
    if (pool.statusCode === 200 && pool.data && pool.data.free + pool.data.assigned > 0) continue;
    check(
      `deposit addresses ${optionId}`,
      await operator("operatorAddDepositAddresses", { params, body: { addresses } }),
    );
  }
  for (const [optionId, xpub] of Object.entries(site.depositXpubs ?? {})) {
    // the same xpub again changes nothing: members keep their addresses and indexes
    check(
      `deposit xpub ${optionId}`,
      await operator("operatorSetDepositXpub", { params: { siteId: site.siteId, optionId }, body: { xpub } }),
    );
  }
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
    console.warn(
      `seed: icons of ${site.siteId} not rendered (${(error as Error).message}); the platform serves plain accent squares`,
    );
    return;
  }
  for (const [size, png] of icons) {
    const file = new Blob([png as Uint8Array<ArrayBuffer>], { type: "image/png" });
    check(
      `icon ${size} ${site.siteId}`,
      await operator("operatorPutIcon", { params: { siteId: site.siteId, size }, body: {}, file }),
    );
  }
}

export async function seedDemoSites(operator: OperatorClient, sites: readonly SeedSite[] = SEED_SITES): Promise<void> {
  for (const site of sites) await seedSite(operator, site);
}

/** What seeding on start did to a site. */
export type SeedOutcome = "created" | "completed" | "kept";

/**
 * Seeding on start (`npm start`, `npm run serve`): creates what is missing and never overwrites
 * an operator's later change. A server restarted on its state folder must come back as the
 * operator left it — a pair taken off a site, a title rewritten, an announcement retired — so a
 * site that exists keeps its configuration, content and icons. The chat link is written last and
 * marks a finished seed: a site that exists without one was cut off mid-seed (the server killed
 * while seeding), and its content, icons and pools are written again (upserts of the seed's own
 * items). An address pool is loaded only while it is empty.
 */
export async function seedMissing(
  platform: Pick<Platform, "operator" | "read">,
  sites: readonly SeedSite[] = SEED_SITES,
): Promise<Record<string, SeedOutcome>> {
  const outcomes: Record<string, SeedOutcome> = {};
  for (const site of sites) {
    const params = { siteId: site.siteId };
    const info = await platform.read("siteInfo", params);
    if (info.statusCode !== 200) {
      await seedSite(platform.operator, site);
      outcomes[site.siteId] = "created";
      continue;
    }
    const chat = await platform.read("chatbox", params);
    if (chat.statusCode === 200 && chat.data) {
      outcomes[site.siteId] = "kept";
      continue;
    }
    await seedContent(platform.operator, site);
    await seedAddressPools(platform.operator, site);
    await seedIcons(platform.operator, site);
    check(
      `chat link ${site.siteId}`,
      await platform.operator("operatorSetChatLink", { params, body: { link: site.chatLink } }),
    );
    outcomes[site.siteId] = "completed";
  }
  return outcomes;
}
