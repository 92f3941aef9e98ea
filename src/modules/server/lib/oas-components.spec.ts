import type { ComponentsObject } from '@nestjs/swagger';
import { completeComponents, ERROR_SCHEMA, PARAMETERS, RESPONSES, SECURITY_SCHEMES } from './oas-components';

const used = (parameters: string[], responses: string[]) => ({
  parameters: new Set(parameters),
  responses: new Set(responses),
});
const ITEM = { type: 'object' as const, properties: {} };

describe(completeComponents.name, () => {
  it.each<
    [
      string,
      ComponentsObject | undefined,
      ReturnType<typeof used>,
      (keyof ComponentsObject)[],
      Record<string, string[]>,
    ]
  >([
    [
      'a base without components: every used one and the Error schema its responses need',
      undefined,
      used(['Fields', 'Limit'], ['Forbidden']),
      ['parameters', 'responses', 'securitySchemes', 'schemas'],
      {
        parameters: ['Fields', 'Limit'],
        responses: ['Forbidden'],
        securitySchemes: ['bearerAuth', 'accessTokenQuery', 'sessionCookie'],
        schemas: ['ItemsArticles', 'Error'],
      },
    ],
    [
      "a base that has them: the base's own definitions, nothing added",
      {
        parameters: { Fields: { name: 'fields', in: 'query' } },
        responses: { Forbidden: { description: 'base' } },
        securitySchemes: { ...SECURITY_SCHEMES },
        schemas: { Error: { type: 'object' } },
      },
      used(['Fields'], ['Forbidden']),
      ['parameters', 'responses', 'securitySchemes', 'schemas'],
      {
        parameters: ['Fields'],
        responses: ['Forbidden'],
        securitySchemes: ['bearerAuth', 'accessTokenQuery', 'sessionCookie'],
        schemas: ['Error', 'ItemsArticles'],
      },
    ],
    [
      'a base with its own responses: no Error schema is added for them',
      { responses: { Forbidden: { description: 'base' } } },
      used([], ['Forbidden']),
      ['responses', 'schemas'],
      { responses: ['Forbidden'], schemas: ['ItemsArticles'] },
    ],
    [
      'nothing used: only the security schemes',
      { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      used([], []),
      ['securitySchemes', 'parameters', 'responses'],
      { securitySchemes: ['bearer', 'bearerAuth', 'accessTokenQuery', 'sessionCookie'], parameters: [], responses: [] },
    ],
  ])('%s', (_case, base, names, kinds, expected) => {
    const components = completeComponents(base, { ItemsArticles: ITEM }, names);
    expect(Object.fromEntries(kinds.map((kind) => [kind, Object.keys(components[kind] ?? {})]))).toEqual(expected);
  });

  it("keeps the base's definitions and leaves the base itself as it was", () => {
    const base: ComponentsObject = {
      parameters: { Fields: { name: 'fields', in: 'query', description: 'base' } },
      schemas: { Other: ITEM },
    };
    const copy = structuredClone(base);
    const components = completeComponents(base, { ItemsArticles: ITEM }, used(['Fields', 'Sort'], ['BadRequest']));
    expect(components.parameters).toEqual({ Fields: base.parameters!.Fields, Sort: PARAMETERS.Sort });
    expect(components.responses).toEqual({ BadRequest: RESPONSES.BadRequest });
    expect(components.schemas).toEqual({ Other: ITEM, ItemsArticles: ITEM, Error: ERROR_SCHEMA });
    expect(base).toEqual(copy);
  });

  it.each(Object.entries(RESPONSES))('the %s answer is the standard error body', (_name, response) => {
    expect(response).toEqual({
      description: expect.any(String),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          example: {
            errors: [{ message: expect.any(String), extensions: { code: expect.stringMatching(/^[A-Z_]+$/) } }],
          },
        },
      },
    });
  });

  it.each(Object.entries(PARAMETERS))(
    'the %s parameter is a described query parameter with an example',
    (_name, parameter) => {
      expect(parameter).toEqual(
        expect.objectContaining({ in: 'query', name: expect.any(String), description: expect.any(String) }),
      );
      expect('example' in parameter || Object.values(parameter.content ?? {}).some((media) => 'example' in media)).toBe(
        true,
      );
    },
  );
});
