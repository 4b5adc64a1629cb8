import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * The page's one TanStack Query client, made by the first part that asks for it
 * (`withQueryClient`, components/shared/with-query-client.tsx): the page's root holds the
 * holder, not the client, so the first screen loads no TanStack Query — its parts that fetch
 * (the tools pane, the menus, the run settings, the Inspector) hydrate after it.
 */
export type QueryClientHolder = { client?: QueryClient };

export const QueryClientHolderContext = createContext<QueryClientHolder | undefined>(undefined);
