import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TimerCard } from './TimerCard';
import { Completed } from './Werkbon';
import { merge } from './view';
import { werkbon } from './testWerkbon';

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
const VAST = { offerte: 'O2026-0001', versie: 2, excl_cents: 22130, incl_cents: 26777 };

describe('the price on the work order (D26, D33)', () => {
  it('a job billed by the hour: the labour so far at its rate', () => {
    const { container } = render(<TimerCard startTijd={null} werkbon={werkbon()} onStart={() => {}} />);
    expect(text(container.querySelector('.timer-cost')!)).toBe('Arbeid: € 0,00 (€ 65,00 per uur)');
  });

  it('a fixed-price job while the timer runs: the fixed price and the klusser\'s hourly earnings, no hourly labour (issue 39)', () => {
    const start = new Date(Date.now() - 30 * 60 * 1000).toISOString();
    const { container } = render(<TimerCard startTijd={start} werkbon={werkbon({ vaste_prijs: VAST })} onStart={() => {}} />);
    expect(text(container.querySelector('.timer-cost')!)).toBe('Vaste prijs: € 267,77 (incl. btw)');
    expect(text(container)).toContain('De timer telt je gewerkte uren; je verdient € 35 per gewerkt uur.');
    expect(text(container)).not.toContain('Arbeid');
    expect(text(container)).not.toContain('€ 65,00');
  });

  it("a completed fixed-price job: hours worked and the fixed price, not '1 uur gefactureerd · Arbeid € 65,00' (issue 39)", () => {
    const done = werkbon({ status: 'completed', uren: 1, start_tijd: '2026-11-23T09:00:00Z', eind_tijd: '2026-11-23T09:40:00Z', vaste_prijs: VAST });
    const { container } = render(
      <MemoryRouter>
        <Completed view={merge(done, [], () => '')} />
      </MemoryRouter>,
    );
    expect(text(container)).toContain('1 uur gewerkt · Vaste prijs € 267,77 (incl. btw)');
    expect(text(container)).not.toContain('gefactureerd');
    expect(text(container)).not.toContain('Arbeid');
  });

  it('a completed job billed by the hour keeps its billed hours and labour', () => {
    const done = werkbon({ status: 'completed', uren: 1, start_tijd: '2026-11-23T09:00:00Z', eind_tijd: '2026-11-23T09:40:00Z' });
    const { container } = render(
      <MemoryRouter>
        <Completed view={merge(done, [], () => '')} />
      </MemoryRouter>,
    );
    expect(text(container)).toContain('1 uur gefactureerd · Arbeid € 65,00');
  });
});
