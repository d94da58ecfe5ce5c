import { parse } from "node:querystring";
import { workloads, type Workload } from "@relix/core";

/** A route never looks inside a request or a reply: the workload's schemas do. */
export type AnyWorkload = Workload<unknown, unknown>;

export interface RouteMatch {
  workload: AnyWorkload;
  /** Path parameters, URL-decoded (a malformed escape throws URIError, answered 400 naming the path). */
  params: Record<string, string>;
  /** Query parameters as Express's default parser gives them: a string, or an array when repeated. */
  query: Record<string, string | string[]>;
}

/** Express 5's default ("simple") query parser is node's querystring: the same values here. */
const queryOf = (search: string): Record<string, string | string[]> =>
  search === "" ? {} : ({ ...parse(search) } as Record<string, string | string[]>);

/** The query parameters of a request URL, parsed as every HTTP stack parses them. */
export const queryParamsOf = (url: string): Record<string, string | string[]> => {
  const start = url.indexOf("?");
  return start === -1 ? {} : queryOf(url.slice(start + 1));
};

interface ParamRoute {
  workload: AnyWorkload;
  segments: string[];
}

const trimSlash = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

/**
 * The router of the REST process's other HTTP stacks (stacks/stacks.ts), built from the routes the catalog writes
 * once (`/v1/items/:id`): an exact-path table for routes without parameters, a segment match for
 * the others. Like Express's defaults, a trailing slash is ignored; the query string is parameters, not path.
 */
export function createCatalogRouter(list: readonly Workload[] = workloads) {
  const exact = new Map<string, AnyWorkload>();
  const withParams: ParamRoute[] = [];
  for (const workload of list as readonly AnyWorkload[]) {
    const { method, route } = workload.rest;
    if (route.includes(":")) withParams.push({ workload, segments: route.split("/") });
    else exact.set(`${method} ${route}`, workload);
  }

  return function match(method: string, url: string): RouteMatch | undefined {
    const query = url.indexOf("?");
    const path = trimSlash(query === -1 ? url : url.slice(0, query));
    const search = query === -1 ? "" : url.slice(query + 1);
    const direct = exact.get(`${method} ${path}`);
    if (direct) return { workload: direct, params: {}, query: queryOf(search) };
    const segments = path.split("/");
    for (const route of withParams) {
      if (route.workload.rest.method !== method || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (let i = 0; i < segments.length && matched; i++) {
        const expected = route.segments[i]!;
        if (expected.startsWith(":")) params[expected.slice(1)] = segments[i]!;
        else matched = expected === segments[i];
      }
      if (!matched) continue;
      for (const name of Object.keys(params)) params[name] = decodeURIComponent(params[name]!);
      return { workload: route.workload, params, query: queryOf(search) };
    }
    return undefined;
  };
}
export type CatalogRouter = ReturnType<typeof createCatalogRouter>;
