import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import {
  CALLS,
  IDEMPOTENCY_HEADER,
  MESSAGE_CODES,
  SITE_HEADER,
  UNSTORED_REFUSALS,
  type CallName,
  type CallSpec,
} from "../../contract";

/** Where `npm run contract` writes the document; a test keeps it equal to what CALLS generate. */
export const OPENAPI_PATH = fileURLToPath(new URL("../../contract/openapi.json", import.meta.url));

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodTypeAny): JsonSchema {
  const { $schema: _, ...rest } = zodToJsonSchema(schema, { $refStrategy: "none" }) as JsonSchema;
  return rest;
}

/** Path or query parameters from an object schema, one per property. */
function parameters(schema: z.ZodTypeAny | undefined, location: "path" | "query"): JsonSchema[] {
  if (!schema) return [];
  const object = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function envelopeSchema(data: JsonSchema | null): JsonSchema {
  return {
    type: "object",
    required: data ? ["statusCode", "message", "data"] : ["statusCode", "message"],
    properties: {
      statusCode: { type: "integer" },
      message: { $ref: "#/components/schemas/MessageCode" },
      ...(data ? { data } : {}),
    },
  };
}

/** A multipart call's body: its text fields from the schema, plus the binary `file`. */
function multipartSchema(spec: CallSpec): JsonSchema {
  const fields = (spec.body ? jsonSchema(spec.body) : { properties: {}, required: [] }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return {
    type: "object",
    required: [...(fields.required ?? []), "file"],
    properties: { ...fields.properties, file: { type: "string", format: "binary" } },
  };
}

function requestBody(spec: CallSpec): JsonSchema {
  if (spec.multipart)
    return { requestBody: { required: true, content: { "multipart/form-data": { schema: multipartSchema(spec) } } } };
  if (spec.body)
    return { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body) } } } };
  return {};
}

function success(spec: CallSpec): JsonSchema {
  if (spec.raw) {
    return {
      description: "Success: the file's bytes with its content type (failures are envelopes)",
      content: { "image/*": { schema: { type: "string", format: "binary" } } },
    };
  }
  return {
    description: "Success: statusCode 200, message ok",
    content: { "application/json": { schema: envelopeSchema(jsonSchema(spec.data)) } },
  };
}

function operation(name: CallName, spec: CallSpec): JsonSchema {
  const siteHeader = { $ref: "#/components/parameters/SiteId" };
  const idempotencyHeader = { $ref: "#/components/parameters/IdempotencyKey" };
  return {
    operationId: name,
    summary: spec.summary,
    // OpenAPI 3.1 lets a bearer scheme's requirement list role names: an operator needs one of them
    security: spec.auth === "public" ? [] : [{ [spec.auth]: [...(spec.roles ?? [])] }],
    parameters: [
      ...parameters(spec.params, "path"),
      ...parameters(spec.query, "query"),
      ...(spec.auth === "member" ? [siteHeader] : []),
      ...(spec.idempotent ? [idempotencyHeader] : []),
    ],
    ...requestBody(spec),
    responses: {
      "200": success(spec),
      default: { $ref: "#/components/responses/Failure" },
    },
  };
}

/** The OpenAPI 3.1 document of the platform contract, generated from CALLS. */
export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, spec] of Object.entries(CALLS) as [CallName, CallSpec][]) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, "{$1}");
    paths[path] = { ...paths[path], [spec.method.toLowerCase()]: operation(name, spec) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Member platform API",
      version: "1.0.0",
      description:
        "Generated from server/contract by `npm run contract`. Every response is an envelope " +
        "{ statusCode, message, data? } whose statusCode is also the HTTP status.",
    },
    components: {
      securitySchemes: {
        member: { type: "http", scheme: "bearer", description: "A member session token of the X-Site-Id site" },
        operator: {
          type: "http",
          scheme: "bearer",
          description:
            "An operator's own key; the operator must run the site the path names and hold one of the listed roles",
        },
      },
      parameters: {
        SiteId: { name: SITE_HEADER, in: "header", required: true, schema: { type: "string" } },
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: "header",
          required: true,
          description:
            "One key per intent (8–128 printable characters); a retry sends the same key. The key's stored answer is looked up before anything else: " +
            "a replay answers the first answer byte for byte, another body with the key answers idempotency_conflict. The first answer is the key's " +
            `only answer, refusals included, except these, which are never stored and mean "send it again": statuses 402, 404, 409, 429 and 5xx, ` +
            `and the messages ${UNSTORED_REFUSALS.join(", ")}. After any other refusal, a corrected request needs a new key.`,
          schema: { type: "string", pattern: "^[\\x21-\\x7e]{8,128}$" },
        },
      },
      schemas: {
        MessageCode: { type: "string", enum: [...MESSAGE_CODES] },
      },
      responses: {
        Failure: {
          description: "Failure: the HTTP status equals statusCode; message is a code of the closed list",
          content: { "application/json": { schema: envelopeSchema(null) } },
        },
      },
    },
    paths,
  };
}

export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
