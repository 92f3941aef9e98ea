/** What a provider's profile tells about the person signing in. */
export interface ProfileIdentity {
  identifier: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}

export interface ProfileKeys {
  identifierKey: string;
  emailKey?: string;
  firstNameKey?: string;
  lastNameKey?: string;
}

/** A claim by key, where `a.b` reaches into nested objects (GitHub-like profiles nest the email). */
function claim(profile: Record<string, unknown>, key: string | undefined): string | null {
  if (!key) return null;
  let value: unknown = profile;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, part)) return null;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** The identity in a profile; the email stands in for a missing identifier, as in the reference. Null: neither. */
export function profileIdentity(profile: Record<string, unknown>, keys: ProfileKeys): ProfileIdentity | null {
  const email = claim(profile, keys.emailKey ?? 'email');
  const identifier = claim(profile, keys.identifierKey) ?? email;
  if (!identifier) return null;
  return {
    identifier,
    email,
    firstName: claim(profile, keys.firstNameKey ?? 'given_name'),
    lastName: claim(profile, keys.lastNameKey ?? 'family_name'),
  };
}
