import { useState } from 'react';
import { ExternalLink, Music, Play } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { parseMediaUrl, PROVIDER_NAMES, type MediaProvider } from './parse-media-url.ts';

const FACES: Record<MediaProvider, string> = {
  youtube: 'from-red-600 via-rose-700 to-slate-900',
  vimeo: 'from-sky-500 via-cyan-700 to-slate-900',
  soundcloud: 'from-orange-500 via-orange-600 to-slate-900',
};

/**
 * A video or audio player from a pasted link (YouTube, Vimeo, SoundCloud), behind a facade: until
 * the reader presses play nothing is requested from the provider (no thumbnail, no script, no
 * cookie); the facade is drawn here. The click swaps in the provider's privacy-mode player
 * (youtube-nocookie.com, Vimeo with dnt=1). Any other link is shown as a plain link.
 */
export function MediaEmbed({ url, title, className }: { url: string; title?: string; className?: string }) {
  const [playing, setPlaying] = useState(false);
  const source = parseMediaUrl(url);
  if (!source) {
    return (
      <a
        href={url}
        rel="noopener noreferrer nofollow"
        target="_blank"
        className="break-all text-brand-700 underline dark:text-brand-300"
      >
        {title ?? url}
      </a>
    );
  }
  const provider = PROVIDER_NAMES[source.provider];
  const name = title ?? `${provider} ${source.kind === 'audio' ? 'track' : 'video'}`;
  const audio = source.kind === 'audio';
  const frameClass = audio ? 'h-[166px] w-full' : 'aspect-video w-full';

  return (
    <figure
      className={cn('not-prose overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800', className)}
      data-testid="media-embed"
    >
      {playing ? (
        <iframe
          src={source.embedUrl}
          title={name}
          className={cn('block border-0 bg-black', frameClass)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className={cn(
            'group relative flex items-center justify-center bg-gradient-to-br text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-400 focus-visible:ring-inset',
            FACES[source.provider],
            frameClass,
          )}
        >
          {/* The button is named by what it shows (WCAG 2.5.3), with "Play" for screen readers. */}
          <span className="absolute top-3 left-4 right-4 truncate text-left text-sm font-medium text-white/90">
            <span className="sr-only">Play </span>
            {name}
          </span>
          <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-lg transition-transform group-hover:scale-105">
            {audio ? (
              <Music className="size-7" aria-hidden="true" />
            ) : (
              <Play className="size-7 translate-x-0.5 fill-current" aria-hidden="true" />
            )}
          </span>
          <span className="absolute bottom-3 left-4 right-4 text-left text-xs text-white/80">
            {provider} · loads the player from {new URL(source.embedUrl).host} when you press play
          </span>
        </button>
      )}
      <figcaption className="flex items-center justify-between gap-3 bg-white px-4 py-2 text-xs text-slate-500 dark:bg-slate-900 dark:text-slate-400">
        <span className="truncate">{name}</span>
        <a
          href={source.url}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex shrink-0 items-center gap-1 font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          Open on {provider}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      </figcaption>
    </figure>
  );
}
