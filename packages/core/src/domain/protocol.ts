import { z } from "zod";

/** The two protocol families every comparison has a side of; a stack record names which it is. */
export const protocolSchema = z.enum(["rest", "grpc"]);
export type Protocol = z.infer<typeof protocolSchema>;
