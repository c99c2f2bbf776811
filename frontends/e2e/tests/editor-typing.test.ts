import type { Page } from 'playwright-core';
import { useProductAndBrowser } from '../harness/useProductAndBrowser';
import { signedInPerson, vellumPage, type Person } from '../harness/vellums';

// Issue 14's frontend goal: typing in a 30,000-word vellum with Interaction to Next Paint under 100 ms in
// Chromium. A new verified user creates a realistic 30,000-word vellum through the API (headings, paragraphs
// with bold and italic, lists, a code block, a table), opens it in edit mode and types in the middle and at the
// end (letters, Enter, Backspace) with a short pause between keys, while a PerformanceObserver collects the page's
// 'event' entries. INP is computed the way the web-vitals library does it: the entries grouped by interactionId,
// each interaction's longest, then the worst one (the 98th percentile from 50 interactions on).
//
// INP is a time: a machine shared with other work stretches it (CI once measured 256 ms where an idle machine
// measures 24-32), and in headless Chromium, which composites in software, where the typed line sits in the window
// matters too (with the line at the window's bottom edge, a run of keys waits ~800 ms for its paint, in a 300-word
// vellum as in a 30,000-word one, while each key's handlers take a millisecond). So the 100 ms budget is printed,
// not gated. What is gated is what a regression in the editor would change: the main thread's CPU time per
// interaction, read through the DevTools protocol, which waiting for the CPU does not inflate, against the same
// typing in a 300-word vellum in the same page, each of its runs just before a run in the long one so that both see
// the same machine. The long vellum may cost up to SCALE_MARGIN times the short one (about 2x here: layout of a
// larger document); an editor whose keystrokes cost in proportion to the document (a serialisation or a full
// re-render per key) costs many times more on 30,000 words than on 300.
//
// A pair of runs during which the browser's main thread was kept waiting for the CPU is printed as contended (a run
// whose thread had less than half of the CPU time its tasks lasted) and another pair is made in its place (at most
// MAX_PAIRS in all; if fewer than PAIRS were uncontended, every pair counts).
const { product, browser } = useProductAndBrowser();
let ann: Person;
const vellums = { short: '', long: '' };

const WORDS = { short: 300, long: 30_000 };
const INP_BUDGET_MS = 100;
/** How many times the short vellum's main-thread CPU time per interaction the long one's may be. */
const SCALE_MARGIN = 4;
const PAIRS = 3;
const MAX_PAIRS = 6;
/** The smallest share of its tasks' wall time the main thread must have had on the CPU for a run to count. */
const MIN_CPU_SHARE = 0.5;
const KEY_DELAY_MS = 50;

// ---- the document: deterministic, about as a long report is written ----

interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: DocNode[];
  text?: string;
  marks?: { type: string }[];
}

const VOCABULARY = (
  'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they ' +
  'you were her she there been one all we their has would when if so no more out up into do any your what some ' +
  'prompt model research result method data study analysis evidence theory system process measure value change ' +
  'language question answer context summary draft review source example pattern signal structure network memory ' +
  'experiment sample figure table section chapter argument reader writer notebook library archive history ' +
  'careful quick simple general specific early later common rare strong weak clear open different similar'
).split(' ');

