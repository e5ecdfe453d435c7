import { euros, hours, number } from '../klusser/format';
import type { Offerte } from './statusApi';

/** How a line is counted, under its description: '2,5 uur × € 45,00', '3 × € 25,00'; nothing for one fixed price. */
function quantity(regel: Offerte['regels'][number]): string {
  if (regel.eenheid === 'uur') return `${hours(regel.aantal)} × ${euros(regel.prijs_cents)}`;
  return regel.aantal === 1 ? '' : `${number(regel.aantal)} × ${euros(regel.prijs_cents)}`;
}

/** The quote's lines and its sums: subtotal, VAT and the total. */
export function OfferteRegels({ o }: { o: Offerte }) {
  return (
    <>
      <table className="status-offerte-regels">
        <caption className="visually-hidden">De onderdelen van de offerte</caption>
        <thead>
          <tr>
            <th scope="col">Omschrijving</th>
            <th scope="col">Bedrag</th>
          </tr>
        </thead>
        <tbody>
          {o.regels.map((regel, i) => (
            <tr key={i}>
              <td>
                {regel.omschrijving}
                {quantity(regel) !== '' && <span className="status-offerte-aantal">{quantity(regel)}</span>}
              </td>
              <td>{euros(regel.bedrag_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="status-offerte-sommen">
        <div>
          <dt>Subtotaal (excl. btw)</dt>
          <dd>{euros(o.subtotaal_cents)}</dd>
        </div>
        <div>
          <dt>Btw 21%</dt>
          <dd>{euros(o.btw_cents)}</dd>
        </div>
        <div className="status-offerte-totaal">
          <dt>Totaal (incl. btw)</dt>
          <dd>{euros(o.totaal_cents)}</dd>
        </div>
      </dl>
    </>
  );
}
