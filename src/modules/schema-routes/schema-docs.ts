import { applyDecorators } from '@nestjs/common';
import { ApiNoContentResponse, ApiParam, type SchemaObject } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/error-responses';
import { createBody } from '../../common/openapi/items-route-docs';
import { ApiData, ApiDoc, ApiJsonBody } from '../../common/openapi/operation';
import { object, ref } from '../../common/openapi/schema-shorthand';
import { ApiAuth } from '../../common/openapi/security';

type Resource = 'Collection' | 'Field' | 'Relation';

const COLLECTION = ApiParam({ name: 'collection', description: 'The collection’s name, e.g. `articles`.' });
const FIELD = ApiParam({ name: 'field', description: 'The field’s name.' });

/** A read of schema entries: everyone, as their read rules on svc_collections, svc_fields, svc_relations allow. */
function read(id: string, summary: string, description: string, schema: Resource, many: boolean): MethodDecorator {
  return applyDecorators(
    ApiDoc({ id, summary, description }),
    ApiAuth({ anonymous: true }),
    ApiData(schema, many ? `\`{ data: [${schema.toLowerCase()}] }\`` : `\`{ data: ${schema.toLowerCase()} }\``, {
      many,
      meta: false,
    }),
    ApiErrors(403),
  );
}

/** A change of the schema (admins: @AdminOnly on the route): the entry as it is afterwards. */
function write(
  id: string,
  summary: string,
  description: string,
  body: SchemaObject,
  answer: Resource,
  many = false,
): MethodDecorator {
  return applyDecorators(
    ApiDoc({ id, summary, description }),
    ApiJsonBody(body, 'What to create or change.'),
    ApiData(answer, 'The entry as it is now.', { many, meta: false }),
  );
}

function remove(id: string, summary: string, description: string): MethodDecorator {
  return applyDecorators(
    ApiDoc({ id, summary, description }),
    ApiNoContentResponse({ description: 'Deleted.' }),
    ApiErrors(400),
  );
}

const COLLECTION_BATCH: SchemaObject = {
  type: 'array',
  items: object({ collection: 'string', meta: ref('CollectionMeta') }, { required: ['collection'] }),
};

/** The docs of /collections, /fields and /relations (API.md 11), one decorator per route. */
export const SCHEMA_DOCS = {
  collections: {
    list: () =>
      read(
        'readCollections',
        'List collections',
        'The collections the caller may read; every one, system collections included, for administrators.',
        'Collection',
        true,
      ),
    read: () =>
      applyDecorators(
        COLLECTION,
        read(
          'readCollection',
          'Read a collection',
          'One collection; 403 when it does not exist or the caller may not read it.',
          'Collection',
          false,
        ),
      ),
    create: () =>
      write(
        'createCollection',
        'Create a collection',
        'Creates a collection and its table with the given fields, or several from an array (all or nothing).',
        createBody(ref('CollectionInput')),
        'Collection',
      ),
    updateBatch: () =>
      write(
        'updateCollectionsBatch',
        'Update collections',
        'Changes the `meta` of several collections (e.g. their `sort` and `group`), from an array of `{ collection, meta }`.',
        COLLECTION_BATCH,
        'Collection',
        true,
      ),
    update: () =>
      applyDecorators(
        COLLECTION,
        write(
          'updateCollection',
          'Update a collection',
          'Changes the `meta` of a collection.',
          object({ meta: ref('CollectionMeta') }),
          'Collection',
        ),
      ),
    remove: () =>
      applyDecorators(
        COLLECTION,
        remove(
          'deleteCollection',
          'Delete a collection',
          'Deletes a collection, its table and its items, fields and relations.',
        ),
      ),
  },
  fields: {
    listAll: () =>
      read('readFields', 'List all fields', 'The fields the caller may read, in every collection.', 'Field', true),
    list: () =>
      applyDecorators(
        COLLECTION,
        read(
          'readFieldsByCollection',
          'List the fields of a collection',
          'The fields of one collection the caller may read.',
          'Field',
          true,
        ),
      ),
    read: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        read(
          'readField',
          'Read a field',
          'One field; 403 when it does not exist or the caller may not read it.',
          'Field',
          false,
        ),
      ),
    create: () =>
      applyDecorators(
        COLLECTION,
        write(
          'createField',
          'Create a field',
          'Adds a field (and its column, unless an alias) to a collection.',
          ref('Field'),
          'Field',
        ),
      ),
    updateBatch: () =>
      applyDecorators(
        COLLECTION,
        write(
          'updateFields',
          'Update fields',
          'Changes several fields of a collection from an array of fields, each naming its `field`.',
          { type: 'array', items: ref('Field') },
          'Field',
          true,
        ),
      ),
    update: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        write(
          'updateField',
          'Update a field',
          'Changes a field; stored values are converted to a new type, or the change is refused.',
          ref('Field'),
          'Field',
        ),
      ),
    remove: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        remove('deleteField', 'Delete a field', 'Deletes a field, its column and its values.'),
      ),
  },
  relations: {
    listAll: () =>
      read('readRelations', 'List relations', 'The relations whose field the caller may read.', 'Relation', true),
    list: () =>
      applyDecorators(
        COLLECTION,
        read(
          'readRelationByCollection',
          'List the relations of a collection',
          'The relations of the fields of one collection.',
          'Relation',
          true,
        ),
      ),
    read: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        read('readRelation', 'Read a relation', 'The relation of one field.', 'Relation', false),
      ),
    create: () =>
      write(
        'createRelation',
        'Create a relation',
        'Creates a relation (a real foreign key for many-to-one).',
        ref('Relation'),
        'Relation',
      ),
    update: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        write(
          'updateRelation',
          'Update a relation',
          'Changes the `meta` or the `schema` (`on_delete`) of a relation.',
          ref('Relation'),
          'Relation',
        ),
      ),
    remove: () =>
      applyDecorators(
        COLLECTION,
        FIELD,
        remove('deleteRelation', 'Delete a relation', 'Deletes a relation and its foreign key; the fields stay.'),
      ),
  },
};
