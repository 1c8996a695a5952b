import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which methods a path answers, so that a known path asked with another method gets 405 and an
 * Allow header instead of a 404 that suggests the path does not exist. Fastify routes by method
 * first and has no 405 of its own. Catch-all routes (the static files' `/*`) are left out: they
 * would make every path look known.
 */
export interface RouteMethods {
  allowedMethods(pathname: string): string[];
  /** Answers 405 with Allow when the path is known under other methods; false when it is not known at all. */
  replyIfWrongMethod(req: FastifyRequest, reply: FastifyReply, pathname: string): boolean;
}

export function trackRouteMethods(app: FastifyInstance): RouteMethods {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = [];
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
  });
  const allowedMethods = (pathname: string) => {
    const allowed = new Set<string>();
    for (const route of routes) if (route.pattern.test(pathname)) for (const m of route.methods) allowed.add(m);
    return [...allowed].sort();
  };
  return {
    allowedMethods,
    replyIfWrongMethod(req, reply, pathname) {
      const allowed = allowedMethods(pathname);
      if (allowed.length === 0) return false;
      req.log.warn({ statusCode: 405, method: req.method }, 'request refused');
      void reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({ error: { code: 'method_not_allowed', message: `${pathname} answers ${allowed.join(', ')}, not ${req.method}.` } });
      return true;
    },
  };
}
