import { runSystemCommand } from "./system-tools";

/**
 * The addresses of a link whose server side is the host's own namespace (host-link.ts). Unlike a
 * link between two new namespaces, these are seen by the host, so each such link needs its own:
 * a /30 of 198.18.0.0/15 (the range reserved for benchmark networks, RFC 2544), 198.18.<n>.0/30
 * for n from 1 (198.18.0.0/30 is what links between two namespaces use inside them), its own veth
 * name and its own queue number in the host's namespace.
 */
export interface HostSubnet {
  /** The host's end: the services listen here. */
  server: string;
  /** The generators' end. */
  client: string;
  hostVeth: string;
  queue: number;
}

const FIRST = 1;
const LAST = 250;
/** Queue numbers in the host's namespace: far from 0, which the namespaces' own helpers bind inside them. */
const QUEUE_BASE = 1_000;

export const hostSubnet = (n: number): HostSubnet => ({
  server: `198.18.${n}.1`,
  client: `198.18.${n}.2`,
  hostVeth: `relixh${n}`,
  queue: QUEUE_BASE + n,
});

/** The first subnet whose addresses and veth name no interface of the host uses now. */
export async function chooseHostSubnet(ip: string): Promise<HostSubnet> {
  const addresses = await runSystemCommand([ip, "-4", "-o", "addr", "show"]);
  const links = await runSystemCommand([ip, "-o", "link", "show"]);
  for (let n = FIRST; n <= LAST; n++) {
    const subnet = hostSubnet(n);
    if (addresses.includes(` 198.18.${n}.`)) continue;
    if (links.includes(` ${subnet.hostVeth}:`) || links.includes(` ${subnet.hostVeth}@`)) continue;
    return subnet;
  }
  throw new Error(`every host subnet 198.18.${FIRST}-${LAST}.0/30 is in use: close other packet links first`);
}
