import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MediaEmbed } from './media-embed.tsx';

describe('MediaEmbed', () => {
  it('shows a local facade and loads the privacy-mode player only when play is pressed', async () => {
    const { container } = render(<MediaEmbed url="https://youtu.be/aqz-KE-bpKQ?t=42" title="Walkthrough" />);
    // Nothing from the provider before the click: no frame, no thumbnail, no script.
    expect(container.querySelector('iframe, img, script')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Play\s*Walkthrough/ }));
    const frame = container.querySelector('iframe')!;
    expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0&start=42');
    expect(frame.title).toBe('Walkthrough');
  });

  it('names audio as a track and frames the SoundCloud widget after the click', async () => {
    const { container } = render(<MediaEmbed url="https://soundcloud.com/artist/track" />);
    await userEvent.click(screen.getByRole('button', { name: /^Play\s*SoundCloud track/ }));
    expect(container.querySelector('iframe')!.src).toMatch(/^https:\/\/w\.soundcloud\.com\/player\/\?url=/);
  });

  it('shows any other link as a plain link that never frames anything', () => {
    const { container } = render(<MediaEmbed url="https://example.com/video.mp4" />);
    expect(screen.getByRole('link', { name: 'https://example.com/video.mp4' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(container.querySelector('iframe, button')).toBeNull();
  });
});
