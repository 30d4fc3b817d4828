/**
 * Resolves with what `read` resolves with within `ms`, or null (an error, or no answer in time): for reports that must
 * answer while a dependency is away (health, metrics). The read itself is not cancelled; the store and Redis bound
 * their own calls.
 */
export async function within<T>(read: () => Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, ms))));
  try {
    return await Promise.race([read(), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
