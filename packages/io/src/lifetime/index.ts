export { describeSweep, sweepLeftovers, type SweptLeftovers } from "./leftover-sweep";
export { ownChildProcess, ownDir } from "./own";
export {
  keepOwnedRecordIn,
  ownedNow,
  ownedRecordSchema,
  OWNED_RECORD_PREFIX,
  type OwnedDir,
  type OwnedProcess,
  type OwnedRecord,
} from "./owned-record";
export { identifyProcess, isStillRunning, type ProcessIdentity } from "./process-identity";
export { diesWithParent, spawnOwned } from "./spawn-owned";
