import { DurableObject } from "cloudflare:workers";
import {
  ALL_SITES,
  type OperatorInfo,
  type OperatorRole,
  type RegistryAction,
  type RegistryAuditEntry,
} from "../../contract";
import { constantTimeEqual, utf8 } from "../crypto";
import type { Env } from "../env";
import { fail, ok, type Result } from "../result";

/**
 * The operator registry (server/platform/README.md, "Operators"): one object, the instance named
 * REGISTRY, holding every operator (name, Access email, sites, roles) and their keys' hashes.
 * Keys are issued and hashed in the worker; this object stores and compares hashes only, so no
 * key ever reaches it, and each change is one synchronous transaction.
 */
export const REGISTRY = "registry";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS operators (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT UNIQUE,
     sites TEXT NOT NULL,
     roles TEXT NOT NULL,
     created_at TEXT NOT NULL,
     revoked_at TEXT
   )`,
  // One live key per operator; a rotated or revoked key keeps its row (revoked_at) as the record.
  `CREATE TABLE IF NOT EXISTS operator_keys (
     key_id TEXT PRIMARY KEY,
     operator_id TEXT NOT NULL REFERENCES operators (id),
     hash TEXT NOT NULL,
     created_at TEXT NOT NULL,
     revoked_at TEXT
   )`,
  `CREATE INDEX IF NOT EXISTS operator_keys_by_operator ON operator_keys (operator_id, revoked_at)`,
  // The registry's own log (operatorRegistryAudit): each change, by whom, written in the change's
  // transaction. Append-only, as a site's audit log is.
  `CREATE TABLE IF NOT EXISTS registry_audit (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     at TEXT NOT NULL,
     action TEXT NOT NULL,
     operator_id TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT,
     sites TEXT NOT NULL,
     roles TEXT NOT NULL,
     by_id TEXT NOT NULL,
     by_name TEXT NOT NULL,
     access_email TEXT
   )`,
  `CREATE TRIGGER IF NOT EXISTS registry_audit_no_update BEFORE UPDATE ON registry_audit
     BEGIN SELECT RAISE(ABORT, 'the registry log is append-only'); END`,
  `CREATE TRIGGER IF NOT EXISTS registry_audit_no_delete BEFORE DELETE ON registry_audit
     BEGIN SELECT RAISE(ABORT, 'the registry log is append-only'); END`,
];

/** Who changed the registry: the calling operator (or the owner key), and their Access identity. */
export interface RegistryActor {
  id: string;
  name: string;
  accessEmail: string | null;
}

type RegistryAuditRow = {
  at: string;
  action: RegistryAction;
  operator_id: string;
  name: string;
  email: string | null;
  sites: string;
  roles: string;
  by_id: string;
  by_name: string;
  access_email: string | null;
};

type OperatorRow = {
  id: string;
  name: string;
  email: string | null;
  sites: string;
  roles: string;
  created_at: string;
  revoked_at: string | null;
};

/** Who a key belongs to: what the router checks a call against and names in the audit log. */
export interface OperatorIdentity {
  id: string;
  name: string;
  email: string | null;
  sites: string[];
  roles: OperatorRole[];
}

export interface NewOperator {
  id: string;
  name: string;
  email: string | null;
  sites: string[];
  roles: OperatorRole[];
  keyId: string;
  hash: string;
}

const identity = (row: OperatorRow): OperatorIdentity => ({
  id: row.id,
  name: row.name,
  email: row.email,
  sites: JSON.parse(row.sites) as string[],
  roles: JSON.parse(row.roles) as OperatorRole[],
});

/** Runs every site and holds admin: the operator who can manage operators and pairs. */
const isFullAdmin = (o: OperatorIdentity) => o.roles.includes("admin") && o.sites.includes(ALL_SITES);

export class OperatorObject extends DurableObject<Env> {
  private sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  /** GET /healthz (health.ts): the namespace reaches an instance, which answers. */
  ping(): "ok" {
    return "ok";
  }

  private row(id: string): OperatorRow | undefined {
    return this.sql.exec<OperatorRow>("SELECT * FROM operators WHERE id = ?", id).toArray()[0];
  }

  private info(row: OperatorRow): OperatorInfo {
    const key = this.sql
      .exec<{ created_at: string }>(
        "SELECT created_at FROM operator_keys WHERE operator_id = ? ORDER BY created_at DESC LIMIT 1",
        row.id,
      )
      .toArray()[0];
    return {
      ...identity(row),
      createdAt: row.created_at,
      keyIssuedAt: key?.created_at ?? row.created_at,
      revokedAt: row.revoked_at,
    };
  }

  /** The live operator of a live key whose secret hashes to `hash`; null for anything else. */
  authenticate(keyId: string, hash: string): OperatorIdentity | null {
    const key = this.sql
      .exec<{ hash: string; operator_id: string }>(
        "SELECT hash, operator_id FROM operator_keys WHERE key_id = ? AND revoked_at IS NULL",
        keyId,
      )
      .toArray()[0];
    // compared whether or not the id was found, so a wrong id costs what a wrong secret does
    const matches = constantTimeEqual(utf8(key?.hash ?? "0".repeat(64)), utf8(hash));
    if (!key || !matches) return null;
    const row = this.row(key.operator_id);
    return row && row.revoked_at === null ? identity(row) : null;
  }

  /** Writes one change to the registry's log; called inside the change's transaction. */
  private note(action: RegistryAction, row: OperatorRow, by: RegistryActor, at: string) {
    this.sql.exec(
      `INSERT INTO registry_audit (at, action, operator_id, name, email, sites, roles, by_id, by_name, access_email)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      at,
      action,
      row.id,
      row.name,
      row.email,
      row.sites,
      row.roles,
      by.id,
      by.name,
      by.accessEmail,
    );
  }

  /** The registry's log, newest first. */
  audit(limit: number): RegistryAuditEntry[] {
    return this.sql
      .exec<RegistryAuditRow>("SELECT * FROM registry_audit ORDER BY seq DESC LIMIT ?", limit)
      .toArray()
      .map((r) => ({
        at: r.at,
        action: r.action,
        operatorId: r.operator_id,
        name: r.name,
        email: r.email,
        sites: JSON.parse(r.sites) as string[],
        roles: JSON.parse(r.roles) as OperatorRole[],
        by: { id: r.by_id, name: r.by_name },
        accessEmail: r.access_email,
      }));
  }

  list(): OperatorInfo[] {
    return this.sql
      .exec<OperatorRow>("SELECT * FROM operators ORDER BY created_at, id")
      .toArray()
      .map((row) => this.info(row));
  }

  create(o: NewOperator, by: RegistryActor): Result<OperatorInfo> {
    return this.ctx.storage.transactionSync(() => {
      if (o.email !== null && this.sql.exec("SELECT 1 FROM operators WHERE email = ?", o.email).toArray().length > 0) {
        return fail(400, "operator_email_taken");
      }
      const now = new Date().toISOString();
      this.sql.exec(
        "INSERT INTO operators (id, name, email, sites, roles, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        o.id,
        o.name,
        o.email,
        JSON.stringify(o.sites),
        JSON.stringify(o.roles),
        now,
      );
      this.sql.exec(
        "INSERT INTO operator_keys (key_id, operator_id, hash, created_at) VALUES (?, ?, ?, ?)",
        o.keyId,
        o.id,
        o.hash,
        now,
      );
      const row = this.row(o.id)!;
      this.note("operator_added", row, by, now);
      return ok(this.info(row));
    });
  }

  /** The operator's live key is revoked and the new one takes its place, in one transaction. */
  rotate(id: string, keyId: string, hash: string, by: RegistryActor): Result<OperatorInfo> {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row || row.revoked_at !== null) return fail(400, "operator_not_found");
      const now = new Date().toISOString();
      this.sql.exec("UPDATE operator_keys SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL", now, id);
      this.sql.exec(
        "INSERT INTO operator_keys (key_id, operator_id, hash, created_at) VALUES (?, ?, ?, ?)",
        keyId,
        id,
        hash,
        now,
      );
      this.note("key_rotated", row, by, now);
      return ok(this.info(row));
    });
  }

  /**
   * Revokes the operator and every key of theirs. The last live admin of every site cannot go
   * (not even by their own hand): the registry would be left to the offline owner key alone.
   */
  revoke(id: string, by: RegistryActor): Result<OperatorInfo> {
    return this.ctx.storage.transactionSync(() => {
      const row = this.row(id);
      if (!row || row.revoked_at !== null) return fail(400, "operator_not_found");
      if (isFullAdmin(identity(row))) {
        const others = this.sql
          .exec<OperatorRow>("SELECT * FROM operators WHERE revoked_at IS NULL AND id != ?", id)
          .toArray()
          .filter((other) => isFullAdmin(identity(other)));
        if (others.length === 0) return fail(400, "operator_last_admin");
      }
      const now = new Date().toISOString();
      this.sql.exec("UPDATE operators SET revoked_at = ? WHERE id = ?", now, id);
      this.sql.exec("UPDATE operator_keys SET revoked_at = ? WHERE operator_id = ? AND revoked_at IS NULL", now, id);
      this.note("operator_revoked", row, by, now);
      return ok(this.info(this.row(id)!));
    });
  }
}
