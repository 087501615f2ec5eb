/**
 * The parts of Lighthouse's and chrome-launcher's APIs the bench uses. Both are installed only
 * when the bench runs (tests/bench/tools.ts), so these declarations keep `tsc --noEmit` passing
 * without them; ambient declarations win over the packages' own types when they are installed.
 */
declare module "lighthouse" {
  interface AuditRef {
    id: string;
    weight: number;
  }
  interface Category {
    score: number | null;
    auditRefs: AuditRef[];
  }
  interface Audit {
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
    numericValue?: number;
    details?: { type: string; items?: unknown[] };
  }
  interface Result {
    finalDisplayedUrl: string;
    runtimeError?: { code: string; message: string };
    categories: Record<string, Category | undefined>;
    audits: Record<string, Audit | undefined>;
    environment: { benchmarkIndex: number };
  }
  interface Flags {
    port?: number;
    output?: "json" | "html" | "csv";
    logLevel?: "silent" | "error" | "warn" | "info" | "verbose";
    onlyCategories?: string[];
    extraHeaders?: Record<string, string> | null;
    /** keep the origin's storage (cookies included) instead of clearing it before the run */
    disableStorageReset?: boolean;
  }
  function lighthouse(url: string, flags?: Flags): Promise<{ lhr: Result } | undefined>;
  export default lighthouse;
}

declare module "chrome-launcher" {
  interface LaunchedChrome {
    port: number;
    kill(): void | Promise<void>;
  }
  export function launch(options: {
    chromePath?: string;
    chromeFlags?: string[];
    logLevel?: "verbose" | "info" | "error" | "silent";
  }): Promise<LaunchedChrome>;
}
