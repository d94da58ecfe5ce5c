import { invalidArgument } from "../domain";
import type { Workload } from "./workload";

/**
 * Validates a transport's candidate request against the workload's schema. The first problem
 * becomes an invalid_argument error that names the field (400 / INVALID_ARGUMENT).
 */
export function parseRequest<Req>(workload: Workload<Req>, candidate: unknown): Req {
  const parsed = workload.request.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join(".") : "body";
  throw invalidArgument(field, issue.message);
}
