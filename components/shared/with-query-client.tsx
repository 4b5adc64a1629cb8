'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useContext, useState } from 'react';
import { QueryClientHolderContext } from '../ui/query-client-holder';

/**
 * `Component` inside a TanStack Query provider with the page's one client (made by the first
 * part to mount, so the parts share their cache: the rendered request the Inspector, Get code
 * and the context cost all read); outside a page that holds one, a client of its own. For the
 * roots of the parts that fetch — each loads after the first screen, and TanStack Query with it.
 */
export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithQueryClient(props: Props) {
    const holder = useContext(QueryClientHolderContext);
    const [client] = useState(() => {
      if (!holder) return new QueryClient();
      holder.client ??= new QueryClient();
      return holder.client;
    });
    return (
      <QueryClientProvider client={client}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
