import { NextResponse } from 'next/server';
import { catalogueOrigins } from '@/lib/providers/local-model/model-catalogue';
import { appCsp } from '@/lib/server/content-security-policy.mjs';
import { modelCatalogue } from '@/lib/server/model-catalogue';

/**
 * The playground's pages get their Content-Security-Policy here, at each request, because it names
 * the origins of the models the page may download (`PLAYGROUND_MODEL_CATALOGUE`, read when the
 * server runs, not when it was built): the built-in catalogue's hosts, or only a mirror's.
 */
export function proxy() {
  const read = modelCatalogue(process.env);
  const response = NextResponse.next();
  response.headers.set(
    'Content-Security-Policy',
    appCsp({
      dev: process.env.NODE_ENV === 'development',
      modelOrigins: read.ok ? catalogueOrigins(read.catalogue) : [],
    }),
  );
  return response;
}

export const config = { matcher: ['/', '/s/:id'] };
