/** What the service says about itself; a console in main.ts, silence (or a recorder) in tests. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(`[runner] ${message}`),
  warn: (message) => console.warn(`[runner] warning: ${message}`),
  error: (message, error) => console.error(`[runner] error: ${message}`, ...(error === undefined ? [] : [error])),
};

export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
