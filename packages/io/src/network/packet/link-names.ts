import type { ProcessIdentity } from "../../lifetime/process-identity";

/**
 * The names and addresses of one packet link. Both ends of the veth are created inside the
 * namespaces, never in the host's, so their names and the addresses need only be unique within
 * a link: every link uses the same ones. The namespaces' names are host-wide, so they carry the
 * owner's pid and start time (no other process, now or later in this boot, has both) and a
 * sequence number: a reader of `ip netns list` sees whose they are, and the sweep can check it.
 */

/** Every namespace a packet link creates is named `relix-<pid>-<start time>-<n>-<side>`. */
export const NAMESPACE_PREFIX = "relix-";

/** Load generators on one side, services on the other. */
export type LinkSide = "client" | "server";
export const LINK_SIDES: readonly LinkSide[] = ["client", "server"];

/** From 198.18.0.0/15, the range reserved for benchmark networks (RFC 2544): never routed anywhere. */
export const LINK_ADDRESSES: Readonly<Record<LinkSide, string>> = { client: "198.18.0.1", server: "198.18.0.2" };
export const LINK_PREFIX_LENGTH = 30;

export const VETH_NAMES: Readonly<Record<LinkSide, string>> = { client: "relix-client", server: "relix-server" };

/** Queue numbers are per namespace: each side's emulator binds the same one in its own. */
export const QUEUE_NUMBER = 0;

export function linkBaseName(owner: ProcessIdentity, sequence: number): string {
  return `${NAMESPACE_PREFIX}${owner.pid}-${owner.startTime}-${sequence}`;
}

export function namespaceName(base: string, side: LinkSide): string {
  return `${base}-${side}`;
}

/** Whether `name` is a namespace name this owner would have given (a check the sweep makes). */
export function isNamespaceOf(name: string, owner: ProcessIdentity): boolean {
  return new RegExp(`^${NAMESPACE_PREFIX}${owner.pid}-${owner.startTime}-\\d+-(client|server)$`).test(name);
}

/** Whether `comment` is the tag of a host rule this owner's link would have added (a check the sweep makes). */
export function isHostRuleOf(comment: string, owner: ProcessIdentity): boolean {
  return new RegExp(`^${NAMESPACE_PREFIX}${owner.pid}-${owner.startTime}-\\d+$`).test(comment);
}