/** A small seeded generator (mulberry32): the same document on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const textNode = (text: string, marks?: string[]): DocNode => ({
  type: 'text',
  text,
  ...(marks && { marks: marks.map((type) => ({ type })) }),
});
const paragraph = (content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** A document of exactly `total` words (as whitespace-separated words of its text). */
function longDocument(total: number): DocNode {
  const next = random(14);
  const ending = 'The end of the report.';
  let left = total - countWords(ending);
  const words = (n: number) => {
    const taken = Math.max(1, Math.min(n, left));
    left -= taken;
    return Array.from({ length: taken }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]).join(' ');
  };
  const sentence = (n: number) => {
    const body = words(n);
    return `${body[0]!.toUpperCase()}${body.slice(1)}.`;
  };
  /** 60 to 120 words, a bold and an italic phrase in some of them. */
  const richParagraph = (): DocNode => {
    const parts: DocNode[] = [textNode(sentence(20 + Math.floor(next() * 30)))];
    if (next() < 0.5 && left > 0) parts.push(textNode(' '), textNode(words(3), ['bold']));
    if (left > 0) parts.push(textNode(` ${sentence(15 + Math.floor(next() * 25))}`));
    if (next() < 0.4 && left > 0) parts.push(textNode(' '), textNode(words(4), ['italic']));
    if (left > 0) parts.push(textNode(` ${sentence(20 + Math.floor(next() * 30))}`));
    return paragraph(parts);
  };
  const list = (type: 'bulletList' | 'orderedList'): DocNode => ({
    type,
    ...(type === 'orderedList' && { attrs: { start: 1 } }),
    content: Array.from({ length: 4 }, () => ({
      type: 'listItem',
      content: [paragraph([textNode(sentence(8 + Math.floor(next() * 8)))])],
    })),
  });
  const codeBlock = (): DocNode => {
    const code = [
      'export function summarise(items: string[]): string {',
      '  const seen = new Set<string>();',
      '  for (const item of items) seen.add(item.trim().toLowerCase());',
      "  return [...seen].sort().join(', ');",
      '}',
    ].join('\n');
    left -= countWords(code);
    return { type: 'codeBlock', attrs: { language: 'typescript' }, content: [textNode(code)] };
  };
  const table = (): DocNode => {
    const cell = (type: string, text: string): DocNode => ({
      type,
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [paragraph([textNode(text)])],
    });
    const row = (type: string, texts: string[]): DocNode => ({
      type: 'tableRow',
      content: texts.map((text) => cell(type, text)),
    });
    return {
      type: 'table',
      content: [
        row('tableHeader', [words(1), words(1), words(1)]),
        ...Array.from({ length: 4 }, () => row('tableCell', [words(2), words(3), words(2)])),
      ],
    };
  };

  const content: DocNode[] = [{ type: 'heading', attrs: { level: 1 }, content: [textNode(sentence(5))] }];
  for (let section = 0; left > 0; section++) {
    content.push({ type: 'heading', attrs: { level: 2 }, content: [textNode(sentence(4))] });
    for (let i = 0; i < 7 && left > 0; i++) {
      content.push(richParagraph());
      if (i === 3 && section % 3 === 1 && left > 0)
        content.push({ type: 'heading', attrs: { level: 3 }, content: [textNode(sentence(3))] });
    }
    if (section === 5) content.push(codeBlock());
    if (section === 30) content.push(table());
    if (section % 4 === 2 && left > 0) content.push(list('bulletList'));
    if (section % 5 === 3 && left > 0) content.push(list('orderedList'));
  }
  // Writing goes on at the end: the last block is a paragraph.
  content.push(paragraph([textNode(ending)]));
  return { type: 'doc', content };
}

function wordsOf(node: DocNode): number {
  return (node.text ? countWords(node.text) : 0) + (node.content ?? []).reduce((n, c) => n + wordsOf(c), 0);
}

// ---- INP in the page ----

interface Interaction {
  id: number;
  name: string;
  duration: number;
  /** Input delay, processing and presentation, in ms (the entry's startTime, processingStart, processingEnd). */
  delay: number;
  processing: number;
  presentation: number;
}

/** Starts collecting the page's event timing entries of 16 ms or more (the smallest threshold allowed). */
async function observeInteractions(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Timing = PerformanceEntry & {
      interactionId: number;
      processingStart: number;
      processingEnd: number;
    };
    const store = window as unknown as { __events: Timing[]; __interactionsBefore: number };
    store.__events = [];
    store.__interactionsBefore =
      (performance as unknown as { interactionCount?: number }).interactionCount ?? 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Timing[]) if (entry.interactionId) store.__events.push(entry);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
}

