import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('São Paulo, 45.3° N')).toBe('São Paulo, 45.3° N');
    // Already-escaped text is escaped again (the input is text, not HTML).
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
