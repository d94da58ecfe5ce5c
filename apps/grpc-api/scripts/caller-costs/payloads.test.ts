import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstDifference, getWorkload } from "@relix/core";
import { protobufCodecOf } from "@relix/io/proto/protobuf-bodies";
import { writePayloads, type WorkloadPayload } from "./payloads";

let dir: string;
let payloads: WorkloadPayload[];
const read = (name: string) => readFileSync(path.join(dir, name));
const find = (id: string) => payloads.find((p) => p.entry.id === id);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "relix-payloads-test-"));
  payloads = await writePayloads(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writePayloads", () => {
  it("takes the workloads with payloads and leaves out streams and calls of a few bytes", () => {
    const ids = payloads.map((p) => p.entry.id);
    expect(ids).toEqual(expect.arrayContaining(["item.get", "item.list", "meteorites.get", "echo", "math.dot"]));
    for (const small of ["noop", "math.add", "meteorites.version"]) expect(ids).not.toContain(small);
    for (const stream of ["item.stream", "meteorites.stream", "upload.stream"]) expect(ids).not.toContain(stream);
  });

  it("writes a reply that decodes to the same data as JSON and as protobuf", () => {
    for (const { entry } of payloads) {
      const json: unknown = JSON.parse(read(entry.reply.json).toString("utf8"));
      const protobuf = protobufCodecOf(getWorkload(entry.id)).responseDeserialize(read(entry.reply.protobuf));
      expect(firstDifference(json, protobuf), entry.id).toBeNull();
    }
  });

  it("writes the REST request body a caller sends, and none for a GET or a raw upload", () => {
    const echo = find("echo")!;
    expect(JSON.parse(read(echo.entry.request.json!).toString("utf8"))).toMatchObject({
      data: { field0: expect.any(String) },
    });
    expect(echo.requestBytes.json).toBe(read(echo.entry.request.json!).length);
    expect(find("item.get")!.entry.request.json).toBeNull();
    expect(find("image.raw")!.entry.request).toMatchObject({ json: null, protobuf: "image.raw.request.pb" });
  });

  it("names the protobuf messages the Go and Python workers look the classes up by", () => {
    expect(find("meteorites.get")!.entry).toMatchObject({
      requestMessage: "relix.v1.ListRequest",
      replyMessage: "relix.v1.MeteoriteList",
      request: { protobuf: null },
    });
    const manifest = JSON.parse(read("manifest.json").toString("utf8")) as { workloads: { id: string }[] };
    expect(manifest.workloads.map((w) => w.id)).toEqual(payloads.map((p) => p.entry.id));
  });

  it("refuses a workload it does not know rather than measuring nothing", async () => {
    await expect(writePayloads(dir, ["item.gett"])).rejects.toThrow(/unknown workload/);
  });
});
