import { jsonShapeReason, MAX_JSON_DEPTH } from '../../../common/http/json-body';
import { jsonTextMayHoldPrototypeKey } from '../../../common/prototype-keys';
import type { ImportRow } from './import-rows';
import { lineError } from './line-error';

const STRING_SPECIAL = /["\\]/g;
const STRUCTURE = /["{}[\]]/g;
const WHITESPACE = new Set([' ', '\t', '\r', '\n']);

type ScanState = 'start' | 'open' | 'comma' | 'element' | 'after-element' | 'done';

function countNewlines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** `deepest`: the element's nesting as the scanner counted it, so only a record that may be refused is walked. */
function parseElement(text: string, line: number, deepest: number): Record<string, unknown> {
  let element: Record<string, unknown>;
  try {
    element = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw lineError(line, `invalid JSON (${(e as Error).message})`);
  }
  // Bounded and checked as a body is; the walk stops at the limit, whatever the record's depth.
  const reason =
    deepest > MAX_JSON_DEPTH || jsonTextMayHoldPrototypeKey(text) ? jsonShapeReason(element, 'the record') : null;
  if (reason) throw lineError(line, reason);
  return element;
}

/**
 * A small streaming scanner for a top-level JSON array of objects, fed one piece of text at a time:
 * it only tracks strings, escapes and nesting to find each element's end, so an element split across
 * pieces is carried over whole and a malformed file is refused naming its line.
 */
export class JsonArrayScanner {
  private state: ScanState = 'start';
  private line = 1;
  private depth = 0;
  /** The current element's deepest nesting so far. */
  private deepest = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];
  private elementLine = 0;
  private row = 0;

  /** The rows this piece completes. */
  feed(text: string): ImportRow[] {
    const found: ImportRow[] = [];
    let elementStart = this.state === 'element' ? 0 : -1;
    let i = 0;
    while (i < text.length) {
      if (this.state !== 'element') {
        if (this.between(text[i])) elementStart = i;
        i++;
        continue;
      }
      const end = this.elementEnd(text, i);
      if (end === -1) break;
      i = end;
      if (this.depth === 0) {
        this.parts.push(text.slice(elementStart, i));
        found.push(this.completeElement());
        elementStart = -1;
      }
    }
    if (this.state === 'element') this.parts.push(text.slice(elementStart));
    return found;
  }

  /** Throws when the file ended before its top-level array did. */
  finish(): void {
    if (this.state !== 'done')
      throw lineError(
        this.line,
        this.state === 'start' ? 'the file is empty' : 'the file ends before the top-level array is closed',
      );
  }

  /** Reads one character outside an element; true when it opens one. */
  private between(c: string): boolean {
    if (c === '\n') this.line++;
    if (WHITESPACE.has(c)) return false;
    const state = this.state;
    if (state === 'start' && c === '[') this.state = 'open';
    else if ((state === 'open' || state === 'after-element') && c === ']') this.state = 'done';
    else if (state === 'after-element' && c === ',') this.state = 'comma';
    else if ((state === 'open' || state === 'comma') && c === '{') {
      this.state = 'element';
      this.depth = this.deepest = 1;
      this.elementLine = this.line;
      return true;
    } else if (state === 'start') throw lineError(this.line, 'a JSON import file must hold one top-level array');
    else if (state === 'done') throw lineError(this.line, 'unexpected content after the top-level array');
    else if (state === 'open' || state === 'comma') throw lineError(this.line, `row ${this.row + 1} is not an object`);
    else throw lineError(this.line, 'expected "," or "]" after a row');
    return false;
  }

  /** Scans inside an element from `i` up to the next significant character; -1 when the piece ends first. */
  private elementEnd(text: string, i: number): number {
    if (this.escaped) {
      this.escaped = false;
      return i + 1;
    }
    const pattern = this.inString ? STRING_SPECIAL : STRUCTURE;
    pattern.lastIndex = i;
    const match = pattern.exec(text);
    if (!match) return -1;
    const c = match[0];
    if (this.inString) {
      if (c === '\\') this.escaped = true;
      else this.inString = false;
    } else if (c === '"') this.inString = true;
    else if (c === '{' || c === '[') {
      if (++this.depth > this.deepest) this.deepest = this.depth;
    } else if (--this.depth === 0) this.state = 'after-element';
    return match.index + 1;
  }

  private completeElement(): ImportRow {
    const element = this.parts.join('');
    this.parts = [];
    this.row++;
    const row = { row: this.row, line: this.elementLine, data: parseElement(element, this.elementLine, this.deepest) };
    this.line += countNewlines(element);
    return row;
  }
}
