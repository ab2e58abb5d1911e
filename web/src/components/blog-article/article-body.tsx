import type { BodyBlock } from '@tollgate/contract/content/blog';
import { MediaEmbed } from '#components/media-embed/media-embed.tsx';
import { cn } from '#lib/cn.ts';

/** Typography for a post's HTML (the server's sanitized blocks, or the editor's preview of the same). */
const PROSE = cn(
  'text-base leading-7 text-slate-700 dark:text-slate-300',
  '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900 dark:[&_h4]:text-white',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-brand-300',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-slate-100',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-10 [&_hr]:border-slate-200 dark:[&_hr]:border-slate-800',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
);

/** HTML blocks come sanitized from the server (or escaped by the shared renderer); media blocks load their player on a click. */
export function ArticleBody({ blocks, className }: { blocks: readonly BodyBlock[]; className?: string }) {
  return (
    <div className={cn(PROSE, className)}>
      {blocks.map((block, index) =>
        block.type === 'media' ? (
          <MediaEmbed key={index} url={block.url} className="my-6" />
        ) : (
          // Sanitized by the server, or escaped by the shared renderer in the preview (ADR 030).
          <div key={index} dangerouslySetInnerHTML={{ __html: block.html }} />
        ),
      )}
    </div>
  );
}
