// Runs the fake provider as its own process (for e2e tests and benchmarks):
//   node testing/fake-provider/serve-fake-provider.ts   (Node ≥ 23 runs TypeScript directly)
import { startFakeProvider } from './start-fake-provider.ts';

const port = Number(process.env.FAKE_PROVIDER_PORT ?? 3199);
const provider = await startFakeProvider({ port, chunkDelayMs: Number(process.env.FAKE_PROVIDER_CHUNK_DELAY_MS ?? 0) });
console.log(`fake provider listening on ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
