// The run's headline pair: which REST stack is compared with which gRPC stack in every cell's
// verdict (`--pair spring,grpc-java`). Absent: express and grpc-js when the run measures them, else
// its first REST and first gRPC stack (stacks/stack-pair.ts runPairOf). The pair's two stacks are
// measured whether the stacks list names them or not (resolveRunRequest adds them).
import { z } from "zod";
import { DEFAULT_PAIR, stackIds, stackIdSchema, stackRecord, type StackId } from "../stacks/stacks";
import type { StackPair } from "../stacks/stack-pair";
import { FlagValueError, parseList } from "./flag-values";
import { singleFlag } from "./one-flag";
import { defineRunField } from "./run-field";

const ofFamily = (family: "rest" | "grpc") => stackIds.filter((id) => stackRecord(id).family === family);

export const pairSchema = z
  .object({ rest: stackIdSchema, grpc: stackIdSchema })
  .strict()
  .refine((pair) => stackRecord(pair.rest).family === "rest", {
    message: `the pair's REST side must be a REST stack (${ofFamily("rest").join(", ")})`,
    path: ["rest"],
  })
  .refine((pair) => stackRecord(pair.grpc).family === "grpc", {
    message: `the pair's gRPC side must be a gRPC stack (${ofFamily("grpc").join(", ")})`,
    path: ["grpc"],
  });

/** "spring,grpc-java" (either order): one REST stack and one gRPC stack. */
function parsePair(flag: string, raw: string): StackPair {
  const named = parseList(flag, raw).map((name) => {
    const known = stackIds.find((id) => id === name);
    if (!known)
      throw new FlagValueError(
        `--${flag} ${JSON.stringify(raw)}: unknown stack "${name}" (use ${stackIds.join(", ")})`,
      );
    return known;
  });
  const side = (family: "rest" | "grpc"): StackId[] => named.filter((id) => stackRecord(id).family === family);
  const [rest, grpc] = [side("rest"), side("grpc")];
  if (named.length !== 2 || rest.length !== 1 || grpc.length !== 1)
    throw new FlagValueError(
      `--${flag} ${JSON.stringify(raw)}: name one REST stack (${ofFamily("rest").join(", ")}) and one gRPC stack (${ofFamily("grpc").join(", ")})`,
    );
  return { rest: rest[0]!, grpc: grpc[0]! };
}

export const pairField = defineRunField({
  key: "pair",
  schema: pairSchema.optional(),
  cli: singleFlag(
    {
      name: "pair",
      value: "REST,GRPC",
      example: "spring,grpc-java",
      help: `the REST stack and the gRPC stack every cell's verdict compares (both measured, added to --stacks when absent); default: ${DEFAULT_PAIR.rest},${DEFAULT_PAIR.grpc} when measured, else the first REST and first gRPC stack of --stacks`,
    },
    parsePair,
    (pair) => `${pair.rest},${pair.grpc}`,
  ),
  form: { input: "section" },
});
