import { randomUUID } from 'node:crypto';
import { AppError, AppErrorList } from '../../../common/errors/app-error';
import {
  FailedValidationError,
  FailedValidationExtensions,
  ForbiddenError,
  InvalidPayloadError,
} from '../../../common/errors/errors';
import { assertJsonShape } from '../../../common/http/json-body';
import { isPlainObject } from '../../../common/is-plain-object';
import type { Filter } from '../../../common/query/query.types';
import type { Dialect } from '../../../database/dialects/dialect';
import type { PermissionRule } from '../../permissions/permissions.service';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import { CONCEALED, Item } from './items.types';
import { DynamicVariables, resolveVariables } from './resolve-variables';
import { assertSystemPayload } from './system-payload';
import { validatePayload } from './validate-payload';
import { toDb } from './values';

/**
 * Plan stage of writes: what the caller's rule and the field model make of an item before the database
 * is involved (API.md 1.5 FAILED_VALIDATION / INVALID_PAYLOAD).
 */

export type WriteMode = 'create' | 'update';

/** What preparePayload needs of the caller's rule and the collection, worked out once per write rather than per item. */
export interface PayloadPlan {
  mode: WriteMode;
  collection: CollectionOverview;
  overview: SchemaOverview;
  dialect: Dialect;
  /** The caller's user, for `user-created` / `user-updated` fields. */
  user: string | null;
  hash: (value: string) => Promise<string>;
  allowed: Set<string> | null;
  presets: Item | null;
  validation: Filter | null;
  /** Fields with a rule of their own: required, or a validation filter. */
  checked: FieldOverview[];
  /** Fields a payload must not leave empty: `required`, or NOT NULL without a value the database or engine fills. */
  required: Set<FieldOverview>;
  hashed: Set<string>;
  concealed: Set<string>;
  /** Fields the engine fills in: generated keys, creation and update stamps. */
  filled: FieldOverview[];
}

export type PlanContext = Pick<PayloadPlan, 'collection' | 'overview' | 'dialect' | 'user' | 'hash'>;

const has = (field: FieldOverview, ...specials: string[]) => specials.some((s) => field.special.includes(s));

/** A primary key the engine generates: a UUID the database does not. */
const generatedUuid = (field: FieldOverview) =>
  field.primaryKey && (has(field, 'uuid') || (field.type === 'uuid' && !field.hasDefault));

/**
 * As the reference platform: a NOT NULL column the database cannot fill is required, so a payload
 * without it fails FAILED_VALIDATION naming the field rather than the database's NOT NULL.
 */
function notNullWithoutDefault(field: FieldOverview, filled: (field: FieldOverview) => boolean): boolean {
  return !field.nullable && !field.hasDefault && field.type !== 'alias' && !filled(field);
}

/** Whether the engine fills `field` itself in a write of this mode: generated keys and creation stamps, or update stamps. */
function filledBy(mode: WriteMode): (field: FieldOverview) => boolean {
  return mode === 'create'
    ? (field) => generatedUuid(field) || has(field, 'date-created', 'user-created')
    : (field) => has(field, 'date-updated', 'user-updated');
}

/** The fields a payload of this mode must not leave empty; also what the live OpenAPI document marks required. */
export function requiredFields(fields: FieldOverview[], mode: WriteMode): FieldOverview[] {
  const filled = filledBy(mode);
  return fields.filter((field) => field.required || notNullWithoutDefault(field, filled));
}

export function planPayload(
  context: PlanContext,
  rule: PermissionRule,
  vars: DynamicVariables,
  mode: WriteMode,
): PayloadPlan {
  const fields = Object.values(context.collection.fields);
  const filled = filledBy(mode);
  return {
    ...context,
    mode,
    allowed: rule.fields && !rule.fields.includes('*') ? new Set(rule.fields) : null,
    presets: mode === 'create' && rule.presets ? resolveVariables(rule.presets as Filter, vars) : null,
    validation: rule.validation ? resolveVariables(rule.validation, vars) : null,
    checked: fields.filter((field) => field.required || field.validation || notNullWithoutDefault(field, filled)),
    required: new Set(requiredFields(fields, mode)),
    hashed: new Set(fields.filter((field) => field.type === 'hash' || has(field, 'hash')).map((field) => field.field)),
    concealed: new Set(fields.filter((field) => has(field, 'conceal')).map((field) => field.field)),
    filled: fields.filter(filled),
  };
}

/**
 * The item's column values in database forms (`values`) and what its revision records (`payload`):
 * allow-list, presets, validation rules, hashing, generated keys and stamps.
 */
