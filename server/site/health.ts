/**
 * GET /healthz on any hostname (docs/deploy.md, "Logs and metrics"): whether this worker can reach
 * the platform through its binding (the platform's own /healthz, which checks its Durable Object
 * namespaces), and which build answers. 200 when both workers are well, else 503; never cached.
 * It says no more than /build-id.json already does: no site, member or configuration.
 */
export async function health(send: (request: Request) => Promise<Response>, buildId: string): Promise<Response> {
  const started = Date.now();
  let platform: { ok: boolean; status: number; version?: string };
  try {
    const answer = await send(new Request("https://platform.internal/healthz"));
    const body = (await answer.json().catch(() => null)) as { version?: unknown } | null;
    platform = {
      ok: answer.status === 200,
      status: answer.status,
      ...(typeof body?.version === "string" ? { version: body.version } : {}),
    };
  } catch {
    platform = { ok: false, status: 0 };
  }
  const ok = platform.ok;
  return Response.json(
    {
      status: ok ? "ok" : "unavailable",
      worker: "member-site",
      version: buildId,
      checks: { platform: { ...platform, ms: Math.max(0, Date.now() - started) } },
    },
    { status: ok ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