/** web-vitals' INP of what was observed: the longest entry of each interaction, then the p98 of them. */
async function interactionToNextPaint(page: Page) {
  // Entries are reported after the frame they are painted in: let a few frames and a moment pass.
  await page.waitForTimeout(500);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { events, interactions } = await page.evaluate(() => {
    type Timing = PerformanceEntry & {
      interactionId: number;
      processingStart: number;
      processingEnd: number;
    };
    const store = window as unknown as { __events: Timing[]; __interactionsBefore: number };
    const count = (performance as unknown as { interactionCount?: number }).interactionCount ?? 0;
    return {
      interactions: count - store.__interactionsBefore,
      events: store.__events.map((e) => ({
        id: e.interactionId,
        name: e.name,
        duration: e.duration,
        delay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
        presentation: e.startTime + e.duration - e.processingEnd,
      })),
    };
  });
  const longest = new Map<number, Interaction>();
  for (const event of events as Interaction[]) {
    const known = longest.get(event.id);
    if (!known || event.duration > known.duration) longest.set(event.id, event);
  }
  const worstFirst = [...longest.values()].sort((a, b) => b.duration - a.duration);
  const index = Math.min(worstFirst.length - 1, Math.floor(Math.max(interactions, worstFirst.length) / 50));
  // No interaction reached 16 ms: INP is below the observer's threshold.
  const inp = worstFirst[index]?.duration ?? 0;
  return { inp, interactions, slowest: worstFirst.slice(0, 3) };
}

const describeInteraction = (i: Interaction) =>
  `${i.name} ${i.duration} ms (delay ${i.delay.toFixed(0)}, processing ${i.processing.toFixed(0)}, ` +
  `presentation ${i.presentation.toFixed(0)})`;

/** Opens the vellum in edit mode, types in the middle and at the end, and answers the INP of that typing. */
async function typingRun(page: Page, which: keyof typeof vellums, run: number) {
  const v = vellumPage(page);
  await page.goto(`/vellum/${vellums[which]}`);
  // The first visit loads the editor remote and a large document: on a busy machine that takes a while.
  await v.button('Saved').waitFor({ timeout: 60_000 });
  const blocks = v.body.locator(':scope > p');
  await blocks.last().waitFor();
  const middle = blocks.nth(Math.floor((await blocks.count()) / 2));
  await middle.scrollIntoViewIfNeeded();
  // Let the load's own work (highlighting, the draft check, layout) settle before measuring typing.
  await page.waitForTimeout(1_000);

  // The main thread's CPU time (what the page costs, whatever else the machine runs) and its tasks' wall time.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const times = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    return { cpu: value('ThreadTime'), tasks: value('TaskDuration') };
  };
  await observeInteractions(page);
  const before = await times();
  await middle.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in the middle', { delay: KEY_DELAY_MS });
  await page.keyboard.press('Enter', { delay: KEY_DELAY_MS });
  await page.keyboard.type('next lime', { delay: KEY_DELAY_MS });
  await page.keyboard.press('Backspace', { delay: KEY_DELAY_MS });
  await page.keyboard.press('Backspace', { delay: KEY_DELAY_MS });
  await page.keyboard.type('ne.', { delay: KEY_DELAY_MS });
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' And the end', { delay: KEY_DELAY_MS });
  await page.keyboard.press('Backspace', { delay: KEY_DELAY_MS });
  await page.keyboard.type('d.', { delay: KEY_DELAY_MS });
  const measured = await interactionToNextPaint(page);
  const after = await times();
  await cdp.detach();
  const cpuMs = after.cpu - before.cpu;
  const cpuShare = cpuMs / (after.tasks - before.tasks);

  // What was typed is there, and the edit button says it differs from the loaded vellum.
  await v.body.locator('p', { hasText: 'next line.' }).waitFor();
  await v.body.locator('p', { hasText: 'Typed in the middle' }).waitFor();
  await v.body.locator('p', { hasText: 'The end of the report. And the end.' }).waitFor();
  await v.button('Discard Changes').waitFor();
  // Undone, it is the loaded vellum again: 'Saved'.
  for (let undo = 0; undo < 20 && !(await v.button('Saved').isVisible()); undo++) {
    await page.keyboard.press('Control+z');
    await page.waitForTimeout(100);
  }
  await v.button('Saved').waitFor();

  const contended = !(cpuShare >= MIN_CPU_SHARE);
  console.log(
    `${which} run ${run}: INP ${measured.inp} ms over ${measured.interactions} interactions; main thread: ` +
      `${(cpuMs / measured.interactions).toFixed(1)} ms of CPU per interaction, on the CPU ` +
      `${(cpuShare * 100).toFixed(0)}% of its tasks' time${contended ? ' (contended: not counted)' : ''}; ` +
      `slowest: ${measured.slowest.map(describeInteraction).join('; ') || 'none over 16 ms'}`,
  );
  return { inp: measured.inp, contended, cpuPerInteraction: cpuMs / measured.interactions };
}

