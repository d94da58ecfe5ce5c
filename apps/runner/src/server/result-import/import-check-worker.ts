// The worker that import-check.ts keeps: each body it is sent is decoded, measured, parsed and
// checked against relix.result/v1 here, so that none of it runs on the thread that serves
// requests and drives autocannon; the answer goes back in the same order.
import { parentPort } from "node:worker_threads";
import { checkResultText } from "@relix/core/result/check-result-text";
import { fieldErrors } from "../http/field-errors";
import type { ImportCheckAnswer } from "./import-check";

function answerFor(body: Uint8Array): ImportCheckAnswer {
  const check = checkResultText(new TextDecoder().decode(body));
  if (check.ok) return { ok: true, result: check.result };
  return { ok: false, problem: check.problem, message: check.message, fields: fieldErrors(check.issues) };
}

parentPort?.on("message", (body: Uint8Array) => parentPort?.postMessage(answerFor(body)));
