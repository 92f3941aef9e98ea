/** The in-app path to return to after signing in: only paths of the Studio, never another site. */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/admin/') || redirect.startsWith('//')) return '/content';
  const path = redirect.slice('/admin'.length);
  return path === '/login' || path.startsWith('/login?') ? '/content' : path;
}
