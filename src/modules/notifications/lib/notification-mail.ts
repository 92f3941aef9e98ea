import { escapeHtml } from '../../../common/escape-html';
import type { Mail } from '../../mail/mail.service';

export interface NotificationToMail {
  subject: string;
  message: string | null;
  collection: string | null;
  item: string | number | null;
  recipient: { email: string | null; email_notifications: boolean | number | null } | null;
}

/**
 * The mail a new notification sends, or null when its recipient has no address or turned email
 * notifications off (as the reference does). The message is the sender's text: escaped, never markup
 * the sender could use to dress a link up as something else. A notification about an item links to it in the Studio.
 */
export function notificationMail(notification: NotificationToMail, publicUrl: string): Mail | null {
  const recipient = notification.recipient;
  // MySQL and SQLite answer booleans as 0/1.
  if (!recipient?.email || !recipient.email_notifications) return null;
  const message = notification.message ?? '';
  const link =
    notification.collection && notification.item !== null && notification.item !== ''
      ? `${publicUrl}/admin/content/${encodeURIComponent(notification.collection)}/${encodeURIComponent(String(notification.item))}`
      : null;
  const paragraphs = message
    .split(/\n{2,}/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  if (link) paragraphs.push(`<p><a href="${escapeHtml(link)}">Open the item</a></p>`);
  return {
    to: recipient.email,
    subject: notification.subject,
    text: link ? `${message}\n\n${link}`.trimStart() : message,
    html: paragraphs.join(''),
  };
}