export async function preparePayload(plan: PayloadPlan, data: unknown): Promise<{ values: Item; payload: Item }> {
  if (!isPlainObject(data)) throw new InvalidPayloadError('An item must be an object');
  if (plan.collection.system) assertSystemPayload(plan.collection, data, plan.mode);
  const given = givenFields(plan, data);
  const payload: Item = plan.presets ? { ...plan.presets, ...given } : given;
  checkRules(plan, payload);
  const values = await storedValues(plan, payload);
  if (plan.filled.length) fillValues(plan, values, payload);
  const fields = plan.collection.fields;
  // for...in rather than Object.keys/entries: an import runs this for every row, and the arrays those
  // make were a measurable share of its garbage.
  for (const key in values) values[key] = toDb(fields[key], values[key], plan.dialect);
  return { values, payload };
}

/**
 * As the reference: a key outside a restricted allow-list is forbidden, even an unknown one; otherwise
 * keys that are not fields, aliases without a relation to write, and the primary key of an update
 * (clients send back whole items) are ignored.
 */
function givenFields(plan: PayloadPlan, data: Item): Item {
  const given: Item = {};
  for (const key in data) {
    if (!Object.hasOwn(data, key)) continue;
    if (plan.allowed && !plan.allowed.has(key)) throw new ForbiddenError();
    const field = plan.collection.fields[key];
    if (!field || (plan.mode === 'update' && field.primaryKey)) continue;
    if (field.type === 'alias' && plan.overview.relation(plan.collection.collection, key)?.type !== 'o2m') continue;
    const value = data[key];
    if (value !== null && typeof value === 'object') refuseShape(key, value);
    given[key] = value;
  }
  return given;
}

/**
 * Every write passes here, whatever parsed it (a body, a socket message, an import record, a multipart
 * field): a value nested deeper than a body may be would be stored, then fail or overflow the stack of
 * whatever reads it back (JSON.stringify, exports, filters).
 */
function refuseShape(key: string, value: object): void {
  // Buffers and dates (internal writes) hold no nesting.
  if (ArrayBuffer.isView(value) || value instanceof Date) return;
  assertJsonShape(value, `The value of field "${key}"`);
}

function checkRules(plan: PayloadPlan, payload: Item): void {
  // Arrays only for items that fail: imports check millions that do not.
  let errors: AppError[] | null = null;
  if (plan.validation) {
    const failed = validatePayload(payload, plan.validation, plan.mode === 'update');
    if (failed.length) errors = failed;
  }
  for (const field of plan.checked) {
    const failed = fieldRules(field, payload, plan.mode, plan.required.has(field));
    if (failed.length) (errors ??= []).push(...failed);
  }
  if (errors?.length === 1) throw errors[0];
  if (errors) throw new AppErrorList(errors);
}

/** A field's own rules: required, and its validation filter with its own message (API.md 11 meta). */
function fieldRules(field: FieldOverview, payload: Item, mode: WriteMode, required: boolean): FailedValidationError[] {
  const errors: FailedValidationError[] = [];
  const present = field.field in payload;
  const value = payload[field.field];
  if (required && ((mode === 'create' && (value === undefined || value === null)) || (present && value === null))) {
    errors.push(new FailedValidationError({ field: field.field, type: 'required' }));
  }
  if (field.validation && present) {
    const failed = validatePayload(payload, field.validation as Filter, true);
    const message = field.meta?.validation_message;
    errors.push(
      ...(message
        ? failed.map((e) => new FailedValidationError(e.extensions as FailedValidationExtensions, message))
        : failed),
    );
  }
  return errors;
}

/**
 * The values of plain fields. Secrets are masked in the payload, which revisions record: neither a
 * password nor its hash is ever answered (a revert leaves secrets as they are).
 */
async function storedValues(plan: PayloadPlan, payload: Item): Promise<Item> {
  const values: Item = {};
  for (const key in payload) {
    const field = plan.collection.fields[key];
    if (!field || field.type === 'alias') continue;
    const value = payload[key];
    values[key] = plan.hashed.has(key) && typeof value === 'string' ? await plan.hash(value) : value;
    if ((plan.hashed.has(key) || plan.concealed.has(key)) && value !== null) payload[key] = CONCEALED;
  }
  return values;
}

/**
 * Generated keys and stamps: a create keeps what the item gives and leaves the update stamps to the
 * first update, an update always stamps. A generated
 * key goes into the revision's payload too, so the created item's revision names it.
 */
function fillValues(plan: PayloadPlan, values: Item, payload: Item): void {
  const now = new Date().toISOString();
  for (const field of plan.filled) {
    const name = field.field;
    if (plan.mode === 'create') {
      if (values[name] === undefined && generatedUuid(field)) payload[name] = values[name] = randomUUID();
      // As the reference: an item that was never updated has no update stamps.
      if (has(field, 'date-created')) values[name] ??= now;
      if (has(field, 'user-created')) values[name] ??= plan.user;
    } else {
      if (has(field, 'date-updated')) values[name] = now;
      if (has(field, 'user-updated')) values[name] = plan.user;
    }
  }
}
