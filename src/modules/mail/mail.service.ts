import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { AppLogger } from '../../common/logging/app-logger';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { mailTransportNotice } from './mail-transport-notice';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Outgoing mail: SMTP (`EMAIL_TRANSPORT=smtp`) or, for development, the log. */
@Injectable()
export class MailService implements OnApplicationBootstrap, OnModuleDestroy {
  private transporter?: Transporter;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: AppLogger,
  ) {}

  onApplicationBootstrap(): void {
    const notice = mailTransportNotice(this.config);
    if (notice) this.logger[notice.level]({ transport: this.config.email.transport }, notice.message);
  }

  /** Made at the first mail: nodemailer is loaded then, not at start. */
  private transport(): Transporter {
    if (this.transporter) return this.transporter;
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    const { smtp } = this.config.email;
    this.transporter = createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ignoreTLS: smtp.ignoreTls,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    });
    return this.transporter;
  }

  async send(mail: Mail): Promise<void> {
    // The body's links carry reset and invite tokens: the log transport records who and what, not the body.
    if (this.config.email.transport === 'log') {
      this.logger.info({ to: mail.to, subject: mail.subject }, 'mail not delivered (EMAIL_TRANSPORT=log)');
      return;
    }
    await this.transport().sendMail({ from: this.config.email.from, ...mail });
  }

  /**
   * Mail that must not delay or fail the request (API.md 3.4: the reset mail is sent asynchronously,
   * so the answer's timing does not depend on the mail server); failures go to the log.
   */
  sendInBackground(mail: Mail): void {
    const sending: Promise<void> = this.send(mail)
      .catch((err: unknown) => this.logger.error({ err, to: mail.to }, 'mail could not be sent'))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** Resolves once every background mail started so far has been accepted by the server or has failed. */
  async settled(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  /** A mail promised by an answer already given is sent before the connection closes (main.ts bounds the wait). */
  async onModuleDestroy(): Promise<void> {
    await this.settled();
    this.transporter?.close();
  }
}
