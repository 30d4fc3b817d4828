import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs `body` in a fresh Node process with the built pinNextTickShape as `pin`, V8's `%HaveSameMap` as `haveSameMap`,
 * `gc`, and `nextTickObject()` (the object `process.nextTick` builds for its next tick); resolves with what it prints.
 * A fresh process, because a test runner's worker has run other files' ticks and collections before this one, which is
 * the very state (a tick literal V8 has given up on) the pin exists to prevent.
 */
function inFreshProcess(body: string): string {
  const script = `
    const { createHook } = require('node:async_hooks');
    const { pinNextTickShape: pin } = require(${JSON.stringify(join(__dirname, '../dist/next-tick-shape.js'))});
    const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    function nextTickObject() {
      let tick;
      const hook = createHook({ init(_id, type, _trigger, resource) { if (type === 'TickObject') tick ??= resource; } }).enable();
      process.nextTick(() => undefined);
      hook.disable();
      return tick;
    }
    (async () => { ${body} })();`;
  return execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '-e', script], { encoding: 'utf8' }).trim();
}

describe('pinNextTickShape', () => {
  it('holds a tick object, once however often it is called', () => {
    expect(inFreshProcess('const pinned = pin(); console.log(haveSameMap(pinned, nextTickObject()), pin() === pinned);')).toBe('true true');
  });

  it('keeps the shape ticks are built with through garbage collections, when no other tick is alive', () => {
    // Weakly here: what keeps the tick object (and its shape) alive must be the pin.
    const printed = inFreshProcess(`
      const pinned = new WeakRef(pin());
      for (let round = 0; round < 3; round++) {
        await new Promise((resolve) => setImmediate(resolve));
        gc();
      }
      const tick = pinned.deref();
      console.log(tick !== undefined, haveSameMap(tick, nextTickObject()), haveSameMap(tick, { callback: () => undefined, args: undefined }));`);
    expect(printed).toBe('true true false');
  });
});
