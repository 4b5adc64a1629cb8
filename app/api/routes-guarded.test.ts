import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGuarded } from '@/lib/server/route-guard';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every route file under app/api, now and added later. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === 'route.ts' ? [path] : [];
  });
}

describe('every /api route is behind the route guard', () => {
  const files = routeFiles('app/api');
  it('finds the routes', () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });
  it.each(files)('%s exports only guarded handlers', async (file) => {
    const route = (await import(`@/${file}`)) as Record<string, unknown>;
    const handlers = METHODS.filter((method) => method in route);
    expect(handlers.length).toBeGreaterThan(0);
    for (const method of handlers) expect(isGuarded(route[method]), `${file} ${method}`).toBe(true);
  });
});
