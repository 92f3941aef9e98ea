/** `@` followed by a user's key (a version 4 uuid), as the Studio writes a mention into a comment. */
const MENTION = /@([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})/gi;

export interface PersonName {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** The users a comment mentions, each once, keys in lower case as they are stored. */
export function mentionedUsers(comment: string): string[] {
  return [...new Set([...comment.matchAll(MENTION)].map((m) => m[1].toLowerCase()))];
}

/** How a notice names someone: their full name, else their address. */
export function personName(person: PersonName | null | undefined): string {
  const full = [person?.first_name, person?.last_name].filter((part) => part && part.trim() !== '').join(' ');
  return full || person?.email || 'Unknown user';
}

export interface MentionNoticeInput {
  comment: string;
  collection: string;
  recipient: string;
  sender: string;
  /** Names of the mentioned users the recipient may know; others read "Unknown user". */
  names: Record<string, string>;
}

/**
 * The notification a mention sends: who mentioned the recipient where, and the comment quoted with
 * each mention written as a name (a raw key tells a reader nothing). The item's link is added by the mail.
 */
export function mentionNotice(input: MentionNoticeInput): { subject: string; message: string } {
  const text = input.comment.replace(
    MENTION,
    (_m, id: string) => `@${input.names[id.toLowerCase()] ?? 'Unknown user'}`,
  );
  const quoted = text
    .split(/\n+/)
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    subject: `${input.sender} mentioned you on ${input.collection}`,
    message: `Hello ${input.recipient},\n\n${input.sender} mentioned you in a comment on an item of ${input.collection}:\n\n${quoted}`,
  };
}
