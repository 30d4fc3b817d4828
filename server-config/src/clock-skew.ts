/**
 * A fault of the nemesis suite (docs/architecture.md, "Crash points"): with CLOCK_SKEW_MS=n (say ±20000) the process's
 * wall clock reads n ms off, as a machine whose clock was stepped or drifted: `Date.now()` and `new Date()` (without
 * arguments) are moved; timers and `performance.now()` are not. Off unless set, and only for a finite whole number.
 */
export function skewClock(variables: Readonly<Record<string, string | undefined>>): number {
  const skew = Number(variables.CLOCK_SKEW_MS ?? 0);
  if (!Number.isInteger(skew) || skew === 0) return 0;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class SkewedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + skew);
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return realNow() + skew;
    }
  }
  globalThis.Date = SkewedDate as DateConstructor;
  return skew;
}
