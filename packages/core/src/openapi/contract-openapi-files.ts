import { serviceProcessRecord } from "../stacks/service-processes";
import { stackIds, stackRecord, type StackId } from "../stacks/stacks";
import { openApiDocumentOf } from "./stack-openapi";

/**
 * The OpenAPI documents of the REST stacks served by another runtime (Java, Python), as the files
 * their servers serve at /openapi.json: written into contract/openapi/ from the catalog and each
 * stack's record (`pnpm contract:openapi`), read by the servers (the spring jar packs its copy), and
 * checked against the catalog by the conformance suite, so a stale copy fails a test.
 */
export const CONTRACT_OPENAPI_DIR = "contract/openapi";

/** The stacks whose document is a file: REST stacks whose server is not a Node process. */
export const stacksWithOpenApiFile: readonly StackId[] = stackIds.filter(
  (stack) =>
    stackRecord(stack).family === "rest" && serviceProcessRecord(stackRecord(stack).process).runtime !== "node",
);

/** Each file's path from the repository root and its exact text. */
export const contractOpenApiFiles = (): Array<{ stack: StackId; path: string; text: string }> =>
  stacksWithOpenApiFile.map((stack) => ({
    stack,
    path: `${CONTRACT_OPENAPI_DIR}/${stack}.json`,
    text: `${JSON.stringify(openApiDocumentOf(stack), null, 2)}\n`,
  }));
