import { KT } from '../texts';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The customer's own name, or null when the server's naam only stands in for one: the server
 * answers the e-mail address when a job has no name, else 'Niet beschikbaar' (document 001
 * section 2). A work order and an invoice show an address as an address, never as a name, and
 * the call button then says whom it calls by the number ('Bel klant').
 */
export function customerName(naam: string, email = ''): string | null {
  const n = naam.trim();
  if (n === '' || n === KT.customerUnknown || EMAIL.test(n) || (email !== '' && n.toLowerCase() === email.trim().toLowerCase())) return null;
  return n;
}

/** The e-mail address the server put in place of the name (the work order has no field of its own for it). */
export function emailInPlaceOfName(naam: string): string | null {
  const n = naam.trim();
  return EMAIL.test(n) ? n : null;
}

