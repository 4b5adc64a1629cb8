/**
 * Pane sizes live in cookies named with this prefix (the panes library's keys carry ":",
 * which a cookie name may not): the page reads them on the server, the panes in the browser.
 */
export const LAYOUT_COOKIE_PREFIX = 'panes.';
