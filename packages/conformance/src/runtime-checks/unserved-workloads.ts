import { describe, expect, it } from "vitest";
import { defaultWorkloadParams, stackRecord, workloads } from "@relix/core";
import { restRequestOf } from "@relix/core/catalog/rest-request";
import { stackServesWorkload, unservedWorkloadReasons, unservedWorkloads } from "@relix/core/stacks/stack-workloads";
import { stackRequest } from "../http-stack-client";
import { answerOf } from "./answers";
import type { RuntimeSuite } from "./suite";

/** A workload a stack does not serve: refused before a run (the runner's rule) and unanswered by its server. */
export function describeUnservedWorkloads(suite: RuntimeSuite): void {
  describe(`${suite.runtime}: a workload a stack does not serve`, () => {
    for (const stack of suite.stacks) {
      const unserved = workloads.filter((w) => !stackServesWorkload(stack, w.id));
      it(`${stack}: is refused before a run, by name, and its server does not answer it (${unserved.length} workloads)`, async () => {
        for (const workload of unserved) {
          // The runner's refusal (stack-availability.ts checkStacksServeWorkloads), before anything is started.
          const [reason] = unservedWorkloadReasons(unservedWorkloads([stack], [workload.id]));
          expect(reason).toContain(`the ${stack} stack does not serve ${workload.id} (it serves `);
          // Were it measured anyway, it would count refusals, not answers.
          const [request] = workload.requests(defaultWorkloadParams);
          if (stackRecord(stack).family === "grpc") {
            const answer = await answerOf(suite.all, stack, workload, request, { cacheMode: "warm", delayMs: 0 });
            expect(answer, workload.id).toMatchObject({ code: "UNIMPLEMENTED" });
          } else {
            // The route alone decides, so no body is sent: gunicorn answers an unknown route before
            // reading a chunked body and then closes the connection the client is still writing to.
            const { method, path } = restRequestOf(workload, request);
            const answer = await stackRequest(suite.all, stack, { method, path });
            expect(answer.status, workload.id).toBe(404);
            expect(JSON.parse(answer.body.toString("utf8")), workload.id).toMatchObject({
              error: { code: "not_found" },
            });
          }
        }
      });
    }
  });
}
