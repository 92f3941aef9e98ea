import { ColumnTypeSpec, fieldColumnFor, FieldColumnSize, FieldColumnSpec, VendorColumnTypes } from './dialect';

/**
 * What two vendors or more write alike. Each vendor's dialect extends it and states only where it
 * differs; `Dialect` (dialect.ts) stays the one contract every caller sees.
 */
export abstract class BaseDialect {
  /** The column types of float, decimal and dateTime fields, which every vendor names its own way. */
  protected abstract readonly columnTypes: Pick<VendorColumnTypes, 'float' | 'decimal' | 'dateTime'>;
  abstract jsonType(): ColumnTypeSpec;
  abstract uuidType(): ColumnTypeSpec;

  quote(identifier: string): string {
    return `"${identifier}"`;
  }

  asText(expression: string): string {
    return `CAST(${expression} AS TEXT)`;
  }

  randomOrder(): string {
    return 'RANDOM()';
  }

  timestampType(): ColumnTypeSpec {
    return { type: 'datetime' };
  }

  insertDefaultsSql(quotedTable: string): string {
    return `INSERT INTO ${quotedTable} DEFAULT VALUES`;
  }

  fieldColumn(type: string, size: FieldColumnSize): FieldColumnSpec {
    return fieldColumnFor(type, size, {
      uuid: this.uuidType(),
      json: this.jsonType(),
      timestamp: this.timestampType(),
      ...this.columnTypes,
    });
  }
}
