// The network emulator (Toxiproxy) and the RTT probe that checks what it reaches.
export { locateToxiproxy, toxiproxyVersion, TOXIPROXY_INSTALL, TOXIPROXY_MODULE } from "./toxiproxy-executable";
export {
  startToxiproxy,
  type Toxic,
  type ToxicStream,
  type ToxiproxyProxy,
  type ToxiproxyServer,
} from "./toxiproxy-server";
export { measureRtt, startEchoServer, type EchoServer, type RttProbeOptions } from "./rtt-probe";
