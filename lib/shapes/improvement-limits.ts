/** Most improvements a session keeps (the newest): zod-free, for the store (the schema loads later). */
export const MAX_IMPROVEMENTS = 20;
