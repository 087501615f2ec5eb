/**
 * A short fingerprint of what a list was when its form was drawn (FNV-1a of its JSON). Saving a
 * site's list (deposit options, campaign rules) replaces it whole, so a form drawn before someone
 * else's change is refused rather than undoing that change.
 */
export function listVersion(value: unknown): string {
  const json = JSON.stringify(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < json.length; i++) hash = Math.imul(hash ^ json.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}
