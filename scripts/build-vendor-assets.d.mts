export const ZOD_SANDBOX_GLOBAL: string;
export const ZOD_SANDBOX_FILE: string;
export function bundleZodSandbox(): Promise<string>;
