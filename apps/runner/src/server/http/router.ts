import type { Route } from "./route";

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "wrong-method"; allow: string[] }
  | { kind: "none" };

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

/** Method + path -> route. Small on purpose: a dozen fixed routes, `:name` for one segment. */
export function createRouter(routes: readonly Route[]): (method: string, pathname: string) => RouteMatch {
  const compiled: Compiled[] = routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .split("/")
      .map((segment) => {
        if (!segment.startsWith(":")) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(segment.slice(1));
        return "([^/]+)";
      })
      .join("/");
    return { route, pattern: new RegExp(`^${source}/?$`), names };
  });

  return (method, pathname) => {
    const allow: string[] = [];
    for (const { route, pattern, names } of compiled) {
      const match = pattern.exec(pathname);
      if (match === null) continue;
      if (route.method !== method) {
        allow.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      names.forEach((name, i) => {
        params[name] = safeDecode(match[i + 1]!);
      });
      return { kind: "found", route, params };
    }
    return allow.length > 0 ? { kind: "wrong-method", allow } : { kind: "none" };
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
