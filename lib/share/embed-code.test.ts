import { describe, expect, it } from 'vitest';
import { embedCode, embedUrl } from './embed-code';

describe('the embed snippet', () => {
  const link = 'https://play.example/?x=1#share=1.N4Ig';

  it('points at /embed with the link fragment, and quotes every value for HTML', () => {
    expect(embedUrl(link)).toBe('https://play.example/embed#share=1.N4Ig');
    const code = embedCode(link, 'Weather "demo" <script>alert(1)</script> & co');
    expect(code).toBe(
      '<iframe src="https://play.example/embed#share=1.N4Ig" title="Tool Playground: Weather &quot;demo&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co" width="640" height="600" style="border:1px solid #ccc;border-radius:8px" loading="lazy"></iframe>',
    );
    // A browser parses it as one iframe with that title: e2e/embed.spec.ts pastes the snippet into a page.
  });

  it('points a short link at /embed/s/<id>, its key kept in the fragment', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUv';
    expect(embedUrl(`https://play.example/s/${id}#k=secret-key`)).toBe(
      `https://play.example/embed/s/${id}#k=secret-key`,
    );
  });

  it('refuses what is not a share link', () => {
    expect(() => embedUrl('https://play.example/#other')).toThrow();
    expect(() => embedUrl('https://play.example/s/short#k=x')).toThrow();
    expect(() => embedUrl('https://play.example/s/AbCdEfGhIjKlMnOpQrStUv#other')).toThrow();
  });
});
