import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Stars } from './ScreenReaderText';

describe('ScreenReaderText', () => {
  it('is a box of 1 by 1 px, not as wide as the screen (MUI reads width 1 as 100%)', () => {
    render(<Stars shown="★★★★★" spoken="5 van 5 sterren" />);
    const hidden = getComputedStyle(screen.getByText('5 van 5 sterren'));
    expect([hidden.position, hidden.width, hidden.height, hidden.overflow]).toEqual(['absolute', '1px', '1px', 'hidden']);
    expect(screen.getByText('★★★★★').getAttribute('aria-hidden')).toBe('true');
  });
});
