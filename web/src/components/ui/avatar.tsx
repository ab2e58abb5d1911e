import { useState } from 'react';
import { cn } from '#lib/cn.ts';

function initials(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The account picture, or its initials when there is none (or it fails to load). */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700 dark:bg-brand-500/20 dark:text-brand-200',
        className,
      )}
    >
      {showImage ? (
        <img src={src} alt={`${name}'s avatar`} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span aria-label={`${name}'s initials`} role="img">
          {initials(name)}
        </span>
      )}
    </span>
  );
}
