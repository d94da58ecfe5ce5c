// Every port variable the stacks and their processes are configured by, read off the records, so
// the runner's targets and the services' own config parse the same names with the same defaults.
import { serviceProcessIds, sidePortOf, type ServiceProcessId } from "./service-processes";
import { DEFAULT_PAIR, stackIds, stackRecord, type StackId } from "./stacks";

export interface PortVariable {
  variable: string;
  default: number;
}

/** The variable and default port of each stack. */
export const stackPortVariable = (stack: StackId): PortVariable => stackRecord(stack).port;

/**
 * The stacks that may be left unserved ("off"): every stack but the default pair's two, which the
 * Node services always serve on REST_PORT and GRPC_PORT.
 */
export const optionalStackIds: readonly StackId[] = stackIds.filter(
  (stack) => stack !== DEFAULT_PAIR.rest && stack !== DEFAULT_PAIR.grpc,
);

/** The side ports (a gRPC process's /stats and /metrics port), by process. */
export const sidePortVariables: ReadonlyArray<{ process: ServiceProcessId } & PortVariable> = serviceProcessIds.flatMap(
  (process) => {
    const side = sidePortOf(process);
    return side ? [{ process, ...side }] : [];
  },
);
