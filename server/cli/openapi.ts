import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";
import { CALLS, MESSAGE_CODES, SITE_HEADER, type CallName, type CallSpec } from "../contract";

/** Where `npm run contract` writes the document; a test keeps it equal to what CALLS generate. */
export const OPENAPI_PATH = fileURLToPath(new URL("../contract/openapi.json", import.meta.url));

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

function operation(name: CallName, spec: CallSpec): JsonSchema {
  const siteHeader = { $ref: "#/components/parameters/SiteId" };
  return {
    operationId: name,
    summary: spec.summary,
    security: spec.auth === "public" ? [] : [{ [spec.auth]: [] }],
    parameters: [
      ...parameters(spec.params, "path"),
      ...parameters(spec.query, "query"),
      ...(spec.auth === "member" ? [siteHeader] : []),
    ],
    ...(spec.body
      ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(spec.body) } } } }
      : {}),
    responses: {
      "200": {
        description: "Success: statusCode 200, message ok",
        content: { "application/json": { schema: envelopeSchema(jsonSchema(spec.data)) } },
      },
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
        operator: { type: "http", scheme: "bearer", description: "The operator key" },
      },
      parameters: {
        SiteId: { name: SITE_HEADER, in: "header", required: true, schema: { type: "string" } },
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
