import { operatorRegistry } from "../stubs";
import { issueKey, newOperatorId } from "../operators/keys";
import { ok } from "../result";
import type { Handler } from "./types";

/**
 * The operator registry (server/platform/README.md, "Operators"): admins of every site add,
 * list, rotate and revoke operators. A key is made and hashed here and answered once; the
 * registry keeps its hash only.
 */

/** Whom the key names (the back office's sign-in): nothing of anyone else, no key. */
export const operatorSelf: Handler<"operatorSelf"> = async ({ operator }) =>
  ok({ id: operator.id, name: operator.name, email: operator.email, sites: operator.sites, roles: operator.roles });

export const operatorList: Handler<"operatorList"> = async ({ env }) => ok(await operatorRegistry(env).list());

export const operatorCreate: Handler<"operatorCreate"> = async ({ env, body }) => {
  const issued = await issueKey();
  const created = await operatorRegistry(env).create({
    id: newOperatorId(),
    name: body.name,
    email: body.email ?? null,
    // one entry per site and role, in a stable order, whatever the request repeated
    sites: [...new Set<string>(body.sites)].sort(),
    roles: [...new Set(body.roles)].sort(),
    keyId: issued.keyId,
    hash: issued.hash,
  });
  return created.ok ? ok({ operator: created.data, key: issued.key }) : created;
};

export const operatorRotateKey: Handler<"operatorRotateKey"> = async ({ env, params }) => {
  const issued = await issueKey();
  const rotated = await operatorRegistry(env).rotate(params.operatorId, issued.keyId, issued.hash);
  return rotated.ok ? ok({ operator: rotated.data, key: issued.key }) : rotated;
};

export const operatorRevoke: Handler<"operatorRevoke"> = async ({ env, params }) =>
  operatorRegistry(env).revoke(params.operatorId);
