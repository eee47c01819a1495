import MarkdownIt from 'markdown-it';
import { getLessonImage, LESSON_IMAGE_REF, lessonImageUrl } from '../../db/seed/training-images';

const CALLOUT_LABELS = { NOTE: 'Note', TIP: 'Tip', IMPORTANT: 'Important', WARNING: 'Warning' } as const;
type CalloutKind = keyof typeof CALLOUT_LABELS;

/**
 * The lesson renderer (decision 019): markdown-it with raw HTML disabled — `<script>` or
 * `<img onerror>` in a lesson file comes out as visible text, never as markup — and markdown-it's
 * own link check (no `javascript:` or `data:` URLs). The earlier version rendered HTML from the
 * database unescaped; this one cannot.
 *
 * GitHub-style callouts (`> [!TIP]` as a blockquote's first line) become
 * `<blockquote class="callout callout-tip" role="note"><p><strong>Tip</strong> …`.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

md.core.ruler.push('callouts', (state) => {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i];
    const paragraph = tokens[i + 1];
    const inline = tokens[i + 2];
    if (open?.type !== 'blockquote_open' || paragraph?.type !== 'paragraph_open' || inline?.type !== 'inline') continue;
    const match = /^\[!(NOTE|TIP|IMPORTANT|WARNING)\]/.exec(inline.content);
    const first = inline.children?.[0];
    if (!match || !first || first.type !== 'text') continue;
    const kind = match[1] as CalloutKind;
    open.attrSet('class', `callout callout-${kind.toLowerCase()}`);
    open.attrSet('role', 'note');
    first.content = first.content.slice(match[0].length).trimStart();
    const children = inline.children ?? [];
    if (first.content === '') children.shift();
    if (children[0]?.type === 'softbreak') children.shift();
    const strongOpen = new state.Token('strong_open', 'strong', 1);
    const label = new state.Token('text', '', 0);
    label.content = CALLOUT_LABELS[kind];
    const strongClose = new state.Token('strong_close', 'strong', -1);
    const space = new state.Token('text', '', 0);
    space.content = ' ';
    inline.children = [strongOpen, label, strongClose, space, ...children];
  }
});

// Tables scroll sideways on a 360 px phone instead of widening the page.
md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

// Illustrations (db/seed/training-images.ts): `![Alt](images/name.svg)` becomes an <img> with the file's
// width and height (no layout shift), lazy loading and a versioned same-origin URL. Anything
// else — another path, an external URL, an image the start-up check did not load — renders as
// its alt text, never as a request to somewhere else or a broken picture.
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  if (!token) return '';
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  const name = LESSON_IMAGE_REF.exec(String(token.attrGet('src') ?? ''))?.[1];
  const image = name ? getLessonImage(name) : undefined;
  if (!image) return md.utils.escapeHtml(alt);
  const attrs: [string, string][] = [
    ['src', lessonImageUrl(image)],
    ['alt', alt],
    ['width', String(image.width)],
    ['height', String(image.height)],
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ];
  return `<img ${attrs.map(([k, v]) => `${k}="${md.utils.escapeHtml(v)}"`).join(' ')}>`;
};

export function renderLessonMarkdown(markdown: string): string {
  return md.render(markdown);
}
