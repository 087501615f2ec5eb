/** Ports of the e2e servers: not the dev server's 8787/8788, so both can run at once. */
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 8797);
export const PLATFORM_PORT = Number(process.env.E2E_PLATFORM_PORT ?? 8798);
