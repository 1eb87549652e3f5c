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

  it('maps each code point on its own: to itself, one code point, or its NFKC form (Ⅱ → ii), and idempotently', () => {
    const bad: number[] = [];
    for (let cp = 0; cp < 0x10000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const n = normaliseChar(cp);
      if (n === ' ' || n === '') continue;
      // Idempotent, and a compatibility form normalises like what NFKC makes of it.
      if (normalise(n) !== n) bad.push(cp);
      const k = String.fromCharCode(cp).normalize('NFKC');
      if (!/\s/.test(k) && normalise(k) !== n) bad.push(cp);
    }
    expect(bad.map((c) => c.toString(16))).toEqual([]);
  });

  it.each([
    // Issue 11 item 7: Roman numerals, circled numbers, full-width forms, ligatures, squared units, math letters.
    ['Ⅱ型糖尿病', 'ii型糖尿病'],
    ['II型糖尿病', 'ii型糖尿病'],
    ['ⅱ型糖尿病', 'ii型糖尿病'],
    ['ＩＩ型', 'ii型'],
    ['Ⅲ期 Ⅻ Ⅳ', 'iii期 xii iv'],
    ['步骤①②', '步骤12'],
    ['⑴', '(1)'],
    ['ﬁlter', 'filter'],
    ['10㎜', '10mm'],
    ['𝐀𝐁𝟏', 'ab1'],
    ['ｶﾒﾗ', 'カメラ'],
    ['⼀种', '一种'],
  ])('compatibility form %j → %j', (input, expected) => {
    expect(normalise(input)).toBe(expected);
    const { text, offsets } = normaliseWithOffsets(input);
    expect(text).toBe(expected);
    expect(offsets.length).toBe(text.length + 1);
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
        // Each run of output characters from one source code point is that code point's normalised form.
        for (let i = 0; i < text.length;) {
          let j = i + 1;
          while (j < text.length && offsets[j] === offsets[i]) j++;
          if (text[i] !== ' ') expect(text.slice(i, j)).toBe(normaliseChar(t.codePointAt(offsets[i])!));
          i = j;
        }
      }
    }, 30000);
  });
});
