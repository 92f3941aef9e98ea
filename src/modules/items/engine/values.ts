import { InvalidPayloadError, ValueOutOfRangeError, ValueTooLongError } from '../../../common/errors/errors';
import type { Dialect } from '../../../database/dialects/dialect';
import type { FieldOverview, FieldType } from '../../schema/schema.types';
import { isUuid } from '../../../common/is-uuid';
import { isInt32 } from '../../../common/is-int32';
import { valueText } from '../../../common/value-text';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function dateParts(value: unknown): Date | null {
  if (value instanceof Date) return isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text = text.replace(' ', 'T') + 'Z';
  else text = text.replace(' ', 'T');
  const date = new Date(text);
  return isNaN(date.getTime()) ? null : date;
}

/** Whether a filter value names a moment a date, dateTime or timestamp column can be compared with. */
export function isDateValue(value: unknown): boolean {
  return dateParts(value) !== null;
}

/** Whether a filter value is a time of day (`hh:mm`, `hh:mm:ss`, with fractions). */
export function isTimeValue(value: unknown): boolean {
  return typeof value === 'string' && /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim());
}

function isoDate(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function isoTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/**
 * A stored value as the API answers it, identical on every vendor (API.md 11): booleans true/false,
 * JSON parsed, dates in ISO forms, big integers as numbers when they are safe. CSV text stays text:
 * only the `cast-csv` special makes it an array (`readValue`).
 */
export function fromDb(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'json':
      if (typeof value === 'string') {
        try {
          return JSON.parse(value);
        } catch {
          return value;
        }
      }
      return value;
    case 'integer':
    case 'float':
      return typeof value === 'string' ? Number(value) : typeof value === 'bigint' ? Number(value) : value;
    case 'bigInteger': {
      const n = Number(value);
      return Number.isSafeInteger(n) ? n : valueText(value);
    }
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'timestamp': {
      const d = dateParts(value);
      return d ? d.toISOString() : value;
    }
    case 'dateTime': {
      const d = dateParts(value);
      return d ? `${isoDate(d)}T${isoTime(d)}` : value;
    }
    case 'date': {
      if (typeof value === 'string') return value.slice(0, 10);
      const d = dateParts(value);
      return d ? isoDate(d) : value;
    }
    case 'time':
      return typeof value === 'string' ? value.slice(0, 8) : value;
    case 'uuid':
      return typeof value === 'string' ? value.toLowerCase() : value;
    default:
      return value;
  }
}

/** A field's stored value as the API answers it, its specials included. */
export function readValue(field: Pick<FieldOverview, 'type' | 'special'>, value: unknown): unknown {
  if (field.type === 'csv' && field.special.includes('cast-csv') && typeof value === 'string')
    return value === '' ? [] : value.split(',');
  return fromDb(field.type, value);
}

function invalid(field: string, expected: string): never {
  throw new InvalidPayloadError(`Field "${field}" expects ${expected}`);
}

type ToDb = (value: unknown, field: FieldOverview, dialect: Dialect) => unknown;

function textToDb(value: unknown, field: FieldOverview): unknown {
  const name = field.field;
  if (typeof value === 'number' || typeof value === 'boolean') value = String(value);
  if (typeof value !== 'string') invalid(name, 'a string');
  // Checked here because SQLite keeps any length; answered as the reference's database error is, on every vendor.
  if (field.maxLength !== null && value.length > field.maxLength)
    throw new ValueTooLongError({ collection: field.collection, field: name });
  return value;
}

function integerToDb(value: unknown, field: FieldOverview): unknown {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) invalid(field.field, 'an integer');
  // A 32-bit column on every vendor (SQLite would keep more); answered as the reference's database error is.
  if (field.type === 'integer' && !isInt32(n))
    throw new ValueOutOfRangeError({ collection: field.collection, field: field.field });
  return n;
}

function numberToDb(value: unknown, field: FieldOverview): unknown {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) invalid(field.field, 'a number');
  return n;
}

function booleanToDb(value: unknown, field: FieldOverview, dialect: Dialect): unknown {
  if (value === true || value === 'true' || value === 1 || value === '1') return dialect.booleanParam(true);
  if (value === false || value === 'false' || value === 0 || value === '0') return dialect.booleanParam(false);
  return invalid(field.field, 'a boolean');
}

/** A date value parsed, or INVALID_PAYLOAD naming what the field expects. */
function dateToDb(expected: string, write: (date: Date, dialect: Dialect) => unknown): ToDb {
  return (value, field, dialect) => {
    const d = dateParts(value);
    if (!d) invalid(field.field, expected);
    return write(d, dialect);
  };
}

const TO_DB: Record<string, ToDb> = {
  string: textToDb,
  text: textToDb,
  hash: textToDb,
  uuid: (value, field) => (isUuid(value) ? value.toLowerCase() : invalid(field.field, 'a UUID')),
  integer: integerToDb,
  bigInteger: integerToDb,
  float: numberToDb,
  decimal: numberToDb,
  boolean: booleanToDb,
  json: (value) => JSON.stringify(value),
  csv: (value, field) => {
    if (Array.isArray(value)) return value.map(String).join(',');
    return typeof value === 'string' ? value : invalid(field.field, 'an array or a comma-separated string');
  },
  timestamp: dateToDb('a date and time', (d, dialect) => dialect.timestampParam(d)),
  dateTime: dateToDb('a date and time', (d) => `${isoDate(d)} ${isoTime(d)}`),
  date: dateToDb('a date', (d) => isoDate(d)),
  time: (value, field) => {
    if (typeof value !== 'string' || !/^\d{2}:\d{2}(:\d{2})?$/.test(value)) invalid(field.field, 'a time (HH:mm:ss)');
    return value.length === 5 ? `${value}:00` : value;
  },
};

/** A payload value checked against its field and converted to what the vendor stores. */
export function toDb(field: FieldOverview, value: unknown, dialect: Dialect): unknown {
  if (value === null || value === undefined) return null;
  const convert = TO_DB[field.type];
  return convert ? convert(value, field, dialect) : invalid(field.field, 'no value');
}

/** A filter operand bound for comparison with a column of this type. */
export function filterValue(type: FieldType, value: unknown, dialect: Dialect): unknown {
  if (value === null) return null;
  switch (type) {
    case 'integer':
    case 'bigInteger':
    case 'float':
    case 'decimal': {
      const n = Number(value);
      return typeof value === 'string' && value.trim() !== '' && Number.isFinite(n) ? n : value;
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return dialect.booleanParam(true);
      if (value === false || value === 'false' || value === 0 || value === '0') return dialect.booleanParam(false);
      return value;
    case 'timestamp': {
      const d = dateParts(value);
      return d ? dialect.timestampParam(d) : value;
    }
    case 'dateTime': {
      const d = dateParts(value);
      return d ? `${isoDate(d)} ${isoTime(d)}` : value;
    }
    case 'date': {
      const d = dateParts(value);
      return d ? isoDate(d) : value;
    }
    default:
      return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  }
}
