/** A rule's presets as the editor shows them: pretty JSON, empty for none. */
export function presetsText(presets: Record<string, unknown> | null | undefined): string {
  return presets && Object.keys(presets).length ? JSON.stringify(presets, null, 2) : '';
}

/** Why typed presets were refused: the key of the message in the `roles` translations. */
export type PresetsError = 'presetsNotJson' | 'presetsNotObject';

/**
 * The presets typed in the editor: a JSON object of field values, null when empty; an error for
 * anything else, since the API would store it as the values of every item the rule writes.
 */
export function parsePresets(text: string): { presets: Record<string, unknown> | null } | { error: PresetsError } {
  if (!text.trim()) return { presets: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'presetsNotJson' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'presetsNotObject' };
  return { presets: Object.keys(value).length ? (value as Record<string, unknown>) : null };
}
