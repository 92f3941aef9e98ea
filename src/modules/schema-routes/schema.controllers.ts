import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { QueryRunner } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { InvalidPayloadError } from '../../common/errors/errors';
import { assertSchemaBody, SchemaBodyKind, SchemaBodyMode } from './lib/schema-body';
import { SCHEMA_DOCS } from './schema-docs';
import { SchemaReads } from './schema-reads';
import { SchemaService } from '../schema/schema.service';

function body(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InvalidPayloadError('The body must be an object');
  return value as Record<string, unknown>;
}

/** A collection or field body whose members are all known (schema-body.ts), checked before anything is written. */
function checked(value: unknown, kind: SchemaBodyKind, mode: SchemaBodyMode, path = ''): Record<string, unknown> {
  const item = body(value);
  assertSchemaBody(item, kind, mode, path);
  return item;
}

/** A batch body: objects that each name their `collection` or `field`. */
function batch(value: unknown, kind: SchemaBodyKind, mode: SchemaBodyMode): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new InvalidPayloadError(`The body must be an array of objects with their "${kind}"`);
  const items = value.map((item, i) => checked(item, kind, mode, `[${i}].`));
  if (items.some((item) => typeof item[kind] !== 'string'))
    throw new InvalidPayloadError(`Every object needs its "${kind}"`);
  return items;
}

/** Runs `work` for each item in order, in one schema transaction: all are applied or none. */
async function each<T>(
  schema: SchemaService,
  items: Record<string, unknown>[],
  work: (runner: QueryRunner, item: Record<string, unknown>) => Promise<T>,
): Promise<T[]> {
  return schema.run(async (runner) => {
    const out: T[] = [];
    for (const item of items) out.push(await work(runner, item));
    return out;
  });
}

@ApiTags('Collections')
@Controller('collections')
export class CollectionsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly reads: SchemaReads,
  ) {}

  @Get()
  @SCHEMA_DOCS.collections.list()
  async list(@Acc() acc: Accountability) {
    return { data: await this.reads.collections(acc) };
  }

  @Get(':collection')
  @SCHEMA_DOCS.collections.read()
  async read(@Param('collection') name: string, @Acc() acc: Accountability) {
    return { data: await this.reads.collection(acc, name) };
  }

  /** After a change: the entry as it is now, whoever could read it. */
  private async entry(name: string) {
    return { data: await this.reads.collection(null, name) };
  }

  @Post()
  @AdminOnly()
  @HttpCode(200)
  @SCHEMA_DOCS.collections.create()
  async create(@Body() input: unknown) {
    if (Array.isArray(input)) {
      const names = await each(this.schema, batch(input, 'collection', 'create'), (runner, item) =>
        this.schema.createCollection(runner, item as never),
      );
      return { data: await Promise.all(names.map((name) => this.reads.collection(null, name))) };
    }
    const item = checked(input, 'collection', 'create');
    const name = await this.schema.run((runner) => this.schema.createCollection(runner, item as never));
    return this.entry(name);
  }

  @Patch()
  @AdminOnly()
  @SCHEMA_DOCS.collections.updateBatch()
  async updateBatch(@Body() input: unknown) {
    const items = batch(input, 'collection', 'update');
    await each(this.schema, items, (runner, item) =>
      this.schema.updateCollection(runner, item.collection as string, item.meta),
    );
    return { data: await Promise.all(items.map((item) => this.reads.collection(null, item.collection as string))) };
  }

  @Patch(':collection')
  @AdminOnly()
  @SCHEMA_DOCS.collections.update()
  async update(@Param('collection') name: string, @Body() input: unknown) {
    const { meta } = checked(input, 'collection', 'update');
    await this.schema.run((runner) => this.schema.updateCollection(runner, name, meta));
    return this.entry(name);
  }

  @Delete(':collection')
  @AdminOnly()
  @HttpCode(204)
  @SCHEMA_DOCS.collections.remove()
  async remove(@Param('collection') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteCollection(runner, name));
  }
}

