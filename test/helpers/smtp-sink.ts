import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  /** EMAIL_* variables that point Vellum at this server. */
  env: Record<string, string>;
  mails: Email[];
  /** Resolves with the first mail (received or still to come) addressed to `to`. */
  waitFor(to: string, timeoutMs?: number): Promise<Email>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1, port 0, that keeps every mail it receives, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: Email[] = [];
  const waiters: { to: string; resolve: (mail: Email) => void }[] = [];
  const addressedTo = (mail: Email, to: string) =>
    (mail.to ?? []).some((a) => a.address?.toLowerCase() === to.toLowerCase());

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            mails.push(mail);
            for (const waiter of waiters.filter((w) => addressedTo(mail, w.to))) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    env: {
      EMAIL_TRANSPORT: 'smtp',
      EMAIL_SMTP_HOST: '127.0.0.1',
      EMAIL_SMTP_PORT: String(port),
      EMAIL_SMTP_IGNORE_TLS: 'true',
      EMAIL_FROM: 'vellum@example.com',
    },
    mails,
    waitFor(to, timeoutMs = 10_000) {
      const received = mails.find((mail) => addressedTo(mail, to));
      if (received) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        // Timeout guard: a mail that never comes fails the test rather than hanging it.
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ to, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
