import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LinkedText, splitLinks } from './linked-text.tsx';

describe('LinkedText', () => {
  it('renders markup as text: no script, no image, no handler reaches the page', () => {
    const text = '<script>window.hacked = 1</script> and <img src=x onerror="window.hacked = 2"> <b>bold</b>';
    const { container } = render(<LinkedText text={text} />);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container).toHaveTextContent(text);
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('links http and https addresses in a new tab without opener, referrer or endorsement', () => {
    render(<LinkedText text={'See https://example.com/a?b=1 or http://status.example.org.'} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://status.example.org/',
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    // The full stop ends the sentence, not the address.
    expect(links[1]).toHaveTextContent(/^http:\/\/status\.example\.org$/);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example.com/x',
    '//evil.example.com/path',
    'www.example.com',
    'JaVaScRiPt:alert(document.cookie)',
  ])('leaves %s as plain text', (text) => {
    const { container } = render(<LinkedText text={`go ${text} now`} />);
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent(`go ${text} now`);
  });

  it('does not let an address carry markup or a javascript: link inside it', () => {
    const { container } = render(<LinkedText text={'https://x.test/"><img src=x onerror=alert(1)>'} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('https://x.test/');
    expect(container.querySelector('img')).toBeNull();
  });

  it('keeps line breaks and a bracket the address opened', () => {
    expect(splitLinks('a\nhttps://en.wikipedia.org/wiki/Proxy_(networking)).')).toEqual([
      { text: 'a\n' },
      {
        text: 'https://en.wikipedia.org/wiki/Proxy_(networking)',
        href: 'https://en.wikipedia.org/wiki/Proxy_(networking)',
      },
      { text: ').' },
    ]);
  });
});
