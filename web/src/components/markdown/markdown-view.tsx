import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import './markdown.css';

export type MarkdownViewProps = {
  /** The Markdown source. Raw HTML in it is never rendered: `skipHtml` drops it as a whole. */
  children: string;
  /** The only image addresses that may show (the record's own attachments); any other image is dropped. */
  imageUrls?: readonly string[];
  /**
   * Images the page fetched itself (attachments behind the API's sign-in): the address or name the
   * Markdown writes → the address to show (a blob: URL). Only these and `imageUrls` show.
   */
  imageSources?: Readonly<Record<string, string>>;
  className?: string;
};

const LINK_SCHEMES = ['https:', 'http:', 'mailto:'];

/** Keeps an absolute https, http or mailto address; anything else (javascript:, data:, relative) becomes ''. */
export function safeLinkUrl(url: string): string {
  const trimmed = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return '';
  }
  return LINK_SCHEMES.includes(parsed.protocol) ? trimmed : '';
}

function isExternal(href: string): boolean {
  if (href.startsWith('mailto:')) return false;
  try {
    return new URL(href).origin !== globalThis.location?.origin;
  } catch {
    return true;
  }
}

function buildComponents(
  imageUrls: readonly string[],
  imageSources: Readonly<Record<string, string>>,
): Components {
  return {
    a({ href, children }): ReactNode {
      // A dropped address arrives empty: keep the words, lose the link.
      if (!href) return <span>{children}</span>;
      return isExternal(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      );
    },
    img({ src, alt }): ReactNode {
      if (typeof src !== 'string') return null;
      const shown = Object.hasOwn(imageSources, src)
        ? imageSources[src]
        : imageUrls.includes(src)
          ? src
          : undefined;
      return shown ? <img src={shown} alt={alt ?? ''} loading="lazy" /> : null;
    },
  };
}

/**
 * Markdown as the reader sees it (notices, the manual). Never raw HTML; links only to https, http and mailto,
 * external ones in a new window without an opener; images only from `imageUrls`.
 */
export default function MarkdownView({
  children,
  imageUrls = [],
  imageSources = {},
  className,
}: MarkdownViewProps) {
  return (
    <div className={className ? `markdown ${className}` : 'markdown'}>
      <ReactMarkdown
        skipHtml
        urlTransform={(url, key) => (key === 'src' ? url : safeLinkUrl(url))}
        components={buildComponents(imageUrls, imageSources)}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
