/**
 * The one wording of every check that refuses members a body may not hold (system collections' items,
 * /collections and /fields bodies): `Unknown property of "svc_roles": "policy"`, `Unknown properties
 * "meta.versionning", "schema.nullable"`. Each name is quoted as the client wrote it.
 */
export function unknownMembersReason(names: readonly string[], owner?: string): string {
  const what = names.length === 1 ? 'property' : 'properties';
  const list = names.map((name) => `"${name}"`).join(', ');
  return owner === undefined ? `Unknown ${what} ${list}` : `Unknown ${what} of "${owner}": ${list}`;
}
