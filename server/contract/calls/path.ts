/** Fill a path template: `/site/info/:siteId` + { siteId: "demo" } → `/site/info/demo`. */
export function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Match a concrete path against a template; returns the parameters or null. */
export function matchPath(template: string, path: string): Record<string, string> | null {
  const t = template.split("/");
  const p = path.split("/");
  if (t.length !== p.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    if (seg.startsWith(":")) {
      try {
        params[seg.slice(1)] = decodeURIComponent(p[i]!);
      } catch {
        return null;
      }
    } else if (seg !== p[i]) return null;
  }
  return params;
}
