/**
 * Keeps the metadata entries named in `FILE_METADATA_ALLOW_LIST` (API.md 6.3): `section.key`,
 * `section.*`, or `*` for everything. Sections without a kept entry disappear; string values are
 * trimmed (EXIF pads them with spaces and NULs).
 */
export function filterMetadata(
  sections: Record<string, Record<string, unknown> | undefined>,
  allowList: readonly string[],
): Record<string, Record<string, unknown>> {
  const all = allowList.includes('*');
  const result: Record<string, Record<string, unknown>> = {};
  for (const [section, entries] of Object.entries(sections)) {
    if (!entries) continue;
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entries)) {
      if (!all && !allowList.includes(`${section}.${key}`) && !allowList.includes(`${section}.*`)) continue;
      // eslint-disable-next-line no-control-regex
      kept[key] = typeof value === 'string' ? value.replace(/\u0000+$/, '').trim() : value;
    }
    if (Object.keys(kept).length > 0) result[section] = kept;
  }
  return result;
}
