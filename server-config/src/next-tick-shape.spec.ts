import { createHook } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pinNextTickShape } from './next-tick-shape';

// V8's own view of object shapes, and a garbage collection on demand (flags set before the functions are compiled).
setFlagsFromString('--allow-natives-syntax');
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** The object `process.nextTick` builds for its next tick. */
function nextTickObject(): object {
  let tick: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource: object) {
      if (type === 'TickObject') tick ??= resource;
    },
  }).enable();
  process.nextTick(() => undefined);
  hook.disable();
  return tick!;
}

describe('pinNextTickShape', () => {
  it('holds a tick object, once however often it is called', () => {
    const pinned = pinNextTickShape();
    expect(haveSameMap(pinned, nextTickObject())).toBe(true);
    expect(pinNextTickShape()).toBe(pinned);
  });

  it('keeps the shape ticks are built with through garbage collections, when no other tick is alive', async () => {
    // Weakly here: what keeps the tick object (and its shape) alive must be the pin.
    const pinned = new WeakRef(pinNextTickShape());
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    const tick = pinned.deref();
    expect(tick).toBeDefined();
    expect(haveSameMap(tick!, nextTickObject())).toBe(true);
    expect(haveSameMap(tick!, { callback: () => undefined, args: undefined })).toBe(false);
  });
});
