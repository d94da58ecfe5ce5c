import { describe, expect, it } from "vitest";
import { serializeSse, SseParser } from "./sse";

describe("SseParser", () => {
  it("reads id, event and data, across chunk boundaries", () => {
    const parser = new SseParser();
    expect(parser.push('id: 7\nevent: sample\ndata: {"a"')).toEqual([]);
    expect(parser.push(":1}\n\n: keep-alive\n\nid: 8\r\nevent: status\r\ndata: {}\r\n\r\n")).toEqual([
      { id: "7", event: "sample", data: '{"a":1}' },
      { id: "8", event: "status", data: "{}" },
    ]);
  });

  it("joins multi-line data and defaults the event name to message", () => {
    const parser = new SseParser();
    expect(parser.push("data: a\ndata: b\n\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("waits when a chunk ends in the middle of a CRLF", () => {
    const parser = new SseParser();
    expect(parser.push("event: x\r")).toEqual([]);
    expect(parser.push("\ndata: 1\r\n\r\n")).toEqual([{ event: "x", data: "1" }]);
  });

  it("round-trips what serializeSse writes", () => {
    const parser = new SseParser();
    const message = { id: "42", event: "progress", data: '{"fraction":0.5}' };
    expect(parser.push(serializeSse(message))).toEqual([message]);
  });
});
