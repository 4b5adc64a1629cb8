// The floor again, served cross-origin isolated as the playground's pages are (next.config.mjs):
// what isolation itself costs a bare page (docs/decisions/first-load.md).
export { default } from '../page';
