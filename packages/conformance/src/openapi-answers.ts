/**
 * Whether an answer keeps what a stack's OpenAPI document promises for the operation asked: a
 * status the operation lists, never a 5xx (the backends are up), an error as every HTTP stack
 * writes it (`{"error":{"code","message","field"?}}` in JSON), and a success in the documented
 * content type whose body the workload's own schema reads (each line of a stream).
 */
import { getWorkload } from "@relix/core";
import type { RawResponse } from "./http-stack-client";
import type { Operation } from "./openapi-requests";

const isText = (v: unknown) => typeof v === "string" && v !== "";

/** `{"error":{"code","message","field"?}}` and nothing else. */
function isErrorBody(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Object.keys(body).join() !== "error") return false;
  const error = (body as { error: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, field, ...rest } = error as Record<string, unknown>;
  return isText(code) && isText(message) && (field === undefined || isText(field)) && Object.keys(rest).length === 0;
}

const mediaTypeOf = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase();

function parsedJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** What is wrong with the answer, or undefined when it is one the document promises. */
export function brokenPromise(operation: Operation, answer: RawResponse): string | undefined {
  const { status } = answer;
  if (status >= 500) return `answered ${status}: ${answer.body.toString("utf8").slice(0, 300)}`;
  const documented = Object.keys(operation.responses);
  if (!documented.includes(String(status)))
    return `answered ${status}, which the document does not list (${documented.join(", ")}): ${answer.body.toString("utf8").slice(0, 300)}`;
  const text = answer.body.toString("utf8");
  if (status >= 400) {
    if (mediaTypeOf(answer.contentType) !== "application/json")
      return `an error of ${status} as ${answer.contentType || "no content type"}, not JSON: ${text.slice(0, 300)}`;
    const parsed = parsedJson(text);
    if (!parsed.ok || !isErrorBody(parsed.value))
      return `an error of ${status} not in the shape {"error":{"code","message","field"?}}: ${text.slice(0, 300)}`;
    return undefined;
  }
  const content = operation.responses[String(status)]?.content;
  if (!content || !operation.operationId) return undefined;
  const type = mediaTypeOf(answer.contentType);
  if (!(type in content)) return `a ${status} as ${answer.contentType}, not ${Object.keys(content).join(" or ")}`;
  const schema = getWorkload(operation.operationId).response;
  const documents = type === "application/x-ndjson" ? text.split("\n").filter((line) => line !== "") : [text];
  for (const document of documents) {
    const parsed = parsedJson(document);
    if (!parsed.ok) return `a ${status} whose body is not JSON: ${document.slice(0, 300)}`;
    const checked = schema.safeParse(parsed.value);
    if (!checked.success)
      return `a ${status} whose body the ${operation.operationId} reply schema refuses (${checked.error.issues[0]?.message}): ${document.slice(0, 300)}`;
  }
  return undefined;
}
