import type { Page } from 'playwright-core';

/** The session the page saved in IndexedDB under `key`: its JSON text, or '' when there is none. */
export function savedSessionText(
  page: Pick<Page, 'evaluate'>,
  key = 'tool-playground:session:default',
): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('tool-playground');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          try {
            const request = open.result.transaction('sessions').objectStore('sessions').get(name);
            request.onsuccess = () => resolve(String(request.result ?? ''));
            request.onerror = () => resolve('');
          } catch {
            resolve('');
          }
        };
      }),
    key,
  );
}

/** The saved session's state, parsed (`{}` when there is none yet). */
export async function savedSessionState<T>(page: Pick<Page, 'evaluate'>, key?: string): Promise<T> {
  const parsed = JSON.parse((await savedSessionText(page, key)) || '{}');
  return (parsed.state ?? parsed) as T;
}
