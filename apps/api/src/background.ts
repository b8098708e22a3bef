// Work the server does after an answer has gone (the link mails of sign-up and forgot password, sent
// later so the answer's timing tells nothing). Each task is tracked until it has finished, so shutdown
// lets it finish before the database closes, and a test can wait for everything a request started
// instead of sleeping and hoping it is done.
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (line: string) => void) {}

  /** Runs `task` on a later turn of the event loop (after the current answer); a failure is logged. */
  later(failure: string, task: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log(`${failure}: ${String(error)}`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once no task is left, including tasks started while it waited. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }
}
