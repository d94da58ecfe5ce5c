/** One parsed SSE message; `data` is `any`: tests assert on its shape instead of declaring it. */
export interface SseMessage {
  id: string | null;
  event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  data: any;
}

/**
 * A minimal EventSource for tests, over fetch: it lets a test send Last-Event-ID and Origin
 * itself, see the HTTP status, count heartbeat comments, and know when the server ended the stream.
 */
export class SseConnection {
  comments = 0;
  ended = false;
  private buffer = "";
  private readonly queue: SseMessage[] = [];
  private readonly decoder = new TextDecoder();

  private constructor(
    readonly status: number,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null,
    private readonly controller: AbortController,
  ) {}

  static async open(
    url: string,
    options: { lastEventId?: string | number; headers?: Record<string, string> } = {},
  ): Promise<SseConnection> {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: "text/event-stream", ...options.headers };
    if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
    const response = await fetch(url, { headers, signal: controller.signal });
    const reader = response.body?.getReader() ?? null;
    return new SseConnection(response.status, reader, controller);
  }

  /** The next message, or null once the server has ended the stream. Fails after `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<SseMessage | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.ended || this.reader === null) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no SSE message within the time limit");
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("no SSE message within the time limit")), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) {
        this.ended = true;
        this.parse(true);
      } else {
        this.buffer += this.decoder.decode(chunk.value, { stream: true });
        this.parse(false);
      }
    }
    return this.queue.shift()!;
  }

  /** Messages until (and including) the first that matches, or until the stream ends. */
  async until(predicate: (m: SseMessage) => boolean, timeoutMs = 5000): Promise<SseMessage[]> {
    const seen: SseMessage[] = [];
    for (;;) {
      const message = await this.next(timeoutMs);
      if (message === null) return seen;
      seen.push(message);
      if (predicate(message)) return seen;
    }
  }

  /** Every message to the end of the stream. */
  async rest(timeoutMs = 5000): Promise<SseMessage[]> {
    return this.until(() => false, timeoutMs);
  }

  close(): void {
    this.controller.abort();
  }

  private parse(final: boolean): void {
    const blocks = this.buffer.split("\n\n");
    this.buffer = final ? "" : blocks.pop()!;
    for (const block of blocks) {
      if (block.trim() === "") continue;
      let id: string | null = null;
      let event = "message";
      const data: string[] = [];
      let onlyComments = true;
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) continue;
        onlyComments = false;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "id") id = value;
        else if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (onlyComments) {
        this.comments += 1;
        continue;
      }
      if (data.length === 0) continue; // retry: and similar
      this.queue.push({ id, event, data: JSON.parse(data.join("\n")) });
    }
  }
}
