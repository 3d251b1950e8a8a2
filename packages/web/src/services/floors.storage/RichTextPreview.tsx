import type { ReactNode } from 'react';
import { parseRichText, type RichInline } from '@dp/contracts';

/** One run of text: bold, italic, a link (opened in a new tab when it leaves the admin). */
function Inline({ part }: { part: RichInline }) {
  let node: ReactNode = part.text.split('\n').flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
  if (part.bold) node = <strong>{node}</strong>;
  if (part.italic) node = <em>{node}</em>;
  if (part.href) node = <a href={part.href} target="_blank" rel="noopener noreferrer nofollow">{node}</a>;
  return <>{node}</>;
}

const runs = (parts: RichInline[]) => parts.map((part, index) => <Inline key={index} part={part} />);

/**
 * What the public site will show for a rich text (contracts rich-text.ts): React elements built
 * from the parsed blocks, never HTML from the text, so nothing typed can run in the admin. With
 * `images` (platform news) an image line is an image.
 */
export function RichTextPreview({ source, images = false }: { source: string; images?: boolean }) {
  return (
    <div className="rich-text">
      {parseRichText(source, { images }).map((block, index) => {
        switch (block.type) {
          case 'heading': {
            const Tag = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
            return <Tag key={index}>{runs(block.children)}</Tag>;
          }
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return <List key={index}>{block.items.map((item, at) => <li key={at}>{runs(item)}</li>)}</List>;
          }
          case 'quote':
            return <blockquote key={index}>{runs(block.children)}</blockquote>;
          case 'image':
            return <img key={index} className="rich-text__image" src={block.src} alt={block.alt} loading="lazy" />;
          default:
            return <p key={index}>{runs(block.children)}</p>;
        }
      })}
    </div>
  );
}
