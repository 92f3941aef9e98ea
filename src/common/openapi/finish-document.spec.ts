import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import { finishOpenApiDocument } from './finish-document';

const documentWith = (operation: OperationObject): OpenAPIObject => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: { '/x': { get: operation } },
});
const finished = (operation: OperationObject) =>
  finishOpenApiDocument(documentWith(operation)).paths['/x'].get as OperationObject;

describe(finishOpenApiDocument.name, () => {
  it.each([
    [
      'a shared parameter',
      { name: 'fields', in: 'query', required: false, schema: { $ref: '#/components/parameters/Fields' } },
      { $ref: '#/components/parameters/Fields' },
    ],
    ['a reference already', { $ref: '#/components/parameters/Filter' }, { $ref: '#/components/parameters/Filter' }],
    [
      'a parameter of its own',
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ],
    [
      'one typed by a component schema',
      { name: 'key', in: 'query', schema: { $ref: '#/components/schemas/PrimaryKey' } },
      { name: 'key', in: 'query', schema: { $ref: '#/components/schemas/PrimaryKey' } },
    ],
  ])('turns %s into what it should be', (_case, parameter, expected) => {
    expect(finished({ responses: {}, parameters: [parameter as never] }).parameters).toEqual([expected]);
  });

  it.each([
    [
      'a shared body',
      {
        required: true,
        content: { 'multipart/form-data': { schema: { $ref: '#/components/requestBodies/FileUpload' } } },
      },
      { $ref: '#/components/requestBodies/FileUpload' },
    ],
    [
      'a body of its own',
      { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
      { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
    ],
    [
      'a reference already',
      { $ref: '#/components/requestBodies/ImportUpload' },
      { $ref: '#/components/requestBodies/ImportUpload' },
    ],
  ])('turns %s into what it should be', (_case, requestBody, expected) => {
    expect(finished({ responses: {}, requestBody }).requestBody).toEqual(expected);
  });

  it('leaves an operation without parameters or body as it is', () => {
    expect(finished({ responses: { 200: { description: 'ok' } } })).toEqual({
      responses: { 200: { description: 'ok' } },
    });
  });
});
