import { escapeHtml } from '../../../common/escape-html';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
import type { Mail } from '../../mail/mail.service';

export interface ShareInviter {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** How the reference names a user in mails: the full name, else the first name, else the address. */
export function inviterName(user: ShareInviter): string {
  if (user.first_name && user.last_name) return `${user.first_name} ${user.last_name}`;
  return user.first_name || user.email || 'Unknown User';
}

/** The mail of `POST /shares/invite` for one address: who shares, which collection, and the share's link in the Studio. */
export function shareInviteMail(to: string, inviter: ShareInviter, collection: string, link: string): Mail {
  const name = inviterName(inviter);
  return {
    to,
    subject: `${name} has shared an item with you`,
    text: `Hello!\n\n${name} has invited you to view an item in ${collection}.\n\nOpen it: ${link}`,
    html: `<p>Hello!</p><p>${escapeHtml(name)} has invited you to view an item in ${escapeHtml(collection)}.</p><p><a href="${escapeHtml(link)}">Open</a></p>`,
  };
}

/** The body of `POST /shares/invite`: `{ share, emails }`, the share's id and the addresses to mail. */
export function readInviteBody(body: unknown): { share: string; emails: string[] } {
  if (!isPlainObject(body) || typeof body.share !== 'string' || body.share === '')
    throw new InvalidPayloadError('"share" is required');
  const emails = body.emails;
  if (!Array.isArray(emails) || !emails.every((email) => typeof email === 'string' && email !== '')) {
    throw new InvalidPayloadError('"emails" must be an array of email addresses');
  }
  return { share: body.share, emails: emails as string[] };
}
