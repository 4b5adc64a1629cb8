import { addMyShortLink, type MyShortLink, readMyShortLinks } from '@/lib/share/my-short-links';

/** Where this browser keeps the short links it made (never sent anywhere). */
const LINKS_KEY = 'tool-playground:my-short-links';
/** Where 0.18–0.19 kept only their delete tokens (read once, then folded into the list). */
const LEGACY_TOKENS_KEY = 'tool-playground:short-links';

/** The short links this browser made; none where storage is refused. */
export function loadMyShortLinks(): MyShortLink[] {
  try {
    return readMyShortLinks(localStorage.getItem(LINKS_KEY), localStorage.getItem(LEGACY_TOKENS_KEY));
  } catch {
    return [];
  }
}

function save(links: readonly MyShortLink[]) {
  try {
    localStorage.setItem(LINKS_KEY, JSON.stringify(links));
    localStorage.removeItem(LEGACY_TOKENS_KEY);
  } catch {
    // Storage refused: the link is still shown until the popover closes.
  }
}

/** Keeps a link this browser just made. */
export function rememberMyShortLink(link: MyShortLink) {
  save(addMyShortLink(loadMyShortLinks(), link));
}

/** Forgets a link (deleted, or gone from the server). */
export function forgetMyShortLink(id: string) {
  save(loadMyShortLinks().filter((link) => link.id !== id));
}
