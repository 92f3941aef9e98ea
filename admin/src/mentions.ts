/** `@` and a user's key (a version 4 uuid): how a comment mentions someone, as the API reads it to notify them. */
const MENTION = /@([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})/gi;

export type Segment = { text: string } | { user: string };

/** A comment cut into plain text and mentions, in order, so each mention can be shown as a name. */
export function commentSegments(comment: string): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  for (const match of comment.matchAll(MENTION)) {
    if (match.index > from) segments.push({ text: comment.slice(from, match.index) });
    segments.push({ user: match[1].toLowerCase() });
    from = match.index + match[0].length;
  }
  if (from < comment.length) segments.push({ text: comment.slice(from) });
  return segments;
}

export interface MentionDraft {
  /** Where the `@` stands. */
  start: number;
  /** What follows it up to the caret: the name being looked for. */
  query: string;
}

/** The mention being typed at the caret: an `@` at the start or after a space, then no space up to the caret. */
export function mentionAt(text: string, caret: number): MentionDraft | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2] };
}

/** The text with the draft at the caret replaced by a mention of `user`, and where the caret goes next. */
export function insertMention(
  text: string,
  draft: MentionDraft,
  caret: number,
  user: string,
): { text: string; caret: number } {
  const mention = `@${user} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, draft.start) + mention + rest, caret: draft.start + mention.length };
}
