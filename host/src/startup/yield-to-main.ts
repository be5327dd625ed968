/**
 * Ends the current task so the browser can paint and handle input, and resumes in a new task
 * (docs/product.md §23: no task of the first view should run past 50 ms on a phone). Uses the Prioritized
 * Task Scheduling API's `scheduler.yield()` where the browser has it (Chromium 129+: resumes
 * before other queued tasks), else a `MessageChannel` message (a macrotask without
 * `setTimeout`'s 4 ms clamp), else (jsdom in tests has neither) `setTimeout(0)`.
 * @returns a promise resolved in a later task
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
