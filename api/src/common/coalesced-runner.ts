/**
 * One pass at a time for a background worker (the mail outbox, saved-search alerts): `run()`
 * starts `pass`, or, while one is running, asks for one more right after it, so any number of
 * calls during a pass make a single rerun. Errors of a pass go to `onError`, never to the caller.
 * No rerun starts once `stopped()` is true.
 */
export class CoalescedRunner {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly stopped: () => boolean,
  ) {}

  /** Starts a pass, or asks the running one for one more; resolves when the passes end. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          this.onError(error);
        }
      } while (this.again && !this.stopped());
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The running passes (null when idle): what a stop waits for. */
  get current(): Promise<void> | null {
    return this.running;
  }
}
