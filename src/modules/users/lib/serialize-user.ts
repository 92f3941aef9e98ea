import type { UserEntity } from '../entities/user.entity';

/** How the reference platform shows concealed values: the fact that one is set, never the value. */
export const CONCEALED = '**********';

export type SerializedUser = Omit<UserEntity, 'password' | 'tfa_secret' | 'token'> & {
  password: string | null;
  tfa_secret: string | null;
  token: string | null;
};

/**
 * The API view of a user: password, TFA secret and static token are concealed; `fields` (top-level
 * names, `*` for all) narrows the object.
 */
export function serializeUser(user: UserEntity, fields?: readonly string[]): Partial<SerializedUser> {
  const conceal = (value: string | null) => (value === null || value === undefined ? null : CONCEALED);
  const full: SerializedUser = {
    ...user,
    password: conceal(user.password),
    tfa_secret: conceal(user.tfa_secret),
    token: conceal(user.token),
  };
  if (!fields || fields.length === 0 || fields.includes('*')) return full;
  return Object.fromEntries(Object.entries(full).filter(([key]) => fields.includes(key)));
}
