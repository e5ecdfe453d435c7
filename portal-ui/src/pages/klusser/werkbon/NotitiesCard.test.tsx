import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AUTOSAVE_MS, NotitiesCard } from './NotitiesCard';

afterEach(() => vi.useRealTimers());

describe('the notes', () => {
  it('save 3 seconds after typing stops', () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    render(<NotitiesCard value="" locked={false} onSave={onSave} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Notities' }), { target: { value: 'Lamp hing scheef' } });
    act(() => vi.advanceTimersByTime(AUTOSAVE_MS - 1));
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledWith('Lamp hing scheef');
  });

  it("save at once when the field is left (a tap on 'Klus Afronden' within the 3 seconds), and once only", () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    render(<NotitiesCard value="" locked={false} onSave={onSave} />);
    const field = screen.getByRole('textbox', { name: 'Notities' });
    fireEvent.change(field, { target: { value: 'Geen bereik in de kelder.' } });
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Geen bereik in de kelder.');
    act(() => vi.advanceTimersByTime(AUTOSAVE_MS * 2));
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
