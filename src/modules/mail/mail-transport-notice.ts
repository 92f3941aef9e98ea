import type { AppConfig } from '../../config/app-config';

export interface MailTransportNotice {
  level: 'info' | 'warn';
  message: string;
}

/**
 * What start-up says about outgoing mail. The `log` transport (the default) delivers nothing and logs
 * each mail's recipient and subject only: a mail's links carry reset and invite tokens, and a log is
 * read by more people than the mailbox. In production that means resets and invites reach nobody.
 */
export function mailTransportNotice(config: Pick<AppConfig, 'nodeEnv' | 'email'>): MailTransportNotice | undefined {
  if (config.email.transport !== 'log') return undefined;
  if (config.nodeEnv === 'production') {
    return {
      level: 'warn',
      message:
        'EMAIL_TRANSPORT is "log" in production: mail is not delivered. Password resets, user invites and ' +
        'notifications reach nobody. Set EMAIL_TRANSPORT=smtp and EMAIL_SMTP_HOST (EMAIL_SMTP_*).',
    };
  }
  return {
    level: 'info',
    message:
      'EMAIL_TRANSPORT is "log": mail is not delivered; the log shows each mail\'s recipient and subject, never its content.',
  };
}
