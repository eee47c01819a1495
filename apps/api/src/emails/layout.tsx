import { Body, Container, Head, Html, Link, Section, Text } from '@react-email/components';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import { Fragment, type CSSProperties, type ReactNode } from 'react';

/**
 * The one frame of every e-mail the app sends (issue 14), as react-email components (decision
 * 039): a single column at most 560 px wide that shrinks to the phone's width, 16 px text, long
 * links broken anywhere so nothing widens the message, and the app's own blue button. Mail apps
 * ignore stylesheets and most layout CSS, so react-email writes tables with inline styles — the
 * form every client renders alike. React escapes every text and attribute: a name or a note is
 * never markup.
 */

/** The app's brand colours (apps/web/src/styles.css `--color-brand`, `--color-brand-strong`). */
export const EMAIL_BRAND = '#1d4ed8';
const INK = '#0f172a';
export const MUTED = '#475569';
const LINE = '#e2e8f0';
const CANVAS = '#f8fafc';
const FONT = 'Arial, Helvetica, sans-serif';

/**
 * The plain-text body is the same template read by react-email's `toPlainText` (render.ts):
 * whatever carries this attribute is shown in the HTML only — the brand bar above the message, and
 * "if the button does not work" (the text body shows the link itself).
 */
export const HTML_ONLY = { 'data-skip-in-text': 'true' } as const;

export function EmailFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </Head>
      <Body style={{ margin: 0, padding: '16px 8px', background: CANVAS, WebkitTextSizeAdjust: '100%' }}>
        <Container
          style={{
            width: '100%',
            maxWidth: '560px',
            background: '#ffffff',
            border: `1px solid ${LINE}`,
            borderRadius: '12px',
          }}
        >
          <Section
            {...HTML_ONLY}
            style={{
              padding: '16px 20px',
              borderBottom: `1px solid ${LINE}`,
              fontFamily: FONT,
              fontSize: '20px',
              fontWeight: 'bold',
              color: EMAIL_BRAND,
            }}
          >
            {PRODUCT_NAME}
          </Section>
          <Section
            style={{
              padding: '20px',
              fontFamily: FONT,
              fontSize: '16px',
              lineHeight: 1.5,
              color: INK,
              overflowWrap: 'anywhere',
              wordBreak: 'break-word',
            }}
          >
            {children}
          </Section>
          <Section
            style={{
              padding: '12px 20px',
              borderTop: `1px solid ${LINE}`,
              fontFamily: FONT,
              fontSize: '14px',
              color: MUTED,
            }}
          >
            {`${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of text (React escapes it). */
export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: 1.5, ...style }}>{children}</Text>;
}

/** The call-to-action: a blue button (at least 44 px tall) around the link. */
export function ActionButton({ label, url }: { label: string; url: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Link
        href={url}
        style={{
          display: 'inline-block',
          padding: '12px 20px',
          fontSize: '16px',
          fontWeight: 'bold',
          lineHeight: '20px',
          color: '#ffffff',
          textDecoration: 'none',
          borderRadius: '8px',
          background: EMAIL_BRAND,
        }}
      >
        {label}
      </Link>
    </Section>
  );
}

/**
 * The copy-this-link fallback under the button, in the HTML only: the link as text (not a second
 * link), broken anywhere so it never widens the mail.
 */
export function LinkFallback({ intro, url }: { intro: string; url: string }) {
  return (
    <Text {...HTML_ONLY} style={{ margin: '0 0 16px', fontSize: '14px' }}>
      {intro}
      <br />
      <span style={{ wordBreak: 'break-all', overflowWrap: 'anywhere', color: EMAIL_BRAND }}>{url}</span>
    </Text>
  );
}

/**
 * Text someone typed, its line breaks kept in both bodies (a `<br>` per line: the plain text
 * keeps them too, where `white-space: pre-line` would be lost).
 */
export function Lines({ text }: { text: string }) {
  return text.split(/\r?\n/).map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}
