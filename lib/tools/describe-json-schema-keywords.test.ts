import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { describe, expect, it } from 'vitest';
import { describeJsonSchemaKeywords, KEYWORD_DOCS } from './describe-json-schema-keywords';

describe('describeJsonSchemaKeywords', () => {
  it('documents the draft-07 keywords a tool schema uses, without changing the meta-schema', () => {
    const described = describeJsonSchemaKeywords(draft07) as { properties: Record<string, { description?: string }> };
    expect(described.properties.type.description).toBe(KEYWORD_DOCS.type);
    expect(described.properties.required.description).toMatch(/must always provide/);
    const documented = Object.keys(KEYWORD_DOCS).filter((keyword) => described.properties[keyword]?.description);
    expect(documented.length).toBeGreaterThanOrEqual(25);
    expect(
      (draft07 as unknown as { properties: Record<string, { description?: string }> }).properties.type.description,
    ).toBeUndefined();
  });
});
