import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { OperatorInfo, OperatorRole } from "../../server/contract";
import { OPERATOR_ROLES, operatorId } from "~/backoffice/contract.server";
import { backOffice, requirePlatformOperator } from "~/backoffice/operator.server";
import { NEW_OPERATOR_VALUES, type OperatorField, type OperatorValues } from "~/backoffice/platform/operator-fields";
import { operatorDraftOf } from "~/backoffice/platform/operator-form.server";
import { PlatformField } from "~/backoffice/platform/pair-fields";
import { BoTable } from "~/backoffice/table";
import { CsrfInput } from "~/components/csrf-input";
import { formatDateTime } from "~/utils/date-time";
import type { KeyOf, RouteHandle } from "~/utils/translation-keys";
import { useTranslation } from "~/utils/translator";

export const handle = { i18n: ["backoffice"], titleKey: "backoffice:platform.tab.operators" } satisfies RouteHandle;

/**
 * The operator registry: every operator, revoked ones too (no key is ever shown again), and the
 * registry's own log (who added, rotated or revoked whom: it is in no site's audit log).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const self = await requirePlatformOperator(context);
  const operators = backOffice(context).operators;
  const [list, log] = await Promise.all([
    operators.call("operatorList", {}),
    operators.call("operatorRegistryAudit", { query: {} }),
  ]);
  if (!list.ok) throw new Response(null, { status: list.status === 403 ? 403 : 503 });
  if (!log.ok) throw new Response(null, { status: log.status === 403 ? 403 : 503 });
  return { operators: list.data, log: log.data, roles: OPERATOR_ROLES, selfId: self.id };
}

type Answer =
  | { done: "issued"; operator: OperatorInfo; key: string; rotated: boolean }
  | { done: "revoked"; operator: OperatorInfo }
  | {
      done: "create_refused";
      values: OperatorValues;
      errors: Partial<Record<OperatorField, string>>;
      refused: string | null;
    }
  | { done: "row_refused"; id: string; refused: string };

/**
 * Add, rotate, revoke, told apart by `intent`. A new or rotated key is in this POST's answer only
 * (the page that answers it; every back-office answer is `no-store`): never in a URL, a flash
 * cookie or a log, and the platform keeps only its hash, so it is never shown again.
 */
export async function action({ request, context }: ActionFunctionArgs): Promise<Answer> {
  const self = await requirePlatformOperator(context);
  const form = await request.formData();
  const bo = backOffice(context);
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const draft = operatorDraftOf(form);
    if (!draft.ok) return { done: "create_refused", values: draft.values, errors: draft.errors, refused: null };
    const made = await bo.operators.call("operatorCreate", { body: draft.body });
    if (!made.ok) return { done: "create_refused", values: draft.values, errors: {}, refused: `messages:${made.code}` };
    return { done: "issued", operator: made.data.operator, key: made.data.key, rotated: false };
  }
  if (intent === "rotate" || intent === "revoke") {
    const id = operatorId.safeParse(form.get("operatorId"));
    if (!id.success) throw new Response(null, { status: 400 });
    // one's own new key would end this session before the page that shows it: another admin issues it
    if (id.data === self.id) return { done: "row_refused", id: id.data, refused: "platform.operators.self_refused" };
    if (form.get("confirm") !== "yes")
      return { done: "row_refused", id: id.data, refused: "platform.operators.confirm_missing" };
    if (intent === "rotate") {
      const rotated = await bo.operators.call("operatorRotateKey", { params: { operatorId: id.data }, body: {} });
      if (!rotated.ok) return { done: "row_refused", id: id.data, refused: `messages:${rotated.code}` };
      return { done: "issued", operator: rotated.data.operator, key: rotated.data.key, rotated: true };
    }
    const revoked = await bo.operators.call("operatorRevoke", { params: { operatorId: id.data }, body: {} });
    if (!revoked.ok) return { done: "row_refused", id: id.data, refused: `messages:${revoked.code}` };
    return { done: "revoked", operator: revoked.data };
  }
  throw new Response(null, { status: 400 });
}