@ApiTags('Fields')
@Controller('fields')
export class FieldsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly reads: SchemaReads,
  ) {}

  @Get()
  @SCHEMA_DOCS.fields.listAll()
  async listAll(@Acc() acc: Accountability) {
    return { data: await this.reads.fields(acc) };
  }

  @Get(':collection')
  @SCHEMA_DOCS.fields.list()
  async list(@Param('collection') collection: string, @Acc() acc: Accountability) {
    return { data: await this.reads.fields(acc, collection) };
  }

  @Get(':collection/:field')
  @SCHEMA_DOCS.fields.read()
  async read(@Param('collection') collection: string, @Param('field') name: string, @Acc() acc: Accountability) {
    return { data: await this.reads.field(acc, collection, name) };
  }

  private async entry(collection: string, name: string) {
    return { data: await this.reads.field(null, collection, name) };
  }

  @Post(':collection')
  @AdminOnly()
  @HttpCode(200)
  @SCHEMA_DOCS.fields.create()
  async create(@Param('collection') collection: string, @Body() input: unknown) {
    const item = checked(input, 'field', 'create');
    const name = await this.schema.run((runner) => this.schema.createField(runner, collection, item));
    return this.entry(collection, name);
  }

  @Patch(':collection')
  @AdminOnly()
  @SCHEMA_DOCS.fields.updateBatch()
  async updateBatch(@Param('collection') collection: string, @Body() input: unknown) {
    const items = batch(input, 'field', 'update');
    await each(this.schema, items, (runner, item) =>
      this.schema.updateField(runner, collection, item.field as string, item),
    );
    return { data: await Promise.all(items.map((item) => this.reads.field(null, collection, item.field as string))) };
  }

  @Patch(':collection/:field')
  @AdminOnly()
  @SCHEMA_DOCS.fields.update()
  async update(@Param('collection') collection: string, @Param('field') name: string, @Body() input: unknown) {
    const item = checked(input, 'field', 'update');
    await this.schema.run((runner) => this.schema.updateField(runner, collection, name, item));
    return this.entry(collection, name);
  }

  @Delete(':collection/:field')
  @AdminOnly()
  @HttpCode(204)
  @SCHEMA_DOCS.fields.remove()
  async remove(@Param('collection') collection: string, @Param('field') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteField(runner, collection, name));
  }
}

@ApiTags('Relations')
@Controller('relations')
export class RelationsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly reads: SchemaReads,
  ) {}

  @Get()
  @SCHEMA_DOCS.relations.listAll()
  async listAll(@Acc() acc: Accountability) {
    return { data: await this.reads.relations(acc) };
  }

  @Get(':collection')
  @SCHEMA_DOCS.relations.list()
  async list(@Param('collection') collection: string, @Acc() acc: Accountability) {
    return { data: await this.reads.relations(acc, collection) };
  }

  @Get(':collection/:field')
  @SCHEMA_DOCS.relations.read()
  async read(@Param('collection') collection: string, @Param('field') field: string, @Acc() acc: Accountability) {
    return { data: await this.reads.relation(acc, collection, field) };
  }

  private async entry(collection: string, field: string) {
    return { data: await this.reads.relation(null, collection, field) };
  }

  @Post()
  @AdminOnly()
  @HttpCode(200)
  @SCHEMA_DOCS.relations.create()
  async create(@Body() input: unknown) {
    const { collection, field } = body(input);
    await this.schema.run((runner) => this.schema.createRelation(runner, input));
    return this.entry(String(collection), String(field));
  }

  @Patch(':collection/:field')
  @AdminOnly()
  @SCHEMA_DOCS.relations.update()
  async update(@Param('collection') collection: string, @Param('field') field: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateRelation(runner, collection, field, body(input)));
    return this.entry(collection, field);
  }

  @Delete(':collection/:field')
  @AdminOnly()
  @HttpCode(204)
  @SCHEMA_DOCS.relations.remove()
  async remove(@Param('collection') collection: string, @Param('field') field: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteRelation(runner, collection, field));
  }
}
