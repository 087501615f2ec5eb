import { useRootData } from "~/utils/root-data";

/**
 * The session's CSRF token; every state-changing form carries it (server/site/README.md,
 * "Forged posts and body limit"). A module of its own: the header's forms need only this, and
 * importing it from forms.tsx would load conform and zod on every page.
 */
export function CsrfInput() {
  const { csrf } = useRootData();
  return <input type="hidden" name="csrf" value={csrf} />;
}
