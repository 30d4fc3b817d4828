// Shared settings of the k6 scenarios. Every scenario targets only the site on this machine and stops by itself.
import { isLoopbackUrl } from './loopback.mjs';

export const baseUrl = __ENV.BASE_URL || 'http://127.0.0.1:8080';

if (!isLoopbackUrl(baseUrl)) {
  throw new Error(`BASE_URL must be a loopback address, got ${baseUrl}`);
}
