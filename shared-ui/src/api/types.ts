/**
 * Names for the generated API types. schema.d.ts is written by `make api-types` from
 * services/server/openapi.json, which a Go test keeps equal to the server's route table. The
 * server describes its bodies inline, so a type is named by its route: the path as in the
 * specification and the method, e.g. ResponseBody<'/api/v1/me'>.
 *
 * When a route changes shape, regenerating schema.d.ts turns every client that relies on the old
 * shape into a type error. Never edit schema.d.ts by hand; `make test` fails when it is stale.
 * Both front ends import it as @klusmaat/shared-ui/api/types.
 */
import type { components, paths } from './schema';

/** Any path the API serves, e.g. "/api/v1/me". */
export type ApiPath = keyof paths;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The operation of a route; never when the path has no such method. */
type OperationAt<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of a route's success answer: 200, or 201 Created, or 202 Accepted. */
export type ResponseBody<P extends ApiPath, M extends Method = 'get'> =
  OperationAt<P, M> extends { responses: { 200: infer Answer } }
    ? JsonContent<Answer>
    : OperationAt<P, M> extends { responses: { 201: infer Answer } }
      ? JsonContent<Answer>
      : OperationAt<P, M> extends { responses: { 202: infer Answer } }
        ? JsonContent<Answer>
        : never;

/** The JSON body a route takes. */
export type RequestBody<P extends ApiPath, M extends Method> =
  OperationAt<P, M> extends { requestBody?: infer Body } ? JsonContent<Body> : never;

/** The paths whose GET answers a list page {"data": [...], "total": N} (D25). */
export type ItemsPath = {
  [P in ApiPath]: ResponseBody<P> extends { data: readonly unknown[]; total: number } ? P : never;
}[ApiPath];

/** One element of such a list. */
export type ListItem<P extends ItemsPath> = ResponseBody<P> extends { data: readonly (infer Item)[] } ? Item : never;

/** Every error answer: {"error": {"code", "message", "fields"?}}. */
export type ApiError = components['schemas']['Error'];
