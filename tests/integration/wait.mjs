// wait.mjs -- the one way a test waits: on a condition, with a deadline generous for a
// slow or busy machine (a Raspberry Pi, a CI box beside stress-ng). A wait times nothing:
// it returns as soon as its condition holds, and the deadline only ends a wait that
// would never end.

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Retry fn until it returns a truthy value, and return that value. fn may throw (not
 * ready yet: retried). giveUp(), asked after each try, returns why waiting longer is
 * useless (the process under test exited) or a falsy value; message is what is awaited,
 * a string or a function read when the wait fails. */
export async function eventually(fn, { timeout = 30000, interval = 100, message = 'condition', giveUp } = {}) {
  let late = false;
  const timer = setTimeout(() => { late = true; }, timeout);
  try {
    for (let last; ; await sleep(interval)) {
      try {
        const v = await fn();
        if (v) return v;
        last = v;
      } catch (e) {
        last = e;
      }
      const what = () => (typeof message === 'function' ? message() : message);
      const why = giveUp && giveUp();
      if (why) throw new Error(`gave up waiting for ${what()}: ${why}`);
      if (late) {
        const seen = last instanceof Error ? `: ${last.message}` : last !== undefined ? ` (last: ${JSON.stringify(last)})` : '';
        throw new Error(`timed out after ${timeout / 1000} s waiting for ${what()}${seen}`);
      }
    }
  } finally {
    clearTimeout(timer);
  }
}
