import { MailService } from '../../src/modules/mail/mail.service';
import type { TestApp } from './test-app';

/**
 * Every mail the app has started to send so far has reached the SMTP sink or failed: a check that a
 * request sent no mail looks at the sink after this, rather than after a pause.
 */
export function mailSettled(t: TestApp): Promise<void> {
  return t.app.get(MailService).settled();
}
