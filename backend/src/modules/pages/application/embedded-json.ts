/** Characters that could end or confuse a <script> element (`</script>`, `<!--`) or a JavaScript string. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * `value` as JSON to put inside a `<script type="application/json">`: whatever its strings hold (a book titled
 * `</script><script>…`), they cannot end the element, as `<`, `>` and `&` are written as \u escapes, which JSON.parse
 * reads back as they were.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` as HTML text or attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
