import { describe, expect, it } from 'vitest';
import { escapeHtml, highlight, highlightTerms, matchRanges, snippet } from './highlight';
import { parseExpression } from './expression';
import { hasPatentData, readPatents } from './test-data';
import { referenceNear } from '../modules/search/testing';

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

  it('marks a NEAR’s operands only where they are within its distance of each other (near-distance.md)', () => {
    const near = (l: string, r: string, distance: number) => ({ near: [l, r] as const, distance });
    // English: one unit (processing) between; NEAR/0 marks nothing of the pair, NEAR/1 both.
    expect(highlight('graphics processing unit', [near('graphics', 'unit', 0)])).toBe('graphics processing unit');
    expect(highlight('graphics processing unit', [near('graphics', 'unit', 1)])).toBe(
      '<em>graphics</em> processing <em>unit</em>',
    );
    expect(highlight('Graphics and audio processing unit', [near('graphics', 'unit', 2)])).toBe(
      'Graphics and audio processing unit',
    );
    expect(highlight('Graphics and audio processing unit', [near('unit', 'graphics', 3)])).toBe(
      '<em>Graphics</em> and audio processing <em>unit</em>',
    );
    // Chinese: one unit per character, punctuation counts zero.
    expect(highlight('正极材料的制备方法', [near('正极材料', '制备方法', 0)])).toBe('正极材料的制备方法');
    expect(highlight('正极材料的制备方法', [near('正极材料', '制备方法', 1)])).toBe('<em>正极材料</em>的<em>制备方法</em>');
    expect(highlight('正极材料及其制备方法', [near('正极材料', '制备方法', 1)])).toBe('正极材料及其制备方法');
    expect(highlight('正极材料及其制备方法', [near('制备方法', '正极材料', 2)])).toBe('<em>正极材料</em>及其<em>制备方法</em>');
    expect(highlight('图形，处理单元', [near('图形', '单元', 1)])).toBe('图形，处理单元');
    expect(highlight('图形，处理单元', [near('图形', '单元', 2)])).toBe('<em>图形</em>，处理<em>单元</em>');
    // Mixed: gpu … 处理单元 has 的 图 形 between (3).
    expect(highlight('基于GPU的图形处理单元', [near('gpu', '处理单元', 2)])).toBe('基于GPU的图形处理单元');
    expect(highlight('基于GPU的图形处理单元', [near('gpu', '处理单元', 3)])).toBe('基于<em>GPU</em>的图形<em>处理单元</em>');
    expect(highlight('图形 processing 单元', [near('图形', '单元', 1)])).toBe('<em>图形</em> processing <em>单元</em>');
    // Overlapping occurrences count.
    expect(highlight('卷积神经', [near('卷积', '积神', 1)])).toBe('<em>卷积神</em>经');
  });

  it('leaves an operand occurrence with no partner within the distance unmarked', () => {
    const text = 'A graphics processing unit; unrelated words here about graphics cards and a unit of work elsewhere';
    expect(highlight(text, [{ near: ['graphics', 'unit'], distance: 1 }])).toBe(
      'A <em>graphics</em> processing <em>unit</em>; unrelated words here about graphics cards and a unit of work elsewhere',
    );
    expect(
      highlight('制备方法简单。正极材料的制备方法，其中正极材料为钴酸锂', [{ near: ['正极材料', '制备方法'], distance: 1 }]),
    ).toBe('制备方法简单。<em>正极材料</em>的<em>制备方法</em>，其中正极材料为钴酸锂');
    // No pair at all: nothing marked, and a snippet falls back to the start.
    expect(
      highlight('graphics cards, then ten more words before the processing unit', [{ near: ['graphics', 'unit'], distance: 1 }]),
    ).toBe('graphics cards, then ten more words before the processing unit');
  });

  it('marks NEAR pairs and plain terms of one tree through highlightTerms (NEAR inside OR)', () => {
    const ast = parseExpression('TI=((graphics NEAR/1 unit) OR cards)');
    const terms = highlightTerms(ast, 'TI');
    expect(terms).toEqual([{ near: ['graphics', 'unit'], distance: 1 }, { value: 'cards' }]);
    expect(highlight('graphics cards and a graphics processing unit', terms)).toBe(
      'graphics <em>cards</em> and a <em>graphics</em> processing <em>unit</em>',
    );
    const zh = highlightTerms(parseExpression('名称=((正极材料 NEAR/1 制备方法) OR 钴酸锂)'), 'TI');
    expect(highlight('钴酸锂正极材料及其制备方法，一种正极材料的制备方法', zh)).toBe(
      '<em>钴酸锂</em>正极材料及其制备方法，一种<em>正极材料</em>的<em>制备方法</em>',
    );
    // Under NOT: nothing.
    expect(highlightTerms(parseExpression('TI=x NOT TI=(a NEAR/2 b)'), 'TI')).toEqual([{ value: 'x' }]);
  });

  it('agrees with the reference NEAR (testing.ts referenceNear) on whether a pair is marked', () => {
    const texts = [
      'graphics processing unit',
      'graphics and audio processing unit',
      '正极材料的制备方法',
      '正极材料及其制备方法',
      '基于GPU的图形处理单元',
      '图形 processing 单元',
      '图形，处理单元',
      '锂离子电池',
      '卷积神经',
    ];
    const pairs: [string, string][] = [
      ['graphics', 'unit'],
      ['正极材料', '制备方法'],
      ['gpu', '处理单元'],
      ['基于', '单元'],
      ['图形', '单元'],
      ['锂', '池'],
      ['卷积', '积神'],
    ];
    for (const text of texts) {
      for (const [l, r] of pairs) {
        for (let n = 0; n <= 7; n++) {
          const marked = matchRanges(text, [{ near: [l, r], distance: n }]).length > 0;
          expect(marked, `${text} ${l} NEAR/${n} ${r}`).toBe(referenceNear(text, l, r, n));
        }
      }
    }
  });

  it('collects the positive terms of a field from a tree', () => {
    const ast = parseExpression('名称=(锂电池 OR batter*) AND 正极 NOT 钴 AND 摘要=隔膜 AND TI=(a NEAR/3 b)');
    expect(highlightTerms(ast, 'TI')).toEqual([
      { value: '锂电池' },
      { value: 'batter', prefix: true },
      { value: '正极' },
      { near: ['a', 'b'], distance: 3 },
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
