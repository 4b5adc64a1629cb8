export function appCsp(options: { dev: boolean; modelOrigins?: string[] }): string;
export const EMBED_CSP: string;
