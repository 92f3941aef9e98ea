import { mailTransportNotice } from './mail-transport-notice';

const email = (transport: 'log' | 'smtp') => ({
  transport,
  from: 'no-reply@example.com',
  smtp: { secure: false, ignoreTls: false },
});

describe(mailTransportNotice.name, () => {
  it.each([
    ['development', 'log', 'info', /mail is not delivered/],
    ['test', 'log', 'info', /recipient and subject, never its content/],
    ['production', 'log', 'warn', /in production: mail is not delivered.*EMAIL_TRANSPORT=smtp/],
  ] as const)('%s with %s: %s', (nodeEnv, transport, level, text) => {
    const notice = mailTransportNotice({ nodeEnv, email: email(transport) });
    expect(notice?.level).toBe(level);
    expect(notice?.message).toMatch(text);
  });

  it.each(['development', 'production'] as const)('says nothing about a real transport (%s)', (nodeEnv) => {
    expect(mailTransportNotice({ nodeEnv, email: email('smtp') })).toBeUndefined();
  });
});
