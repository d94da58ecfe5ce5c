/** A bad flag or value: the CLI prints the message on one line and exits 2 without running anything. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
