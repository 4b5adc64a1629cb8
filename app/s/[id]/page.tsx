/**
 * A short link, `/s/<id>#k=<key>`: the playground itself, which fetches the ciphertext, decrypts
 * it with the key from the fragment (never sent to the server) and opens it read-only.
 */
export { default } from '../../page';
