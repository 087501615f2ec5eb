/** `npm run contract`: write the OpenAPI document of the platform contract. */
import { writeFileSync } from "node:fs";
import { OPENAPI_PATH, renderOpenApi } from "./openapi";

writeFileSync(OPENAPI_PATH, renderOpenApi());
console.log(`wrote ${OPENAPI_PATH}`);
