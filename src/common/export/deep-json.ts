/** An object or array still to be written, or text to write as it is. */
type Step = string | { value: unknown; depth: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  );
}

/** Database values JSON.stringify cannot write as the API answers them: bigints as text, Buffers as base64. */
function scalarText(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  return JSON.stringify(value) ?? 'null';
}

/**
 * The text `JSON.stringify(value, null, indent)` writes (bigints and Buffers as the API answers them),
 * built with a stack of its own: JSON.stringify recurses, and a value stored thousands of levels deep
 * exceeds the call stack (RangeError) where this only takes memory. Members deeper than `indentDepth`
 * are written compact: indentation grows with the square of the depth (20,000 levels: 200 MB of tabs).
 */
export function deepJsonText(root: unknown, indent = '', indentDepth = Infinity): string {
  let out = '';
  const steps: Step[] = [{ value: root, depth: 0 }];
  while (steps.length) {
    const step = steps.pop()!;
    if (typeof step === 'string') {
      out += step;
      continue;
    }
    const { value, depth } = step;
    const array = Array.isArray(value);
    if (!array && !isRecord(value)) {
      out += scalarText(value);
      continue;
    }
    const members: [string | null, unknown][] = array
      ? value.map((v): [null, unknown] => [null, v === undefined || typeof v === 'function' ? null : v])
      : Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    if (members.length === 0) {
      out += open + close;
      continue;
    }
    const indented = indent !== '' && depth < indentDepth;
    const inner = indented ? `\n${indent.repeat(depth + 1)}` : '';
    out += open;
    steps.push(`${indented ? `\n${indent.repeat(depth)}` : ''}${close}`);
    for (let i = members.length - 1; i >= 0; i--) {
      const [key, member] = members[i];
      steps.push({ value: member, depth: depth + 1 });
      steps.push(`${i > 0 ? ',' : ''}${inner}${key === null ? '' : JSON.stringify(key) + (indented ? ': ' : ':')}`);
    }
  }
  return out;
}
