import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { QueryRunner } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { Acc } from '../../common/decorators/acc.decorator';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { PermissionsService } from '../permissions/permissions.service';
import { collectionEntry, fieldEntries, fieldEntry } from './lib/schema-entries';
import { EVERYTHING, SchemaVisibility, schemaVisibility } from './lib/schema-visibility';
import { SchemaService } from './schema.service';

function body(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidPayloadError('The body must be an object');
  return value as Record<string, unknown>;
}

/** A batch body: objects that each name their `key` (collection or field). */
function batch(value: unknown, key: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new InvalidPayloadError(`The body must be an array of objects with their "${key}"`);
  const items = value.map(body);
  if (items.some((item) => typeof item[key] !== 'string')) throw new InvalidPayloadError(`Every object needs its "${key}"`);
  return items;
}

/** Runs `work` for each item in order, in one schema transaction: all are applied or none. */
async function each<T>(schema: SchemaService, items: Record<string, unknown>[], work: (runner: QueryRunner, item: Record<string, unknown>) => Promise<T>): Promise<T[]> {
  return schema.run(async (runner) => {
    const out: T[] = [];
    for (const item of items) out.push(await work(runner, item));
    return out;
  });
}

/** What of the schema a caller may read: reads are open to every caller, filtered by their read rules; changes are admin only. */
@Injectable()
export class SchemaReadAccess {
  constructor(private readonly permissions: PermissionsService) {}

  async of(acc: Accountability): Promise<SchemaVisibility> {
    return acc.admin ? EVERYTHING : schemaVisibility(false, await this.permissions.lookup(acc));
  }
}

@ApiTags('collections')
@ApiBearerAuth()
@Controller('collections')
export class CollectionsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly access: SchemaReadAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the collections the caller may read (every one for admins, system collections included)' })
  async list(@Acc() acc: Accountability) {
    const visible = await this.access.of(acc);
    return { data: [...this.schema.overview.collections.values()].filter((c) => visible.collection(c.collection)).map(collectionEntry) };
  }

  @Get(':collection')
  async read(@Param('collection') name: string, @Acc() acc: Accountability) {
    return this.entry(name, await this.access.of(acc));
  }

  private entry(name: string, visible: SchemaVisibility) {
    const collection = this.schema.overview.collection(name);
    if (!collection || !visible.collection(name)) throw new ForbiddenError();
    return { data: collectionEntry(collection) };
  }

  @Post()
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a collection and its table with the given fields, or several from an array' })
  async create(@Body() input: unknown) {
    if (Array.isArray(input)) {
      const names = await each(this.schema, batch(input, 'collection'), (runner, item) => this.schema.createCollection(runner, item as never));
      return { data: names.map((name) => this.entry(name, EVERYTHING).data) };
    }
    const name = await this.schema.run((runner) => this.schema.createCollection(runner, body(input) as never));
    return this.entry(name, EVERYTHING);
  }

  @Patch()
  @AdminOnly()
  @ApiOperation({ summary: 'Change the meta of several collections (e.g. their sort) from an array of { collection, meta }' })
  async updateBatch(@Body() input: unknown) {
    const items = batch(input, 'collection');
    await each(this.schema, items, (runner, item) => this.schema.updateCollection(runner, item.collection as string, item.meta));
    return { data: items.map((item) => this.entry(item.collection as string, EVERYTHING).data) };
  }

  @Patch(':collection')
  @AdminOnly()
  async update(@Param('collection') name: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateCollection(runner, name, body(input).meta));
    return this.entry(name, EVERYTHING);
  }

  @Delete(':collection')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('collection') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteCollection(runner, name));
  }
}

