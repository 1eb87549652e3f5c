import { describe, expect, it } from 'vitest';
import * as OpenCC from 'opencc-js';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import { normalise, normaliseChar, normaliseWithOffsets } from './normalise';
import { hasPatentData, patentFiles, readPatents, rng } from './test-data';

describe('normalise', () => {
  it.each([
    ['ＡＢＣ１２３', 'abc123'],
    ['（锂电池）', '(锂电池)'],
    ['Ｈ０１Ｍ　１０／０５２５', 'h01m 10/0525'],
    ['４Ｇ／５Ｇ通信模块，ＣＰＵ', '4g/5g通信模块,cpu'],
    ['鋰電池正極材料', '锂电池正极材料'],
    ['專利檢索與分析', '专利检索与分析'],
    ['發明專利申請', '发明专利申请'],
    ['LiFePO4 Battery', 'lifepo4 battery'],
    ['  a \t\n b\u3000\u3000c  ', 'a b c'],
    ['锂\u200b电池', '锂电池'],
    ['', ''],
    ['   ', ''],
    ['已经是规范文本 abc', '已经是规范文本 abc'],
    ['衞星', '卫星'],
    ['ΑΒΓ', 'αβγ'],
  ])('%j → %j', (input, expected) => {
    expect(normalise(input)).toBe(expected);
  });

  it('returns the very same string when nothing changes (no copy on the fast path)', () => {
    const s = '一种无人机机载多功能盒 abc';
    expect(normalise(s)).toBe(s);
  });

  it('agrees with OpenCC t→cn on the single traditional characters of TSCharacters', () => {
    const t2s = OpenCC.Converter({ from: 't', to: 'cn' });
    const keys = TSCharacters.split('|').map((e) => e.split(' ')[0]);
    const differ = keys.filter((k) => normalise(k) !== t2s(k));
    expect(keys.length).toBeGreaterThan(3000);
    // The only differences are chains (薴 → 苧 → 苎), which normalise follows to the end so that it stays
    // idempotent; one more OpenCC pass agrees.
    expect(differ.length).toBeLessThan(5);
    for (const k of differ) expect(t2s(t2s(k))).toBe(normalise(k));
  });

  it('maps each code point to at most one code point', () => {
    const bad: number[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if ([...normaliseChar(cp)].length > 1) bad.push(cp);
    }
    expect(bad).toEqual([]);
  });

  describe.skipIf(!hasPatentData())('on the real records', () => {
    const texts: string[] = [];
    for (const f of patentFiles()) {
      for (const r of readPatents(f, 2000)) for (const t of [r.title, r.abstract]) if (t) texts.push(t);
    }

    it('is idempotent', () => {
      for (const t of texts) {
        const n = normalise(t);
        expect(normalise(n)).toBe(n);
      }
    });

    it('is a homomorphism away from whitespace: normalise(a + b) = normalise(a) + normalise(b)', () => {
      const rand = rng(7);
      for (const t of texts.slice(0, 3000)) {
        const s = t.replace(/\s+/g, '');
        const cut = Math.floor(rand() * (s.length + 1));
        // Keep surrogate pairs whole.
        const at = cut > 0 && /[\udc00-\udfff]/.test(s[cut] ?? '') ? cut - 1 : cut;
        expect(normalise(s.slice(0, at)) + normalise(s.slice(at))).toBe(normalise(s));
      }
    });

    it('normaliseWithOffsets gives the same text and offsets that point at the source characters', () => {
      for (const t of texts.slice(0, 3000)) {
        const { text, offsets } = normaliseWithOffsets(t);
        expect(text).toBe(normalise(t));
        expect(offsets.length).toBe(text.length + 1);
        for (let i = 0; i < text.length; i++) {
          if (text[i] === ' ') continue;
          expect(normalise(t.slice(offsets[i], offsets[i] + 2)).startsWith(text[i])).toBe(true);
        }
      }
    }, 30000);
  });
});
