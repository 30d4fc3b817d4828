/**
 * The comment an address's hash points at (`#{comment_id}`, percent-encoded), or null when the hash is empty or not
 * valid percent-encoding: a malformed address shows the page without a highlighted comment.
 */
export function commentIdOfHash(hash: string): string | null {
  try {
    return decodeURIComponent(hash.replace(/^#/, '')) || null;
  } catch {
    return null;
  }
}