@ApiTags('fields')
@ApiBearerAuth()
@Controller('fields')
export class FieldsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly access: SchemaReadAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the fields the caller may read, in every collection' })
  async listAll(@Acc() acc: Accountability) {
    const visible = await this.access.of(acc);
    return { data: fieldEntries(this.schema.overview).filter((f) => visible.field(f.collection, f.field)) };
  }

  @Get(':collection')
  @ApiOperation({ summary: "List a collection's fields the caller may read" })
  async list(@Param('collection') collection: string, @Acc() acc: Accountability) {
    const visible = await this.access.of(acc);
    if (!this.schema.overview.has(collection) || !visible.collection(collection)) throw new ForbiddenError();
    return { data: fieldEntries(this.schema.overview, collection).filter((f) => visible.field(f.collection, f.field)) };
  }

  @Get(':collection/:field')
  async read(@Param('collection') collection: string, @Param('field') name: string, @Acc() acc: Accountability) {
    return this.entry(collection, name, await this.access.of(acc));
  }

  private entry(collection: string, name: string, visible: SchemaVisibility) {
    const field = this.schema.overview.field(collection, name);
    if (!field || !visible.field(collection, name)) throw new ForbiddenError();
    return { data: fieldEntry(field) };
  }

  @Post(':collection')
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a field (and its column) to a collection' })
  async create(@Param('collection') collection: string, @Body() input: unknown) {
    const name = await this.schema.run((runner) => this.schema.createField(runner, collection, body(input)));
    return this.entry(collection, name, EVERYTHING);
  }

  @Patch(':collection')
  @AdminOnly()
  @ApiOperation({ summary: 'Change several fields of a collection from an array of fields, each naming its "field"' })
  async updateBatch(@Param('collection') collection: string, @Body() input: unknown) {
    const items = batch(input, 'field');
    await each(this.schema, items, (runner, item) => this.schema.updateField(runner, collection, item.field as string, item));
    return { data: items.map((item) => this.entry(collection, item.field as string, EVERYTHING).data) };
  }

  @Patch(':collection/:field')
  @AdminOnly()
  @ApiOperation({ summary: 'Change a field; stored values are converted or the change is refused' })
  async update(@Param('collection') collection: string, @Param('field') name: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateField(runner, collection, name, body(input)));
    return this.entry(collection, name, EVERYTHING);
  }

  @Delete(':collection/:field')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('collection') collection: string, @Param('field') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteField(runner, collection, name));
  }
}

@ApiTags('relations')
@ApiBearerAuth()
@Controller('relations')
export class RelationsController {
  constructor(
    private readonly schema: SchemaService,
    private readonly access: SchemaReadAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List the relations whose field the caller may read' })
  async listAll(@Acc() acc: Accountability) {
    const visible = await this.access.of(acc);
    return { data: this.schema.overview.relations.filter((r) => visible.field(r.collection, r.field)) };
  }

  @Get(':collection')
  async list(@Param('collection') collection: string, @Acc() acc: Accountability) {
    const visible = await this.access.of(acc);
    if (!this.schema.overview.has(collection) || !visible.collection(collection)) throw new ForbiddenError();
    return { data: this.schema.overview.relations.filter((r) => r.collection === collection && visible.field(r.collection, r.field)) };
  }

  @Get(':collection/:field')
  async read(@Param('collection') collection: string, @Param('field') field: string, @Acc() acc: Accountability) {
    return this.entry(collection, field, await this.access.of(acc));
  }

  private entry(collection: string, field: string, visible: SchemaVisibility) {
    const relation = this.schema.overview.relationEntry(collection, field);
    if (!relation || !visible.field(collection, field)) throw new ForbiddenError();
    return { data: relation };
  }

  @Post()
  @AdminOnly()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a relation (a real foreign key for many-to-one)' })
  async create(@Body() input: unknown) {
    const { collection, field } = body(input);
    await this.schema.run((runner) => this.schema.createRelation(runner, input));
    return this.entry(String(collection), String(field), EVERYTHING);
  }

  @Patch(':collection/:field')
  @AdminOnly()
  async update(@Param('collection') collection: string, @Param('field') field: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateRelation(runner, collection, field, body(input)));
    return this.entry(collection, field, EVERYTHING);
  }

  @Delete(':collection/:field')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param('collection') collection: string, @Param('field') field: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteRelation(runner, collection, field));
  }
}
