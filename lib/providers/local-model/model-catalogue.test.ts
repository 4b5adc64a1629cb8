import { describe, expect, it } from 'vitest';
import { catalogueOrigins, DEFAULT_MODEL_CATALOGUE, readModelCatalogue } from './model-catalogue';

const model = {
  id: 'mirror-qwen',
  name: 'Qwen (our mirror)',
  url: 'https://models.school.example/qwen.gguf',
  sizeBytes: 491_400_032,
  sha256: '74A4DA8C9FDBCD15BD1F6D01D621410D31C6FC00986F5EB687824E7B93D7A9DB',
};

describe('the model catalogue', () => {
  it('the built-in one is valid, pinned to revisions, and names its hosts', () => {
    const read = readModelCatalogue(JSON.stringify(DEFAULT_MODEL_CATALOGUE));
    expect(read).toEqual({ ok: true, catalogue: DEFAULT_MODEL_CATALOGUE });
    for (const each of DEFAULT_MODEL_CATALOGUE.models) expect(each.url).toMatch(/\/resolve\/[0-9a-f]{40}\//);
    expect(catalogueOrigins(DEFAULT_MODEL_CATALOGUE)).toEqual([
      'https://huggingface.co',
      ...DEFAULT_MODEL_CATALOGUE.redirectOrigins,
    ]);
  });

  it("a mirror's list is read with defaults, its SHA-256 in lower case, and only its origins allowed", () => {
    const read = readModelCatalogue(JSON.stringify({ models: [model] }));
    if (!read.ok) throw new Error(read.error);
    expect(read.catalogue.models[0]).toMatchObject({
      publisher: '',
      licence: '',
      note: '',
      sha256: model.sha256.toLowerCase(),
    });
    expect(catalogueOrigins(read.catalogue)).toEqual(['https://models.school.example']);
  });

  it.each([
    ['{', /^The model catalogue is not JSON: /],
    [{ models: [] }, /not valid at models: /],
    [
      { models: [{ ...model, url: 'javascript:alert(1)' }] },
      /not valid at models\.0\.url: must be an http\(s\) address/,
    ],
    [
      { models: [{ ...model, url: 'https://user:pw@models.example/x.gguf' }] },
      /models\.0\.url: .*without a user or password/,
    ],
    [{ models: [{ ...model, sha256: 'abc' }] }, /models\.0\.sha256: 64 hexadecimal digits/],
    [{ models: [{ ...model, sizeBytes: 4 * 2 ** 30 }] }, /models\.0\.sizeBytes: at most 3221225472 bytes/],
    [{ models: [{ ...model, id: 'a b' }] }, /models\.0\.id: letters, digits/],
    [{ models: [model, model] }, /names "mirror-qwen" twice/],
    [{ models: [model], redirectOrigins: ['https://cdn.example/path'] }, /redirectOrigins\.0: an origin only/],
    [{ models: [model], redirectOrigins: ['https://cdn.example; script-src *'] }, /redirectOrigins\.0: /],
  ])('refuses %j in a sentence', (input, error) => {
    const read = readModelCatalogue(typeof input === 'string' ? input : JSON.stringify(input));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(error);
  });
});
