import type { MeteoriteList } from "@relix/core";
import type { Repository } from "../repository/repository";
import type { CallContext } from "@relix/core/calls/call-context";

/** The version string study 003's "small" call returns. */
export const METEORITES_API_VERSION = "relix-meteorites/1.0.0";

export function createMeteoriteService(repository: Repository) {
  let uploadedRecords = 0;
  return {
    version: () => ({ version: METEORITES_API_VERSION }),
    list: async (ctx: CallContext): Promise<MeteoriteList> => ({
      items: await repository.listMeteorites(ctx.cacheMode),
    }),
    /** Study 003's upload: the records arrive validated by the transport; they are counted, not stored. */
    upload: (list: MeteoriteList) => {
      uploadedRecords += list.items.length;
      return { status: "SUCCESS", count: list.items.length };
    },
    uploadedRecords: () => uploadedRecords,
  };
}
