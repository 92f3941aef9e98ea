/** The pattern of a `_regex` validation rule: `/source/flags` or a bare source. Throws SyntaxError when it does not compile. */
export function ruleRegex(source: string): RegExp {
  const wrapped = /^\/(.*)\/([gimsuy]*)$/s.exec(source);
  return wrapped ? new RegExp(wrapped[1], wrapped[2]) : new RegExp(source);
}