export default function Operators() {
  const { operators, log, roles, selfId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("backoffice");
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : "—");
  const creating = answer?.done === "create_refused" ? answer : null;
  return (
    <>
      {answer?.done === "issued" ? (
        <IssuedKey operator={answer.operator} secret={answer.key} rotated={answer.rotated} />
      ) : null}
      {answer?.done === "revoked" ? (
        <p role="status" className="bo-notice">
          {t("platform.operators.revoked_done", { name: answer.operator.name })}
        </p>
      ) : null}
      <h2>{t("platform.operators.title")}</h2>
      <p className="bo-hint">{t("platform.operators.intro")}</p>
      <BoTable
        label={t("platform.operators.title")}
        columns={[
          "platform.operators.col.name",
          "platform.operators.col.email",
          "platform.operators.col.sites",
          "platform.operators.col.roles",
          "platform.operators.col.key_issued",
          "platform.operators.col.revoked",
          "platform.operators.col.actions",
        ]}
        rows={operators.map((op) => ({
          key: op.id,
          cells: [
            t("audit.operator_named", { name: op.name, id: op.id }),
            op.email ?? "—",
            op.sites.includes("*") ? t("platform.operators.every_site") : op.sites.join(" · "),
            op.roles.map((role) => t(`role.${role}`)).join(" · "),
            time(op.keyIssuedAt),
            time(op.revokedAt),
            op.revokedAt ? (
              "—"
            ) : op.id === selfId ? (
              <>
                {t("platform.operators.self_row")}
                {answer?.done === "row_refused" && answer.id === op.id ? (
                  <p role="alert" className="bo-field-error">
                    {t(answer.refused as KeyOf<"backoffice">)}
                  </p>
                ) : null}
              </>
            ) : (
              <RowForms
                operator={op}
                refused={answer?.done === "row_refused" && answer.id === op.id ? answer.refused : null}
              />
            ),
          ],
        }))}
        empty="platform.operators.none"
        wrap
      />
      <h2 id="new-operator">{t("platform.operators.new_title")}</h2>
      {/* a new key remounts the form: with JavaScript, what was typed for the last one is cleared */}
      <Form
        key={answer?.done === "issued" ? `${answer.operator.id}-${answer.operator.keyIssuedAt}` : "new"}
        method="post"
        className="bo-form"
        noValidate
        aria-labelledby="new-operator"
      >
        <CsrfInput />
        {creating ? (
          <p role="alert" className="bo-notice bo-notice-error">
            {t((creating.refused ?? "platform.form_invalid") as KeyOf<"backoffice">)}
          </p>
        ) : null}
        <CreateFields roles={roles} values={creating?.values ?? NEW_OPERATOR_VALUES} errors={creating?.errors ?? {}} />
        <button type="submit" name="intent" value="create" className="button button-primary">
          {t("platform.operators.create")}
        </button>
      </Form>
      <h2>{t("platform.operators.log.title")}</h2>
      <p className="bo-hint">{t("platform.operators.log.intro")}</p>
      <BoTable
        label={t("platform.operators.log.title")}
        columns={[
          "platform.operators.log.col.time",
          "platform.operators.log.col.action",
          "platform.operators.log.col.operator",
          "platform.operators.log.col.sites",
          "platform.operators.log.col.roles",
          "platform.operators.log.col.by",
        ]}
        rows={log.map((entry, i) => ({
          key: `${entry.at}-${i}`,
          cells: [
            time(entry.at),
            t(`platform.operators.log.action.${entry.action}`),
            t("audit.operator_named", { name: entry.name, id: entry.operatorId }),
            entry.sites.includes("*") ? t("platform.operators.every_site") : entry.sites.join(" · "),
            entry.roles.map((role) => t(`role.${role}`)).join(" · "),
            t("audit.operator_named", { name: entry.by.name, id: entry.by.id }),
          ],
        }))}
        empty="platform.operators.log.none"
        wrap
      />
    </>
  );
}

/** The key, this once: copy it now, hand it over in person or through the company's vault. */
function IssuedKey({ operator, secret, rotated }: { operator: OperatorInfo; secret: string; rotated: boolean }) {
  const { t } = useTranslation("backoffice");
  return (
    <section className="bo-fieldset" aria-labelledby="issued-key" role="status">
      <h2 id="issued-key">
        {rotated
          ? t("platform.operators.rotated_title", { name: operator.name })
          : t("platform.operators.created_title", { name: operator.name })}
      </h2>
      <p>{t("platform.operators.key_label")}</p>
      <code className="bo-key">{secret}</code>
      <p className="bo-hint">{t("platform.operators.key_once")}</p>
    </section>
  );
}

function CreateFields({
  roles,
  values,
  errors,
}: {
  roles: readonly OperatorRole[];
  values: OperatorValues;
  errors: Partial<Record<OperatorField, string>>;
}) {
  const { t } = useTranslation("backoffice");
  const error = (field: OperatorField) => (errors[field] ? `operator_${errors[field]}` : undefined);
  return (
    <>
      <PlatformField name="name" label="platform.operators.field.name" value={values.name} error={error("name")} />
      <PlatformField
        name="email"
        label="platform.operators.field.email"
        hint="platform.operators.hint.email"
        value={values.email}
        error={error("email")}
        autoCapitalize="none"
      />
      <PlatformField
        name="sites"
        label="platform.operators.field.sites"
        hint="platform.operators.hint.sites"
        value={values.sites}
        error={error("sites")}
        autoCapitalize="none"
      />
      <fieldset className="bo-fieldset" aria-describedby={errors.roles ? "roles-error" : undefined}>
        <legend>{t("platform.operators.field.roles")}</legend>
        {roles.map((role) => (
          <div key={role} className="bo-check">
            <input
              type="checkbox"
              id={`role-${role}`}
              name="roles"
              value={role}
              defaultChecked={values.roles.includes(role)}
            />
            <label htmlFor={`role-${role}`}>{t(`role.${role}`)}</label>
          </div>
        ))}
        {errors.roles ? (
          <p id="roles-error" className="bo-field-error">
            {t("platform.error.operator_roles")}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

/** Rotate and revoke, each behind a tick that says what it does (a <details>: no JavaScript needed). */
function RowForms({ operator, refused }: { operator: OperatorInfo; refused: string | null }) {
  const { t } = useTranslation("backoffice");
  const form = (intent: "rotate" | "revoke") => (
    <Form method="post" className="bo-form bo-fieldset bo-danger" noValidate>
      <CsrfInput />
      <input type="hidden" name="operatorId" value={operator.id} />
      <p>{t(`platform.operators.${intent}_effect`, { name: operator.name })}</p>
      <div className="bo-check">
        <input type="checkbox" id={`${intent}-${operator.id}`} name="confirm" value="yes" />
        <label htmlFor={`${intent}-${operator.id}`}>{t(`platform.operators.${intent}_confirm`)}</label>
      </div>
      <button type="submit" name="intent" value={intent} className="button">
        {t(`platform.operators.${intent}`)}
      </button>
    </Form>
  );
  return (
    <details open={refused !== null || undefined}>
      <summary>{t("platform.operators.manage", { name: operator.name })}</summary>
      <div className="bo-row-forms">
        {refused ? (
          <p role="alert" className="bo-field-error">
            {t(refused as KeyOf<"backoffice">)}
          </p>
        ) : null}
        {form("rotate")}
        {form("revoke")}
      </div>
    </details>
  );
}
