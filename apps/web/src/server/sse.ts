// A small incremental parser for text/event-stream (the WHATWG rules the proxy needs: id, event,
// data over several lines, comments, CR/LF/CRLF line ends) and the matching serializer.

export interface SseMessage {
  id?: string;
  event: string;
  data: string;
}

export class SseParser {
  #buffer = "";
  #id: string | undefined;
  #event = "";
  #data: string[] = [];

  /** Feeds a chunk of text; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.#buffer += chunk;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      if (!match) break;
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (match[0] === "\r" && match.index === this.#buffer.length - 1) break;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      const message = this.#line(line);
      if (message) out.push(message);
    }
    return out;
  }

  #line(line: string): SseMessage | null {
    if (line === "") {
      if (this.#data.length === 0) {
        this.#event = "";
        return null;
      }
      const message: SseMessage = { event: this.#event || "message", data: this.#data.join("\n") };
      if (this.#id !== undefined) message.id = this.#id;
      this.#event = "";
      this.#data = [];
      return message;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.#data.push(value);
    else if (field === "event") this.#event = value;
    else if (field === "id" && !value.includes("\0")) this.#id = value;
    return null;
  }
}

/** One message as SSE text. JSON data has no raw newlines, but split anyway to stay correct. */
export function serializeSse(message: SseMessage): string {
  let text = "";
  if (message.id !== undefined) text += `id: ${message.id.replace(/[\r\n]/g, "")}\n`;
  text += `event: ${message.event.replace(/[\r\n]/g, "")}\n`;
  for (const line of message.data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}
