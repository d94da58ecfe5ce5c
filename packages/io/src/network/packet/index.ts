// The packet-level network emulator: namespaces joined by a veth, each direction delayed per packet
// by native/packet-delay at the receiving side's PREROUTING. See native/packet-delay/README.md.
export { detectPacketEmulation, type PacketEmulation } from "./capability";
export {
  openPacketLink,
  type ClosedLink,
  type PacketLink,
  type PacketLinkOptions,
  type PacketLinkSide,
} from "./packet-link";
export type { LinkCalibration } from "./calibration";
export type { LinkVerification } from "./link-verification";
export { cpuPerPacketUs, emulatorCostBetween, type EmulatorStats } from "./emulator-stats";
export { describeSweptLinks, sweepPacketLinks, type SweptLinks } from "./link-sweep";
export { BUILT_PACKET_DELAY, PACKET_DELAY_BUILD, locatePacketDelay, packetDelayVersion } from "./helper-binary";
export { LINK_ADDRESSES, NAMESPACE_PREFIX, type LinkSide } from "./link-names";
export type { LinkTools } from "./link-setup";
export { runNodeProgram, startNodeServer, type NamespacedServer } from "./node-in-namespace";
export { openHostLink, type HostLink, type HostLinkOptions, type LinkShape } from "./host-link";