type Run = Awaited<ReturnType<typeof typingRun>>;
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('typing in a 30,000-word vellum', () => {
  it('creates the vellum, and a 300-word one to compare it with, through the API', async () => {
    ann = await signedInPerson(browser(), product().url, 'typist');
    for (const which of ['short', 'long'] as const) {
      const doc = longDocument(WORDS[which]);
      expect(wordsOf(doc)).toBe(WORDS[which]);
      const title = `${WORDS[which].toLocaleString('en-US')} words`;
      const response = await ann.page.request.post('/api/vellum-new', {
        data: { title, text: JSON.stringify(doc) },
      });
      expect(response.status()).toBe(201);
      vellums[which] = ((await response.json()) as { savedVellum: { i: string } }).savedVellum.i;
    }
  });

  it('costs the main thread about as much per key as typing in a 300-word vellum (INP printed)', async () => {
    const { page } = ann;
    const pairs: { short: Run; long: Run }[] = [];
    const uncontended = () => pairs.filter((p) => !p.short.contended && !p.long.contended);
    for (let run = 1; run <= MAX_PAIRS && uncontended().length < PAIRS; run++) {
      const short = await typingRun(page, 'short', run);
      pairs.push({ short, long: await typingRun(page, 'long', run) });
    }
    const counted = uncontended().length >= PAIRS ? uncontended() : pairs;
    const median = {
      short: medianOf(counted.map((p) => p.short.inp)),
      long: medianOf(counted.map((p) => p.long.inp)),
    };
    const cpu = {
      short: medianOf(counted.map((p) => p.short.cpuPerInteraction)),
      long: medianOf(counted.map((p) => p.long.cpuPerInteraction)),
    };
    console.log(
      `typing in a ${WORDS.long.toLocaleString('en-US')}-word vellum: INP median of ${counted.length} runs ` +
        `${median.long} ms, worst ${Math.max(...counted.map((p) => p.long.inp))} ms (budget ${INP_BUDGET_MS} ms, ` +
        `${median.long < INP_BUDGET_MS ? 'met' : 'missed'}); main thread CPU per interaction ${cpu.long.toFixed(1)} ms ` +
        `against ${cpu.short.toFixed(1)} ms in a ${WORDS.short}-word vellum (ratio ${(cpu.long / cpu.short).toFixed(2)}, ` +
        `gated < ${SCALE_MARGIN}); INP short/long per pair: ` +
        pairs
          .map(
            (p) =>
              `${p.short.inp}/${p.long.inp}${p.short.contended || p.long.contended ? ' (contended)' : ''}`,
          )
          .join(', '),
    );
    expect(cpu.long).toBeLessThan(SCALE_MARGIN * cpu.short);
    expect(ann.pageErrors).toEqual([]);
  }, 600_000);
});
