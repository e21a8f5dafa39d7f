// The OpenAPI 3.1 document of the API, from the endpoint table (every entry, migrated or not) and the
// zod schemas each entry was mounted with (route.ts): integrators read the API without the code. An
// entry not yet mounted through route() is listed with its path, method and callers, without schemas.
import { z } from 'zod';
import { AUTH_SCHEME } from '@portal/shared/http';
import { SERVICE_AUTH_SCHEME } from '@portal/shared/contracts/bot-jobs';
import { listEndpoints } from '@portal/shared/endpoints/all';
import { pathParamNames, type Endpoint } from '@portal/shared/endpoints/endpoint';
import { mountedSchemas } from './route.ts';

type JsonSchema = Record<string, unknown>;

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say becomes "any". */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const isId = (name: string) => name === 'id' || name.endsWith('Id');

function parametersOf(endpoint: Endpoint, query: z.core.$ZodType | undefined): JsonSchema[] {
  const path = pathParamNames(endpoint.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isId(name) ? { type: 'integer', minimum: 1 } : { type: 'string' },
  }));
  if (!query) return path;
  const { properties = {}, required = [] } = jsonSchema(query, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const fromQuery = Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
  return [...path, ...fromQuery];
}

const SECURITY: Record<NonNullable<Endpoint['caller']>, JsonSchema[]> = {
  public: [],
  user: [{ session: [] }],
  service: [{ service: [] }],
};

export function openApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { module, name, endpoint } of listEndpoints()) {
    const schemas = mountedSchemas.get(endpoint);
    const status = String(schemas?.status ?? 200);
    const answer =
      status === '204'
        ? { description: '内容なし' }
        : {
            description: '成功',
            ...(schemas?.answer && {
              content: { 'application/json': { schema: jsonSchema(schemas.answer, 'output') } },
            }),
          };
    const operation: JsonSchema = {
      operationId: `${module}.${name}`,
      tags: [module],
      security: SECURITY[endpoint.caller ?? 'user'],
      parameters: parametersOf(endpoint, schemas?.query),
      responses: { [status]: answer },
      ...(endpoint.permission && { 'x-permission': endpoint.permission }),
      ...(endpoint.staff && { 'x-staff': true }),
    };
    if (schemas?.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(schemas.body, 'input') } },
      };
    }
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Staff portal API', version: '1' },
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `${AUTH_SCHEME} <access token>`,
        },
        service: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: `${SERVICE_AUTH_SCHEME} <BOT_SERVICE_TOKEN> (the bot only)`,
        },
      },
    },
  };
}
