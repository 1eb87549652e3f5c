import { describe, expect, it } from 'vitest';
import { escapeHtml, highlight, highlightTerms, matchRanges, snippet } from './highlight';
import { parseExpression } from './expression';
import { hasPatentData, readPatents } from './test-data';

describe('highlight', () => {
  it('wraps CJK substrings in <em>', () => {
    expect(highlight('一种锂电池正极材料', ['锂电池'])).toBe('一种<em>锂电池</em>正极材料');
    // Touching matches become one <em>.
    expect(highlight('一种锂电池正极材料', ['锂电池', '正极'])).toBe('一种<em>锂电池正极</em>材料');
    expect(highlight('锂电池和正极', ['锂电池', '正极'])).toBe('<em>锂电池</em>和<em>正极</em>');
  });

  it('merges overlapping matches', () => {
    expect(highlight('锂电池正极', ['锂电', '电池正'])).toBe('<em>锂电池正</em>极');
  });

  it('matches after normalisation but shows the original characters', () => {
    expect(highlight('一種鋰電池，ＣＰＵ模塊', ['锂电池', 'cpu'])).toBe('一種<em>鋰電池</em>，<em>ＣＰＵ</em>模塊');
    expect(highlight('Lithium BATTERY pack', ['battery'])).toBe('Lithium <em>BATTERY</em> pack');
  });

  it('matches Latin words whole, and prefixes to the end of the word', () => {
    expect(highlight('battery batteries abattery', ['battery'])).toBe('<em>battery</em> batteries abattery');
    expect(highlight('battery batteries abattery', [{ value: 'batter', prefix: true }])).toBe(
      '<em>battery</em> <em>batteries</em> abattery',
    );
    expect(highlight('4G/5G通信', ['5g通信'])).toBe('4G/<em>5G通信</em>');
  });

  it('marks a phrase (or a term of several segments) only where the whole of it occurs', () => {
    // Issue 11 item 5: each word of a phrase used to be marked wherever it occurred.
    expect(highlight('A neural network; the network of neural cells', ['neural network'])).toBe(
      'A <em>neural network</em>; the network of neural cells',
    );
    expect(highlight('Neural-Network, neural  network', ['neural network'])).toBe(
      '<em>Neural-Network</em>, <em>neural  network</em>',
    );
    expect(highlight('neuralnetwork', ['neural network'])).toBe('neuralnetwork');
    // Digits of a phrase are not marked on their own.
    expect(highlight('第 2 层与第 3 层，共 2 3 层', ['2 3 层'])).toBe('第 2 层与第 3 层，共 <em>2 3 层</em>');
    expect(highlight('采用5G通信，4G/5G 模块，通信', ['5g通信'])).toBe('采用<em>5G通信</em>，4G/5G 模块，通信');
    expect(highlight('4G/5G通信', ['4g通信'])).toBe('4G/5G通信');
    // Chinese phrases: a CJK segment followed by more of the term ends a run, one preceded by more starts one.
    expect(highlight('锂电 池，锂电池，电 池', ['锂电 池'])).toBe('<em>锂电 池</em>，锂电池，电 池');
    expect(highlight('通信4G，通信模块4G', ['通信4g'])).toBe('<em>通信4G</em>，通信模块4G');
    // A prefix applies to the last word of the phrase.
    expect(highlight('neural networks, networks', [{ value: 'neural network', prefix: true }])).toBe(
      '<em>neural networks</em>, networks',
    );
  });

  it('escapes everything and adds only <em>', () => {
    expect(highlight('<script>alert("锂电池")</script> & \'x\'', ['锂电池'])).toBe(
      '&lt;script&gt;alert(&quot;<em>锂电池</em>&quot;)&lt;/script&gt; &amp; &#39;x&#39;',
    );
    expect(highlight('<script>', ['script'])).toBe('&lt;<em>script</em>&gt;');
    expect(highlight('<b>x</b>', [])).toBe('&lt;b&gt;x&lt;/b&gt;');
    expect(escapeHtml('a&b<c>"\'')).toBe('a&amp;b&lt;c&gt;&quot;&#39;');
  });

  it('keeps astral characters whole', () => {
    expect(highlight('𠀀锂电池𠀀', ['锂电'])).toBe('𠀀<em>锂电</em>池𠀀');
    expect(matchRanges('𠀀锂', ['𠀀'])).toEqual([[0, 2]]);
  });

  it('cuts a snippet around the first match', () => {
    const text = '甲'.repeat(100) + '锂电池' + '乙'.repeat(100);
    const s = snippet(text, ['锂电池'], 40);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('<em>锂电池</em>');
    expect(s.replace(/<\/?em>|…/g, '').length).toBe(40);
    expect(snippet('短文本', ['文'], 40)).toBe('短<em>文</em>本');
    expect(snippet('甲'.repeat(100), ['锂'], 10)).toBe('甲'.repeat(10) + '…');
  });

  it('never cuts a snippet inside a word or inside a highlight', () => {
    // Issue 11 item 5: `…the <em>m</em>…` (a cut highlight) and words cut in half at either end.
    const words = 'alpha beta gamma delta epsilon zeta theta iota kappa lambda mu nu xi omicron pi rho sigma tau';
    for (let len = 20; len <= 60; len++) {
      for (const term of ['kappa', 'lambda mu', 'omicron', 'sigma tau', 'alpha']) {
        const s = snippet(words, [term], len);
        const plain = s.replace(/<\/?em>/g, '');
        const body = plain.replace(/^…/, '').replace(/…$/, '');
        // Every cut falls between words, and the highlight is whole.
        expect(words.includes(body), `${term} ${len}: ${s}`).toBe(true);
        const at = words.indexOf(body);
        expect(at === 0 || words[at - 1] === ' ' || body.startsWith(' '), `${term} ${len}: ${s}`).toBe(true);
        const end = at + body.length;
        expect(end === words.length || words[end] === ' ' || body.endsWith(' '), `${term} ${len}: ${s}`).toBe(true);
        expect(s, `${term} ${len}`).toContain(`<em>${term}</em>`);
      }
    }
    // A highlight the end cut would split is kept whole (or left out), never cut.
    const text = '甲'.repeat(30) + '锂电池' + '乙'.repeat(34) + '正极材料' + '丙'.repeat(30);
    for (let len = 20; len <= 50; len++) {
      const s = snippet(text, ['锂电池', '正极材料'], len);
      expect(s).not.toMatch(/<em>(正|正极|正极材)<\/em>|<em>(极|极材|极材料|材|材料|料)<\/em>/);
      expect(s).toContain('<em>锂电池</em>');
    }
  });

  it('cuts a Chinese snippet at a punctuation mark near the window’s edge rather than inside a phrase', () => {
    const text =
      '本发明涉及电池技术领域，具体涉及一种锂离子电池正极材料的制备方法，该方法包括混合、烧结和粉碎三个步骤，工艺简单。';
    const s = snippet(text, ['正极材料'], 30);
    expect(s).toContain('<em>正极材料</em>');
    const body = s
      .replace(/<\/?em>/g, '')
      .replace(/^…/, '')
      .replace(/…$/, '');
    // Starts right after a comma, ends right after one (or at the text's ends).
    expect(text.startsWith(body) || '，、。'.includes(text[text.indexOf(body) - 1])).toBe(true);
    const end = text.indexOf(body) + body.length;
    expect(end === text.length || '，、。'.includes(text[end - 1])).toBe(true);
  });

  it('collects the positive terms of a field from a tree', () => {
    const ast = parseExpression('名称=(锂电池 OR batter*) AND 正极 NOT 钴 AND 摘要=隔膜 AND TI=(a NEAR/3 b)');
    expect(highlightTerms(ast, 'TI')).toEqual([
      { value: '锂电池' },
      { value: 'batter', prefix: true },
      { value: '正极' },
      { value: 'a' },
      { value: 'b' },
    ]);
    expect(highlightTerms(ast, 'AB')).toEqual([{ value: '正极' }, { value: '隔膜' }]);
    expect(highlightTerms(ast, 'PA')).toEqual([]);
  });

  it.skipIf(!hasPatentData())('never lets markup through on real titles and abstracts', () => {
    for (const r of readPatents('cn_full_fields_fixtures.jsonl')) {
      for (const text of [r.title, r.abstract]) {
        if (!text) continue;
        const html = highlight(text, ['模块', '4g', '的']);
        expect(html.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
        expect(
          html
            .replace(/<\/?em>/g, '')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"')
            .replace(/&#39;/g, "'")
            .replace(/&amp;/g, '&'),
        ).toBe(text);
      }
    }
  });
});
