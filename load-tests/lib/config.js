// Shared settings of the k6 scenarios. Every scenario targets only the site on this machine and stops by itself.
export const baseUrl = __ENV.BASE_URL || 'http://127.0.0.1:8080';

if (!/^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(baseUrl)) {
  throw new Error(`BASE_URL must be a loopback address, got ${baseUrl}`);
}
