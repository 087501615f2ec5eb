import { operatorRegistry } from "../stubs";
import { issueKey, newOperatorId } from "../operators/keys";
import { ok } from "../result";
import type { RegistryActor } from "../operators/registry";
import type { Handler, OperatorContext } from "./types";

/**
 * The operator registry (server/platform/README.md, "Operators"): admins of every site add,
 * list, rotate and revoke operators. A key is made and hashed here and answered once; the
 * registry keeps its hash only.
 */

/** Who changes the registry, for its own log (the caller, or the owner key). */
const actor = (operator: OperatorContext): RegistryActor => ({
  id: operator.id,
  name: operator.name,
  accessEmail: operator.accessEmail,
});

/** Whom the key names (the back office's sign-in): nothing of anyone else, no key. */
export const operatorSelf: Handler<"operatorSelf"> = async ({ operator }) =>
  ok({ id: operator.id, name: operator.name, email: operator.email, sites: operator.sites, roles: operator.roles });

export const operatorList: Handler<"operatorList"> = async ({ env }) => ok(await operatorRegistry(env).list());

export const operatorCreate: Handler<"operatorCreate"> = async ({ env, body, operator }) => {
  const issued = await issueKey();
  const created = await operatorRegistry(env).create(
    {
      id: newOperatorId(),
      name: body.name,
      email: body.email ?? null,
      // one entry per site and role, in a stable order, whatever the request repeated
      sites: [...new Set<string>(body.sites)].sort(),
      roles: [...new Set(body.roles)].sort(),
      keyId: issued.keyId,
      hash: issued.hash,
    },
    actor(operator),
  );
  return created.ok ? ok({ operator: created.data, key: issued.key }) : created;
};

export const operatorRotateKey: Handler<"operatorRotateKey"> = async ({ env, params, operator }) => {
  const issued = await issueKey();
  const rotated = await operatorRegistry(env).rotate(params.operatorId, issued.keyId, issued.hash, actor(operator));
  return rotated.ok ? ok({ operator: rotated.data, key: issued.key }) : rotated;
};

export const operatorRevoke: Handler<"operatorRevoke"> = async ({ env, params, operator }) =>
  operatorRegistry(env).revoke(params.operatorId, actor(operator));

/** The registry's own log, newest first (a change of the registry is in no site's log). */
export const operatorRegistryAudit: Handler<"operatorRegistryAudit"> = async ({ env, query }) =>
  ok(await operatorRegistry(env).audit(query.limit));
