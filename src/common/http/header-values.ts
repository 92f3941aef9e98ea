/**
 * Stored values that Vellum answers in response headers (a file's `type` as `Content-Type`, its
 * download name inside `Content-Disposition`). Node refuses to send a header holding CR, LF or other
 * control characters, so such a value would fail every answer that carries it.
 */

/** RFC 9110 5.6.2 `tchar`. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 5.6.4, without `obs-text`: a header value is sent as Latin-1, and a stored string is Unicode. */
const QUOTED_STRING = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t \\x21-\\x7e])*"';
/** RFC 9110 8.3.1: `type "/" subtype`, then the parameters. */
const TYPE_AND_SUBTYPE = new RegExp(`^${TOKEN}/${TOKEN}`);
/**
 * One `OWS ";" OWS [ parameter ]`, a parameter's value a token or a quoted string. Matched one at a
 * time from where the last ended (sticky): as one regex, the spaces between two of them could be split
 * in many ways, and a long value that fails at its end would take quadratic time.
 */
const PARAMETER = new RegExp(`[\\t ]*;[\\t ]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?`, 'y');

/** C0 controls, DEL and C1 controls (Unicode category Cc). */
const CONTROL = /\p{Cc}/u;
const CONTROLS = /\p{Cc}/gu;

export const OCTET_STREAM = 'application/octet-stream';

export function isMediaType(value: string): boolean {
  const head = TYPE_AND_SUBTYPE.exec(value);
  if (!head) return false;
  for (let at = head[0].length; at < value.length; at = PARAMETER.lastIndex) {
    PARAMETER.lastIndex = at;
    if (!PARAMETER.test(value)) return false;
  }
  return true;
}

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** The `Content-Type` a stored type is answered with: itself when it is a media type, else bytes of no known type. */
export function servedMediaType(type: string | null | undefined): string {
  return type && isMediaType(type) ? type : OCTET_STREAM;
}

/** A name Vellum derives for a download (from an upload's or a URL's name, or a title), with each control character as `_`. */
export function cleanDownloadName(name: string): string {
  return name.replace(CONTROLS, '_');
}
