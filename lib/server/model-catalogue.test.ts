import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { DEFAULT_MODEL_CATALOGUE } from '../providers/local-model/model-catalogue';
import { modelCatalogue } from './model-catalogue';

const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
const mirror = join(dir, 'mirror.json');
writeFileSync(
  mirror,
  JSON.stringify({
    models: [
      { id: 'q', name: 'Q', url: 'https://models.school.example/q.gguf', sizeBytes: 10, sha256: 'a'.repeat(64) },
    ],
  }),
);

describe('the deployment’s model catalogue (PLAYGROUND_MODEL_CATALOGUE)', () => {
  it('is the built-in one when unset, and the named file when set', () => {
    expect(modelCatalogue({})).toEqual({ ok: true, catalogue: DEFAULT_MODEL_CATALOGUE });
    const read = modelCatalogue({ PLAYGROUND_MODEL_CATALOGUE: mirror });
    expect(read.ok && read.catalogue.models.map((model) => model.url)).toEqual([
      'https://models.school.example/q.gguf',
    ]);
  });

  it('a file it cannot use is said, and offers nothing (never a fall-back to addresses nobody chose)', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"models": []}');
    expect(modelCatalogue({ PLAYGROUND_MODEL_CATALOGUE: bad })).toEqual({
      ok: false,
      error: expect.stringMatching(/^The model catalogue is not valid at models: /),
    });
    expect(modelCatalogue({ PLAYGROUND_MODEL_CATALOGUE: join(dir, 'missing.json') })).toEqual({
      ok: false,
      error: expect.stringMatching(/could not be read \(ENOENT\)/),
    });
  });

  it("the playground's page may connect to the catalogue's origins, read when the server runs, and to no other model host", () => {
    const before = process.env.PLAYGROUND_MODEL_CATALOGUE;
    try {
      delete process.env.PLAYGROUND_MODEL_CATALOGUE;
      const builtIn = proxy().headers.get('content-security-policy') ?? '';
      expect(builtIn).toMatch(
        /connect-src 'self' [^;]* https:\/\/huggingface\.co https:\/\/cas-bridge\.xethub\.hf\.co/,
      );
      process.env.PLAYGROUND_MODEL_CATALOGUE = mirror;
      const mirrored = proxy().headers.get('content-security-policy') ?? '';
      expect(mirrored).toMatch(/connect-src 'self' [^;]* https:\/\/models\.school\.example(;|$)/);
      expect(mirrored).not.toContain('huggingface');
      expect(mirrored).toContain("frame-ancestors 'self'");
    } finally {
      if (before === undefined) delete process.env.PLAYGROUND_MODEL_CATALOGUE;
      else process.env.PLAYGROUND_MODEL_CATALOGUE = before;
    }
  });
});
