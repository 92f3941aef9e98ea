import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/decorators/admin-only.decorator';
import { ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { collectionEntry, fieldEntries, fieldEntry } from './lib/schema-entries';
import { SchemaService } from './schema.service';

function body(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidPayloadError('The body must be an object');
  return value as Record<string, unknown>;
}

@ApiTags('collections')
@AdminOnly()
@Controller('collections')
export class CollectionsController {
  constructor(private readonly schema: SchemaService) {}

  @Get()
  @ApiOperation({ summary: 'List collections, system collections included' })
  list() {
    return { data: [...this.schema.overview.collections.values()].map(collectionEntry) };
  }

  @Get(':collection')
  read(@Param('collection') name: string) {
    const collection = this.schema.overview.collection(name);
    if (!collection) throw new ForbiddenError();
    return { data: collectionEntry(collection) };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a collection and its table with the given fields' })
  async create(@Body() input: unknown) {
    const name = await this.schema.run((runner) => this.schema.createCollection(runner, body(input) as never));
    return this.read(name);
  }

  @Patch(':collection')
  async update(@Param('collection') name: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateCollection(runner, name, body(input).meta));
    return this.read(name);
  }

  @Delete(':collection')
  @HttpCode(204)
  async remove(@Param('collection') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteCollection(runner, name));
  }
}

@ApiTags('fields')
@AdminOnly()
@Controller('fields')
export class FieldsController {
  constructor(private readonly schema: SchemaService) {}

  @Get()
  listAll() {
    return { data: fieldEntries(this.schema.overview) };
  }

  @Get(':collection')
  list(@Param('collection') collection: string) {
    if (!this.schema.overview.has(collection)) throw new ForbiddenError();
    return { data: fieldEntries(this.schema.overview, collection) };
  }

  @Get(':collection/:field')
  read(@Param('collection') collection: string, @Param('field') name: string) {
    const field = this.schema.overview.field(collection, name);
    if (!field) throw new ForbiddenError();
    return { data: fieldEntry(field) };
  }

  @Post(':collection')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a field (and its column) to a collection' })
  async create(@Param('collection') collection: string, @Body() input: unknown) {
    const name = await this.schema.run((runner) => this.schema.createField(runner, collection, body(input)));
    return this.read(collection, name);
  }

  @Patch(':collection/:field')
  @ApiOperation({ summary: 'Change a field; stored values are converted or the change is refused' })
  async update(@Param('collection') collection: string, @Param('field') name: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateField(runner, collection, name, body(input)));
    return this.read(collection, name);
  }

  @Delete(':collection/:field')
  @HttpCode(204)
  async remove(@Param('collection') collection: string, @Param('field') name: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteField(runner, collection, name));
  }
}

@ApiTags('relations')
@AdminOnly()
@Controller('relations')
export class RelationsController {
  constructor(private readonly schema: SchemaService) {}

  @Get()
  listAll() {
    return { data: this.schema.overview.relations };
  }

  @Get(':collection')
  list(@Param('collection') collection: string) {
    if (!this.schema.overview.has(collection)) throw new ForbiddenError();
    return { data: this.schema.overview.relations.filter((r) => r.collection === collection) };
  }

  @Get(':collection/:field')
  read(@Param('collection') collection: string, @Param('field') field: string) {
    const relation = this.schema.overview.relationEntry(collection, field);
    if (!relation) throw new ForbiddenError();
    return { data: relation };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a relation (a real foreign key for many-to-one)' })
  async create(@Body() input: unknown) {
    const { collection, field } = body(input);
    await this.schema.run((runner) => this.schema.createRelation(runner, input));
    return this.read(String(collection), String(field));
  }

  @Patch(':collection/:field')
  async update(@Param('collection') collection: string, @Param('field') field: string, @Body() input: unknown) {
    await this.schema.run((runner) => this.schema.updateRelation(runner, collection, field, body(input)));
    return this.read(collection, field);
  }

  @Delete(':collection/:field')
  @HttpCode(204)
  async remove(@Param('collection') collection: string, @Param('field') field: string): Promise<void> {
    await this.schema.run((runner) => this.schema.deleteRelation(runner, collection, field));
  }
}
