import { isUrlAllowed } from '../../../../common/url/is-url-allowed';

/**
 * Where a redirect sign-in may send the browser back to (docs/API.md, Single sign-on): a relative path,
 * PUBLIC_URL's host when the provider has no allow list, else an entry of the list or PUBLIC_URL.
 * Anything else would turn the sign-in into an open redirect that hands session cookies' holders away.
 */
export function isLoginRedirectAllowed(
  redirect: unknown,
  publicUrl: string,
  allowList: readonly string[] | null,
): boolean {
  if (redirect === undefined || redirect === '') return true;
  if (typeof redirect !== 'string') return false;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(redirect)) return isRelativePath(redirect);
  let target: URL;
  try {
    target = new URL(redirect);
  } catch {
    return false;
  }
  if (allowList) return isUrlAllowed(redirect, [...allowList, publicUrl]);
  return /^https?:$/.test(target.protocol) && target.hostname === new URL(publicUrl).hostname;
}

/** `//evil.example` and `\\evil.example` are absolute URLs to a browser, though they look relative. */
function isRelativePath(redirect: string): boolean {
  return !/^[\\/]{2}/.test(redirect) && !/^\/\\/.test(redirect);
}
