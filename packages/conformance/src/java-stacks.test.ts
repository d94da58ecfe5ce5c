// The Java stacks (spring, grpc-java) held to the Node stacks' answers, each server started once: runtime-conformance.ts.
import { describeRuntimeConformance } from "./runtime-conformance";

describeRuntimeConformance("java");
