import type { PermissionLookup, PermissionRule } from '../../permissions/permissions.service';
import { schemaVisibility } from './schema-visibility';

const rule = (fields: string[] | null): PermissionRule => ({ fields, permissions: null, validation: null, presets: null });
const rules: Record<string, PermissionRule> = { open: rule(null), starred: rule(['*']), listed: rule(['id', 'title']) };
const lookup: PermissionLookup = (collection, action) => (action === 'read' ? (rules[collection] ?? null) : null);

describe('schemaVisibility', () => {
  it.each([
    ['a collection with a read rule', 'open', true],
    ['a collection with a field list', 'listed', true],
    ['a collection without a read rule', 'secret', false],
  ])('shows %s: %s', (_name, collection, visible) => {
    expect(schemaVisibility(false, lookup).collection(collection)).toBe(visible);
  });

  it.each([
    ['any field without a list', 'open', 'body', true],
    ['any field with *', 'starred', 'body', true],
    ['a listed field', 'listed', 'title', true],
    ['an unlisted field', 'listed', 'body', false],
    ['no field of an unreadable collection', 'secret', 'id', false],
  ])('shows %s', (_name, collection, field, visible) => {
    expect(schemaVisibility(false, lookup).field(collection, field)).toBe(visible);
  });

  it('shows an admin everything', () => {
    const admin = schemaVisibility(true, () => null);
    expect(admin.collection('secret')).toBe(true);
    expect(admin.field('secret', 'body')).toBe(true);
  });
});
