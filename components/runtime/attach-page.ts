import type { SessionController } from '@/lib/opening/create-session-controller';
import { SHARE_PREFIX } from '@/lib/share/share-prefix';
import type { BrowserSessionStore } from './create-browser-session-store';
import type { SessionLibrary } from './create-session-library';

/**
 * The page's lifecycle for one runtime: listens to the page (saves on hide, opens links pasted into
 * the address bar, hears other tabs' session lists) and returns the cleanup. The last cleanup
 * disposes the runtime unless it is attached again in the same task (React's StrictMode mounts twice
 * in development): unmounting the playground ends it.
 */
export function createPageAttachment({
  store,
  controller,
  library,
  dispose,
}: {
  store: Pick<BrowserSessionStore, 'storage'>;
  controller: Pick<SessionController, 'openShareLink'>;
  library: SessionLibrary | undefined;
  dispose(): void;
}): (page: Window) => () => void {
  let attachments = 0;
  return (page) => {
    attachments += 1;
    const flush = () => void store.storage?.flush();
    const onVisibility = () => page.document.visibilityState === 'hidden' && flush();
    // A link pasted into this tab's address bar changes only the fragment: no reload.
    const onHashChange = () => {
      if (page.location.hash.startsWith(SHARE_PREFIX)) void controller.openShareLink(page.location.hash);
    };
    // Another tab changed the list of sessions (localStorage tells every other tab).
    const onStorage = () => library?.refresh();
    page.addEventListener('pagehide', flush);
    page.document.addEventListener('visibilitychange', onVisibility);
    page.addEventListener('hashchange', onHashChange);
    page.addEventListener('storage', onStorage);
    return () => {
      page.removeEventListener('pagehide', flush);
      page.document.removeEventListener('visibilitychange', onVisibility);
      page.removeEventListener('hashchange', onHashChange);
      page.removeEventListener('storage', onStorage);
      attachments -= 1;
      setTimeout(() => {
        if (attachments === 0) dispose();
      }, 0);
    };
  };
}
