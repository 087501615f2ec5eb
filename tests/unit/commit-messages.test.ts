import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * Commit messages from the day the rule was set (CONTRIBUTING.md, "Commits"): a subject of at most
 * 72 characters, so `git log --oneline` and every review tool show it whole, and a body saying why
 * (merges aside: their subject says what was merged). Older history is left as it was written.
 * A shallow clone that lacks the commit the rule starts at checks every commit it has: all of them
 * are newer.
 */
const RULE_STARTS_AFTER = "596d70d584d8a7c013e5116ca5ad24158e83fef9";
const MAX_SUBJECT = 72;
/** merged before the check could catch it (73 characters); history is not rewritten for one character */
const GRANDFATHERED = new Set(["500dd3db8fcd7fc708ac6f025ed6f6a99fb07739"]);

interface Commit {
  hash: string;
  parents: number;
  subject: string;
  body: string;
}

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function commitsUnderTheRule(): Commit[] {
  const known = (() => {
    try {
      git("cat-file", "-e", `${RULE_STARTS_AFTER}^{commit}`);
      return true;
    } catch {
      return false;
    }
  })();
  const range = known ? [`${RULE_STARTS_AFTER}..HEAD`] : ["HEAD"];
  // fields split by US, commits by RS: neither appears in a message
  const raw = git("log", "--format=%H%x1f%P%x1f%s%x1f%b%x1e", ...range);
  return raw
    .split("\x1e")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [hash = "", parents = "", subject = "", body = ""] = entry.split("\x1f");
      return { hash, parents: parents.split(" ").filter(Boolean).length, subject, body: body.trim() };
    });
}

describe("commit messages", () => {
  const commits = commitsUnderTheRule();

  it("has commits to check", () => {
    expect(commits.length).toBeGreaterThan(0);
  });

  it(`keeps every subject within ${MAX_SUBJECT} characters`, () => {
    const long = commits
      .filter((c) => !GRANDFATHERED.has(c.hash))
      .filter((c) => [...c.subject].length > MAX_SUBJECT)
      .map((c) => `${c.hash.slice(0, 8)} ${c.subject}`);
    expect(long).toEqual([]);
  });

  it("says why in the body of every commit but merges", () => {
    const bare = commits.filter((c) => c.parents < 2 && c.body === "").map((c) => `${c.hash.slice(0, 8)} ${c.subject}`);
    expect(bare).toEqual([]);
  });
});
