import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CustomerCard, InvoiceCustomer } from './CustomerCard';
import { werkbon } from './testWerkbon';

const LONG = 'heel.lange.naam.van.een.klant.zonder.naam@een-heel-lang-domein-voorbeeld.nl';

describe('the customer on the work order and the invoice', () => {
  it('names the customer and calls the number, saying both', () => {
    const w = werkbon();
    render(<CustomerCard klant={w.klant} klus={w.klus} />);
    expect(screen.getByText('Mevrouw Jansen')).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Bel Mevrouw Jansen 070 111 22 33' });
    expect(call.getAttribute('href')).toBe('tel:0701112233');
    expect(screen.getByText('Herenstraat 1, 2271 AB Voorburg')).toBeTruthy();
  });

  it('without a name: the e-mail address is an address (it wraps), not the name, and the button says Bel klant with the number', () => {
    const w = werkbon({ klant: { naam: LONG, telefoon: '06 1234 5678' } });
    render(<CustomerCard klant={w.klant} klus={w.klus} />);
    const call = screen.getByRole('link', { name: 'Bel klant 06 1234 5678' });
    expect(call.getAttribute('href')).toBe('tel:0612345678');
    expect(call.textContent).not.toContain('@');
    expect(screen.getByText(LONG).className).toBe('werkbon-klant-email');
    expect(document.querySelector('.werkbon-klant-naam')).toBeNull();
  });

  it("without a name nor an e-mail address ('Niet beschikbaar'): no name line, Bel klant", () => {
    const w = werkbon({ klant: { naam: 'Niet beschikbaar', telefoon: '070 111 22 33' } });
    render(<CustomerCard klant={w.klant} klus={w.klus} />);
    expect(screen.queryByText('Niet beschikbaar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Bel klant 070 111 22 33' })).toBeTruthy();
  });

  it('no phone number: no call button; a missing street leaves no stray comma', () => {
    const w = werkbon({ klant: { naam: 'Meneer Pietersen', telefoon: ' ' } });
    render(<CustomerCard klant={w.klant} klus={{ ...w.klus, adres: '', postcode: '' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Voorburg')).toBeTruthy();
  });

  it('on the invoice: the name the server fell back to (the e-mail address) is shown once, as the address', () => {
    render(<InvoiceCustomer klant={{ naam: LONG, email: LONG, adres: 'Herenstraat 1', postcode: '2271 AB', woonplaats: 'Voorburg' }} />);
    expect(screen.getAllByText(LONG)).toHaveLength(1);
    expect(screen.getByText(LONG).className).toBe('werkbon-klant-email');
    expect(document.querySelector('.werkbon-klant-naam')).toBeNull();
  });

  it('on the invoice with a name: the name and the e-mail address', () => {
    render(<InvoiceCustomer klant={{ naam: 'Mevrouw Jansen', email: 'jansen@example.nl', adres: 'Herenstraat 1', postcode: '2271 AB', woonplaats: 'Voorburg' }} />);
    expect(screen.getByText('Mevrouw Jansen').className).toBe('werkbon-klant-naam');
    expect(screen.getByText('jansen@example.nl')).toBeTruthy();
  });
});
