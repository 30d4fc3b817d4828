// Client addresses of the simulated readers. The site believes X-Forwarded-For from loopback (TRUST_PROXY's default),
// so each simulated reader is counted against the per-address rate limits as production counts a real one. Each
// kind of client has its own block of 10.0.0.0/8, so they never share an address.
export const ADDRESS_BLOCKS = {
  /** A virtual user is one reader's browser (k6 VU ids from 1). */
  browser: 0,
  /** The runner registering and logging in the seeded readers. */
  seeding: 1 << 22,
  /** Each authentication-churn iteration logs in from a device of its own. */
  churn: 1 << 23,
};
const BLOCK_SIZE = 1 << 22;

/** The `n`th address of a block. */
export const clientAddress = (block, n) => {
  const address = ADDRESS_BLOCKS[block] + (n % BLOCK_SIZE);
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};
