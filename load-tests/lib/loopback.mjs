// Load runs target only a site on this machine.
export const isLoopbackUrl = (url) => /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);
