import { DEFAULT_PAIR } from "@relix/core";
import { openApiDocumentOf } from "@relix/core/openapi/stack-openapi";

/**
 * Express's OpenAPI document: the one every REST stack's is derived from (packages/core/src/openapi/),
 * for the stack that serves the whole catalog.
 */
export const buildOpenApiDocument = () => openApiDocumentOf(DEFAULT_PAIR.rest);
