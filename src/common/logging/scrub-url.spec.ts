import { scrubUrl } from './scrub-url';

describe(scrubUrl.name, () => {
  it.each([
    ['/users/me', '/users/me'],
    ['/users/me?access_token=eyJ.a.b', '/users/me?access_token=[redacted]'],
    ['/users/me?fields=id&access_token=eyJ.a.b&limit=1', '/users/me?fields=id&access_token=[redacted]&limit=1'],
    ['/admin/reset-password?token=eyJ.a.b', '/admin/reset-password?token=[redacted]'],
    ['/admin/accept-invite?token=abc#/x', '/admin/accept-invite?token=[redacted]'],
    [
      '/x?refresh_token=r&password=p&tfa_secret=s&otp=123456',
      '/x?refresh_token=[redacted]&password=[redacted]&tfa_secret=[redacted]&otp=[redacted]',
    ],
    ['/x?access%5Ftoken=t', '/x?access%5Ftoken=[redacted]'],
    ['/items/a?filter[token][_eq]=t', '/items/a?filter[token][_eq]=[redacted]'],
    ['/items/a?filter%5Bpassword%5D%5B_eq%5D=p', '/items/a?filter%5Bpassword%5D%5B_eq%5D=[redacted]'],
    ['/x?access_token', '/x?access_token=[redacted]'],
    ['/x?X-Amz-Credential=AKIA&X-Amz-Signature=abc', '/x?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]'],
    ['/assets/1?key=system-small-cover&footprint=1', '/assets/1?key=system-small-cover&footprint=1'],
    ['/items/a?filter[title][_eq]=token&search=password', '/items/a?filter[title][_eq]=token&search=password'],
    ['/x?%E0%A4%A=1&token=t', '/x?%E0%A4%A=1&token=[redacted]'],
    ['/x?', '/x?'],
  ])('%s → %s', (url, logged) => expect(scrubUrl(url)).toBe(logged));
});
